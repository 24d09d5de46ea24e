import fc from 'fast-check'
import type { SchemaProp, SchemaSpec } from '../schema-spec.js'

/**
 * Generators for the differential tests (`checkArgs` against Ajv, and each provider dialect
 * against Ajv): specs that use every keyword of the DSL, often several in one spec and nested,
 * and values near each spec: valid ones, at and around every bound, and near-misses with one
 * place removed or replaced.
 */

/** A mutable prop, to build specs step by step. */
export type Prop = Record<string, unknown>

/** The keyword families whose agreement with Ajv is counted separately (SPEC §9.2). */
export const families = [
  'integer',
  'nullable',
  'number bounds',
  'string lengths',
  'pattern',
  'item counts',
  'numeric enum',
  'anyOf',
] as const
export type Family = (typeof families)[number]

const keys = ['path', 'mode', 'a', 'b', 'edits', 'constructor', 'toString', 'odd key', '0', 'é']
const keyArbitrary = fc.constantFrom(...keys)
export const wordArbitrary = fc.string({ maxLength: 4 })
const boundPool = [-2, -0.5, 0, 1, 1.5, 3, 10]
const numberPool = [...boundPool, -3, 0.5, 2, 2.5, 4, 11, 1e21, -1e-7]
/** Astral characters are one code point each, and two UTF-16 units. */
const stringPool = ['', 'a', 'ab', 'abc', 'é', '😀', 'a😀', '😀😀😀', 'ab1d', '12', 'closed', 'A']
const patternPool = ['^a', 'b$', '^[a-z]*$', '\\d', '^.{2}$', '\\p{L}', '😀', '^(?:open|closed)$']
const countPool = [0, 1, 2, 3]

const annotations = fc.record({
  required: fc.boolean(),
  described: fc.boolean(),
  defaulted: fc.boolean(),
  nullable: fc.boolean(),
})

/** Two bounds of the pool in order, each kept or left out, each exclusive or not. */
const boundsArbitrary = fc
  .tuple(
    fc.constantFrom(...boundPool),
    fc.constantFrom(...boundPool),
    fc.constantFrom('none', 'inclusive', 'exclusive'),
    fc.constantFrom('none', 'inclusive', 'exclusive'),
  )
  .map(([first, second, lowKind, highKind]) => {
    const low = Math.min(first, second)
    const high = Math.max(first, second)
    const bounds: Prop = {}
    if (lowKind !== 'none') bounds[lowKind === 'inclusive' ? 'minimum' : 'exclusiveMinimum'] = low
    if (highKind !== 'none') {
      // Equal bounds are refused when either is exclusive: keep the spec valid.
      const exclusive = highKind === 'exclusive' || lowKind === 'exclusive'
      if (!(exclusive && low === high && lowKind !== 'none')) {
        bounds[highKind === 'inclusive' ? 'maximum' : 'exclusiveMaximum'] = high
      }
    }
    return bounds
  })

function countsArbitrary(minKey: string, maxKey: string): fc.Arbitrary<Prop> {
  return fc
    .tuple(fc.option(fc.constantFrom(...countPool)), fc.option(fc.constantFrom(...countPool)))
    .map(([first, second]) => {
      const counts: Prop = {}
      if (first !== null && second !== null) {
        counts[minKey] = Math.min(first, second)
        counts[maxKey] = Math.max(first, second)
      } else if (first !== null) {
        counts[minKey] = first
      } else if (second !== null) {
        counts[maxKey] = second
      }
      return counts
    })
}

/** A scalar prop of `family` (or of any scalar kind). */
function scalarArbitrary(family: Family | undefined): fc.Arbitrary<Prop> {
  const byFamily: Record<string, fc.Arbitrary<Prop>> = {
    integer: fc.record({ type: fc.constant('integer') }),
    'number bounds': fc
      .tuple(fc.constantFrom('number', 'integer'), boundsArbitrary)
      .map(([type, bounds]) => ({ type, ...bounds })),
    'string lengths': countsArbitrary('minLength', 'maxLength').map((counts) => ({
      type: 'string',
      ...counts,
    })),
    pattern: fc
      .tuple(fc.constantFrom(...patternPool), fc.option(countsArbitrary('minLength', 'maxLength')))
      .map(([pattern, counts]) => ({ type: 'string', pattern, ...counts })),
    'numeric enum': fc
      .tuple(
        fc.constantFrom('number', 'integer'),
        fc.uniqueArray(fc.constantFrom(...numberPool), { minLength: 1, maxLength: 4 }),
      )
      .map(([type, values]) => ({
        type,
        enum: type === 'integer' ? withAtLeastOne(values.filter(Number.isInteger)) : values,
      })),
  }
  const chosen = family === undefined ? undefined : byFamily[family]
  if (chosen !== undefined) return chosen
  return fc.oneof(
    fc.record({ type: fc.constant('string') }),
    fc.record({
      type: fc.constant('string'),
      enum: fc.uniqueArray(wordArbitrary, { minLength: 1, maxLength: 4 }),
    }),
    fc.record({ type: fc.constant('number') }),
    fc.record({ type: fc.constant('boolean') }),
    fc.record({ type: fc.constant('object') }),
    fc.record({ type: fc.constant('array') }),
    ...Object.values(byFamily),
  )
}

