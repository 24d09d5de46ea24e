import fc from 'fast-check'

/**
 * Generators for the differential test of the SPEC §9.1 keywords: schemas inside the subset
 * that use them (often several in one schema), and values near each schema: at and around every
 * bound, strings of astral characters (one code point, two UTF-16 units), arrays at their counts.
 */

export type Node = Record<string, unknown>

/** The keyword families whose agreement with Ajv is counted separately. */
export const families = [
  'number bounds',
  'string lengths',
  'pattern',
  'item counts',
  'nullable',
  'numeric enum',
  'anyOf',
] as const
export type Family = (typeof families)[number]

/** Not `__proto__`: Ajv 8.20 skips a `properties` entry of that name (see differential.test.ts). */
const keyPool = ['a', 'b', 'id', 'odd key', 'toString', '1']
const boundPool = [-2, -0.5, 0, 1, 1.5, 3, 2 ** 53, 1e21]
export const numberValues = [...boundPool, -0, -3, 0.5, 2, 2.5, 1e-7, 2 ** 53 + 2, 1e22, -1e21]
/** Astral characters are one code point each, and two UTF-16 units. */
export const stringValues = [
  '',
  'a',
  'ab',
  'abc',
  'é',
  '😀',
  'a😀',
  '😀😀',
  '😀😀😀',
  'ab😀d',
  '\ud83d',
  'x\ud83d',
  'Open',
  '12',
  'a1',
  'closed',
]
const patternPool = [
  '^a',
  'b$',
  '^[a-z]*$',
  '\\d',
  '^.{2}$',
  '^.$',
  '\\p{L}',
  '😀',
  '^(?:open|closed)$',
  '',
  '[^a-z]',
]
const countPool = [0, 1, 2, 3, 5]
const scalarTypes = ['string', 'number', 'integer', 'boolean', 'null'] as const
export type ScalarType = (typeof scalarTypes)[number]

export function poolOf(type: ScalarType): readonly (string | number | boolean | null)[] {
  switch (type) {
    case 'string':
      return stringValues
    case 'number':
      return numberValues
    case 'integer':
      return numberValues.filter((value) => Number.isInteger(value))
    case 'boolean':
      return [true, false]
    case 'null':
      return [null]
  }
}

/** Drops the upper bounds that would leave no number (the subset refuses such a schema). */
function consistentBounds(bounds: Node): Node {
  const low = Math.max(
    (bounds.minimum as number | undefined) ?? -Infinity,
    (bounds.exclusiveMinimum as number | undefined) ?? -Infinity,
  )
  const result: Node = { ...bounds }
  for (const high of ['maximum', 'exclusiveMaximum'] as const) {
    const value = result[high] as number | undefined
    if (value === undefined) continue
    const exclusive = high === 'exclusiveMaximum' || bounds.exclusiveMinimum === low
    if (value < low || (value === low && exclusive)) Reflect.deleteProperty(result, high)
  }
  return result
}

const numberKeywords: fc.Arbitrary<Node> = fc
  .record(
    {
      minimum: fc.constantFrom(...boundPool),
      maximum: fc.constantFrom(...boundPool),
      exclusiveMinimum: fc.constantFrom(...boundPool),
      exclusiveMaximum: fc.constantFrom(...boundPool),
    },
    { requiredKeys: [] },
  )
  .map(consistentBounds)

const stringKeywords: fc.Arbitrary<Node> = fc
  .record(
    {
      minLength: fc.constantFrom(...countPool),
      maxLength: fc.constantFrom(...countPool),
      pattern: fc.constantFrom(...patternPool),
    },
    { requiredKeys: [] },
  )
  .map((keywords) => {
    const { minLength, maxLength } = keywords as { minLength?: number; maxLength?: number }
    if (minLength !== undefined && maxLength !== undefined && minLength > maxLength) {
      return { ...keywords, maxLength: minLength }
    }
    return keywords
  })