function withAtLeastOne(values: number[]): number[] {
  return values.length > 0 ? values : [1]
}

/** Props of every kind, nesting to depth 4, `family` forced at the top when given. */
export function propArbitrary(family?: Family): fc.Arbitrary<Prop> {
  const { prop } = fc.letrec<{ prop: Prop; spec: Record<string, Prop> }>((tie) => ({
    prop: fc
      .tuple(
        fc.oneof(
          { depthSize: 'small', maxDepth: 4, withCrossShrink: true },
          scalarArbitrary(undefined),
          fc.record({ type: fc.constant('object'), properties: tie('spec') }),
          fc
            .tuple(tie('prop'), countsArbitrary('minItems', 'maxItems'))
            .map(([items, counts]) => ({ type: 'array', items, ...counts })),
          fc
            .array(tie('prop'), { minLength: 1, maxLength: 3 })
            .map((anyOf) => ({ anyOf: anyOf.map(withoutRequired) })),
        ),
        annotations,
      )
      .map(([prop, flags]) => withAnnotations(prop, flags)),
    spec: fc.dictionary(keyArbitrary, tie('prop'), { maxKeys: 4 }),
  }))
  if (family === undefined) return prop
  const forced: Record<string, fc.Arbitrary<Prop>> = {
    nullable: fc
      .tuple(prop, annotations)
      .map(([inner, flags]) =>
        inner.anyOf === undefined
          ? withAnnotations({ ...inner, nullable: true }, { ...flags, nullable: true })
          : { type: 'string', nullable: true },
      ),
    'item counts': fc
      .tuple(fc.option(prop), countsArbitrary('minItems', 'maxItems'), annotations)
      .map(([items, counts, flags]) =>
        withAnnotations(
          {
            type: 'array',
            ...(items === null ? {} : { items: withoutRequired(items) }),
            ...counts,
            ...(Object.keys(counts).length === 0 ? { minItems: 1 } : {}),
          },
          flags,
        ),
      ),
    anyOf: fc
      .tuple(fc.array(fc.oneof(prop, scalarArbitrary(undefined)), { minLength: 1, maxLength: 3 }))
      .map(([members]) => ({ anyOf: members.map(withoutRequired) })),
  }
  return (
    forced[family] ??
    fc
      .tuple(scalarArbitrary(family), annotations)
      .map(([scalar, flags]) => withAnnotations(scalar, flags))
  )
}

function withoutRequired(prop: Prop): Prop {
  const copy = { ...prop }
  delete copy.required
  return copy
}

/** A prop with its annotations; the default, when one can be worked out, matches the prop. */
function withAnnotations(
  prop: Prop,
  flags: { required: boolean; described: boolean; defaulted: boolean; nullable: boolean },
): Prop {
  const annotated: Prop = { ...prop }
  if (flags.required) annotated.required = true
  if (flags.described) annotated.description = 'described'
  if (prop.anyOf !== undefined) return annotated
  if (flags.nullable && prop.nullable === undefined && Object.keys(prop).length > 1) {
    annotated.nullable = true
  }
  if (flags.defaulted) {
    const fallback = annotated.nullable === true ? null : undefined
    const value = smallestValue(annotated) ?? fallback
    if (value !== undefined) annotated.default = value
  }
  return annotated
}

/** The smallest value of the pools that matches a typed prop, or `undefined`. */
function smallestValue(prop: Prop): unknown {
  switch (prop.type) {
    case 'string':
    case 'number':
    case 'integer':
    case 'boolean':
      return scalarCandidates(prop).find((value) => scalarMatches(prop, value))
    case 'array': {
      const min = (prop.minItems as number | undefined) ?? 0
      if (min === 0) return []
      const item = prop.items === undefined ? 0 : smallestValue(prop.items as Prop)
      return item === undefined ? undefined : Array<unknown>(min).fill(item)
    }
    case 'object': {
      const value: Record<string, unknown> = {}
      for (const [key, member] of Object.entries((prop.properties ?? {}) as Record<string, Prop>)) {
        if (member.required !== true) continue
        const memberValue = member.anyOf === undefined ? smallestValue(member) : undefined
        if (memberValue === undefined) return undefined
        value[key] = memberValue
      }
      return value
    }
    default:
      return undefined
  }
}

function scalarCandidates(prop: Prop): unknown[] {
  const members = (prop.enum as unknown[] | undefined) ?? []
  switch (prop.type) {
    case 'string':
      return [...members, ...stringPool]
    case 'boolean':
      return [false, true]
    default:
      return [...members, ...numberPool]
  }
}

/** Whether a scalar matches a typed prop, by JSON Schema's rules (written apart from the engine). */
export function scalarMatches(prop: Prop, value: unknown): boolean {
  if (value === null) {
    const members = prop.enum as unknown[] | undefined
    return prop.nullable === true && (members === undefined || members.includes(null))
  }
  const members = prop.enum as unknown[] | undefined
  if (members !== undefined && !members.includes(value)) return false
  switch (prop.type) {
    case 'string': {
      if (typeof value !== 'string') return false
      // JSON Schema counts code points, which is what Array.from counts.
      const length = Array.from(value).length
      if (typeof prop.minLength === 'number' && length < prop.minLength) return false
      if (typeof prop.maxLength === 'number' && length > prop.maxLength) return false
      return typeof prop.pattern !== 'string' || new RegExp(prop.pattern, 'u').test(value)
    }
    case 'number':
    case 'integer': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return false
      if (prop.type === 'integer' && !Number.isInteger(value)) return false
      const { minimum, maximum, exclusiveMinimum, exclusiveMaximum } = prop as Record<
        string,
        number | undefined
      >
      return (
        (minimum === undefined || value >= minimum) &&
        (maximum === undefined || value <= maximum) &&
        (exclusiveMinimum === undefined || value > exclusiveMinimum) &&
        (exclusiveMaximum === undefined || value < exclusiveMaximum)
      )
    }
    case 'boolean':
      return typeof value === 'boolean'
    default:
      return false
  }
}

/**
 * Specs of one to five props; with `family`, one prop of that family at least (`alone`: that
 * prop only, so that near-misses land on it).
 */
export function specArbitrary(family?: Family, alone = false): fc.Arbitrary<SchemaSpec> {
  if (family !== undefined && alone) {
    return fc
      .tuple(keyArbitrary, propArbitrary(family))
      .map(([key, forced]) => ({ [key]: forced })) as never
  }
  const rest = fc.dictionary(keyArbitrary, propArbitrary(), { minKeys: 0, maxKeys: 4 })
  if (family === undefined) {
    return fc.dictionary(keyArbitrary, propArbitrary(), { minKeys: 1, maxKeys: 5 }) as never
  }
  return fc
    .tuple(keyArbitrary, propArbitrary(family), rest)
    .map(([key, forced, others]) => ({ ...others, [key]: forced })) as never
}

/** Values that mostly satisfy `prop`: scalars from the pools that match, extra members included. */
export function validValue(prop: SchemaProp): fc.Arbitrary<unknown> {
  const raw = prop as unknown as Prop
  if (raw.anyOf !== undefined) {
    return fc.oneof(...(raw.anyOf as SchemaProp[]).map((member) => validValue(member)))
  }
  const nullable = raw.nullable === true ? [fc.constant(null)] : []
  switch (raw.type) {
    case 'array': {
      const min = (raw.minItems as number | undefined) ?? 0
      const max = (raw.maxItems as number | undefined) ?? Math.max(min, 3)
      const item =
        raw.items === undefined
          ? fc.jsonValue({ maxDepth: 1 })
          : validValue(raw.items as SchemaProp)
      return fc.oneof(fc.array(item, { minLength: min, maxLength: max }), ...nullable)
    }
    case 'object':
      return fc.oneof(
        raw.properties === undefined
          ? fc.dictionary(wordArbitrary, fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 })
          : validObject(raw.properties as SchemaSpec),
        ...nullable,
      )
    default: {
      const matching = scalarCandidates(raw).filter((value) => scalarMatches(raw, value))
      const fallback = raw.type === 'string' ? wordArbitrary : fc.integer()
      return fc.oneof(matching.length > 0 ? fc.constantFrom(...matching) : fallback, ...nullable)
    }
  }
}