function scalarNode(): fc.Arbitrary<Node> {
  return fc.tuple(fc.constantFrom(...scalarTypes), fc.boolean()).chain(([type, nullable]) => {
    const canBeNull = nullable && type !== 'null'
    const pool = [...poolOf(type), ...(canBeNull ? [null] : [])]
    const keywords =
      type === 'number' || type === 'integer'
        ? numberKeywords
        : type === 'string'
          ? stringKeywords
          : fc.constant<Node>({})
    return fc
      .record(
        { keywords, enum: fc.subarray(pool, { minLength: 1 }), const: fc.constantFrom(...pool) },
        { requiredKeys: ['keywords'] },
      )
      .map(({ keywords: extra, ...rest }) => ({
        type: canBeNull ? [type, 'null'] : type,
        ...extra,
        ...rest,
      }))
  })
}

function arrayNode(depth: number): fc.Arbitrary<Node> {
  return fc
    .record(
      {
        items: schemaNode(depth - 1),
        minItems: fc.constantFrom(...countPool.slice(0, 3)),
        maxItems: fc.constantFrom(...countPool.slice(1, 4)),
        nullable: fc.boolean(),
      },
      { requiredKeys: ['nullable'] },
    )
    .map(({ nullable, ...keywords }) => {
      const node: Node = { type: nullable ? ['array', 'null'] : 'array', ...keywords }
      if ((node.minItems as number) > (node.maxItems as number)) delete node.maxItems
      return node
    })
}

/** An object node; `nullable` lets it be `['object', 'null']` (never at the root). */
export function objectNode(depth: number, nullable = false): fc.Arbitrary<Node> {
  const child = depth === 0 ? scalarNode() : schemaNode(depth - 1)
  return fc
    .uniqueArray(fc.constantFrom(...keyPool), { minLength: 1, maxLength: 3 })
    .chain((keys) =>
      fc.record({
        keys: fc.constant(keys),
        properties: fc.tuple(...keys.map(() => child)),
        required: fc.subarray(keys),
        additionalProperties: fc.constantFrom(undefined, false),
        isNullable: nullable ? fc.boolean() : fc.constant(false),
      }),
    )
    .map(({ keys, properties, required, additionalProperties, isNullable }) => {
      const node: Node = {
        type: isNullable ? ['object', 'null'] : 'object',
        properties: Object.fromEntries(keys.map((key, index) => [key, properties[index]])),
      }
      if (required.length > 0) node.required = required
      if (additionalProperties !== undefined) node.additionalProperties = additionalProperties
      return node
    })
}

function anyOfNode(depth: number): fc.Arbitrary<Node> {
  return fc
    .array(depth === 0 ? scalarNode() : schemaNode(depth - 1), { minLength: 1, maxLength: 3 })
    .map((alternatives) => ({ anyOf: alternatives, description: 'one of these' }))
}

export function schemaNode(depth: number): fc.Arbitrary<Node> {
  if (depth === 0) return scalarNode()
  return fc.oneof(
    { weight: 4, arbitrary: scalarNode() },
    { weight: 2, arbitrary: arrayNode(depth) },
    { weight: 1, arbitrary: objectNode(depth - 1, true) },
    { weight: 2, arbitrary: anyOfNode(depth - 1) },
  )
}

/** The families a schema uses, for counting pairs per family. */
export function familiesOf(node: unknown, found = new Set<Family>()): Set<Family> {
  if (typeof node !== 'object' || node === null) return found
  const keywords = node as Node
  for (const keyword of ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum']) {
    if (keyword in keywords) found.add('number bounds')
  }
  if ('minLength' in keywords || 'maxLength' in keywords) found.add('string lengths')
  if ('pattern' in keywords) found.add('pattern')
  if ('minItems' in keywords || 'maxItems' in keywords) found.add('item counts')
  if (Array.isArray(keywords.type)) found.add('nullable')
  if (Array.isArray(keywords.enum) && keywords.enum.some((member) => typeof member === 'number')) {
    found.add('numeric enum')
  }
  if ('anyOf' in keywords) found.add('anyOf')
  for (const child of Object.values(keywords)) {
    if (Array.isArray(child)) for (const item of child) familiesOf(item, found)
    else familiesOf(child, found)
  }
  return found
}