/** Objects with every required member and some optional ones, plus extra keys. */
export function validObject(spec: SchemaSpec): fc.Arbitrary<Record<string, unknown>> {
  const members: Record<string, fc.Arbitrary<unknown>> = {}
  for (const [key, prop] of Object.entries(spec)) members[key] = validValue(prop)
  const requiredKeys = Object.keys(spec).filter((key) => spec[key]?.required === true)
  const extras = fc.dictionary(fc.constantFrom('extra', 'other'), fc.jsonValue({ maxDepth: 1 }))
  return fc
    .tuple(fc.record(members, { requiredKeys }), extras)
    .map(([declared, extra]) => ({ ...extra, ...declared }))
}

/** Every place in a JSON value, as a path of keys and indexes (the root excluded). */
function places(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value !== 'object' || value === null) return []
  const found: (string | number)[][] = []
  const entries = Array.isArray(value)
    ? value.map((item, index) => [index, item] as const)
    : Object.entries(value)
  for (const [key, item] of entries) {
    const place = [...path, key]
    found.push(place, ...places(item, place))
  }
  return found
}

/** What takes a value's place in a near-miss: a neighbour of the same kind, or other JSON. */
function neighbour(current: unknown, choice: number, other: unknown, word: string): unknown {
  if (typeof current === 'number') {
    return [current + 1, current - 1, current + 0.5, -current, null, other, word][choice % 7]
  }
  if (typeof current === 'string') {
    return [`${current}a`, current.slice(1), `${current}😀`, word, null, other][choice % 6]
  }
  if (Array.isArray(current)) {
    const list = current as unknown[]
    return [[...list, ...list.slice(-1)], list.slice(1), null, other][choice % 4]
  }
  return [null, other, word][choice % 3]
}

/** A valid value with exactly one place changed: removed, or replaced by a neighbour. */
export function nearMiss(spec: SchemaSpec): fc.Arbitrary<unknown> {
  return fc
    .tuple(
      validObject(spec),
      fc.nat(),
      fc.boolean(),
      fc.nat(),
      fc.jsonValue({ maxDepth: 2 }),
      wordArbitrary,
    )
    .map(([value, pick, remove, choice, other, word]) => {
      const all = places(value)
      const place = all[pick % Math.max(all.length, 1)]
      if (place === undefined) return value
      const parent = place
        .slice(0, -1)
        .reduce<unknown>(
          (node, key) => (node as Record<string | number, unknown>)[key],
          value,
        ) as Record<string | number, unknown>
      const key = place[place.length - 1]!
      if (remove && !Array.isArray(parent)) Reflect.deleteProperty(parent, key)
      else parent[key] = neighbour(parent[key], choice, other, word)
      return value
    })
}

/** What `JSON.parse` would give: `-0` becomes `0`, as the MUST excludes it. */
export function asJson(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value)) as unknown
}

/** Nine values for a spec: two arbitrary, two valid, five near-misses. */
export function valuesFor(spec: SchemaSpec): fc.Arbitrary<unknown[]> {
  return fc.tuple(
    fc.jsonValue({ maxDepth: 3 }),
    fc.dictionary(keyArbitrary, fc.jsonValue({ maxDepth: 3 }), { maxKeys: 5 }),
    validObject(spec),
    validObject(spec),
    nearMiss(spec),
    nearMiss(spec),
    nearMiss(spec),
    nearMiss(spec),
    nearMiss(spec),
  )
}

/** The keyword families a spec uses, anywhere in it. */
export function familiesOf(spec: SchemaSpec): Set<Family | 'enum' | 'default' | 'required'> {
  const seen = new Set<Family | 'enum' | 'default' | 'required'>()
  const visit = (prop: Prop): void => {
    if (prop.anyOf !== undefined) {
      seen.add('anyOf')
      for (const member of prop.anyOf as Prop[]) visit(member)
      return
    }
    if (prop.required === true) seen.add('required')
    if (prop.default !== undefined) seen.add('default')
    if (prop.type === 'integer') seen.add('integer')
    if (prop.nullable === true) seen.add('nullable')
    if (['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'].some((k) => k in prop)) {
      seen.add('number bounds')
    }
    if ('minLength' in prop || 'maxLength' in prop) seen.add('string lengths')
    if ('pattern' in prop) seen.add('pattern')
    if ('minItems' in prop || 'maxItems' in prop) seen.add('item counts')
    if (prop.enum !== undefined) seen.add(prop.type === 'string' ? 'enum' : 'numeric enum')
    for (const member of Object.values((prop.properties ?? {}) as Record<string, Prop>)) {
      visit(member)
    }
    if (prop.items !== undefined) visit(prop.items as Prop)
  }
  for (const prop of Object.values(spec)) visit(prop as unknown as Prop)
  return seen
}
