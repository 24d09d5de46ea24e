import { Ajv2020 } from 'ajv/dist/2020.js'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { checkArgs } from './check-args.js'
import { schemaSpecToJsonSchema } from './schema-spec-to-json-schema.js'
import type { SchemaProp, SchemaSpec } from './schema-spec.js'

/**
 * SPEC §3 MUST: for every spec and every JSON value (`-0` aside), `checkArgs` finds no issue
 * exactly when Ajv's draft 2020-12 validator accepts the value for `schemaSpecToJsonSchema(spec)`.
 *
 * Ajv runs in strict mode (so the generated schemas are also proven strict-clean) with
 * `strictNumbers: true` (no NaN/Infinity) and `ownProperties: true`: by default Ajv reads
 * members through the prototype chain, so `{}` would "have" a `constructor` member, which JSON
 * Schema does not say; the key pool below includes such names on purpose.
 */

type Prop = { -readonly [TKey in keyof SchemaProp]: SchemaProp[TKey] }

const keys = ['path', 'mode', 'a', 'b', 'edits', 'constructor', 'toString', 'odd key', '0', 'é']
const keyArbitrary = fc.constantFrom(...keys)
const wordArbitrary = fc.string({ maxLength: 4 })
const enumArbitrary = fc.uniqueArray(wordArbitrary, { minLength: 1, maxLength: 4 })

interface PropFlags {
  readonly required: boolean
  readonly described: boolean
  readonly defaulted: boolean
}
const flagsArbitrary: fc.Arbitrary<PropFlags> = fc.record({
  required: fc.boolean(),
  described: fc.boolean(),
  defaulted: fc.boolean(),
})

/** A prop with its annotations; the default is the smallest value that matches the prop. */
function withFlags(prop: Prop, flags: PropFlags): Prop {
  if (flags.required) prop.required = true
  if (flags.described) prop.description = 'described'
  if (flags.defaulted) prop.default = smallestValue(prop)
  return prop
}

function smallestValue(prop: SchemaProp): unknown {
  switch (prop.type) {
    case 'string':
      return prop.enum?.[0] ?? ''
    case 'number':
      return 1.5
    case 'boolean':
      return false
    case 'array':
      return []
    case 'object': {
      const value: Record<string, unknown> = {}
      for (const [key, member] of Object.entries(prop.properties ?? {})) {
        if (member.required) value[key] = smallestValue(member)
      }
      return value
    }
  }
}

const leafArbitrary: fc.Arbitrary<Prop> = fc.oneof(
  fc.record({ type: fc.constant('string' as const) }),
  fc.record({ type: fc.constant('string' as const), enum: enumArbitrary }),
  fc.record({ type: fc.constant('number' as const) }),
  fc.record({ type: fc.constant('boolean' as const) }),
  fc.record({ type: fc.constant('object' as const) }),
  fc.record({ type: fc.constant('array' as const) }),
)

const { prop: propArbitrary } = fc.letrec<{ prop: Prop; spec: Record<string, Prop> }>((tie) => ({
  prop: fc
    .tuple(
      fc.oneof(
        { depthSize: 'small', maxDepth: 4, withCrossShrink: true },
        leafArbitrary,
        fc.record({ type: fc.constant('object' as const), properties: tie('spec') }),
        fc.record({ type: fc.constant('array' as const), items: tie('prop') }),
      ),
      flagsArbitrary,
    )
    .map(([prop, flags]) => withFlags(prop, flags)),
  spec: fc.dictionary(keyArbitrary, tie('prop'), { maxKeys: 4 }),
}))

const specArbitrary: fc.Arbitrary<SchemaSpec> = fc.dictionary(keyArbitrary, propArbitrary, {
  minKeys: 1,
  maxKeys: 5,
})

/** Values that satisfy `prop`, extra members included. */
function validValue(prop: SchemaProp): fc.Arbitrary<unknown> {
  switch (prop.type) {
    case 'string':
      return prop.enum === undefined ? wordArbitrary : fc.constantFrom(...prop.enum)
    case 'number':
      return fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }))
    case 'boolean':
      return fc.boolean()
    case 'array':
      return fc.array(prop.items === undefined ? fc.jsonValue() : validValue(prop.items), {
        maxLength: 3,
      })
    case 'object':
      return prop.properties === undefined
        ? fc.dictionary(wordArbitrary, fc.jsonValue(), { maxKeys: 3 })
        : validObject(prop.properties)
  }
}

function validObject(spec: SchemaSpec): fc.Arbitrary<Record<string, unknown>> {
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

/** A valid value with exactly one place changed: removed, or replaced by other JSON. */
function nearMiss(spec: SchemaSpec): fc.Arbitrary<unknown> {
  return fc
    .tuple(validObject(spec), fc.nat(), fc.boolean(), fc.jsonValue({ maxDepth: 2 }), wordArbitrary)
    .map(([value, pick, remove, replacement, word]) => {
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
      const current = parent[key]
      if (remove && !Array.isArray(parent)) {
        Reflect.deleteProperty(parent, key)
      } else {
        // A string's most telling near-miss is another string (an enum value that is not one).
        parent[key] =
          typeof current === 'string' && typeof replacement !== 'string' ? word : replacement
      }
      return value
    })
}

/** What `JSON.parse` would give: `-0` becomes `0`, as the MUST excludes it. */
function asJson(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value)) as unknown
}

function valuesFor(spec: SchemaSpec): fc.Arbitrary<unknown[]> {
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

function depthOf(spec: SchemaSpec): number {
  let deepest = 0
  for (const prop of Object.values(spec)) deepest = Math.max(deepest, propDepth(prop))
  return deepest
}

function propDepth(prop: SchemaProp): number {
  if (prop.properties !== undefined) return 1 + depthOf(prop.properties)
  if (prop.items !== undefined) return 1 + propDepth(prop.items)
  return 1
}

function collectTypes(spec: SchemaSpec, seen: Set<string>): void {
  for (const prop of Object.values(spec)) {
    let current: SchemaProp | undefined = prop
    while (current !== undefined) {
      seen.add(current.enum === undefined ? current.type : 'enum')
      if (current.required === true) seen.add('required')
      if (current.default !== undefined) seen.add('default')
      if (current.properties !== undefined) collectTypes(current.properties, seen)
      current = current.items
    }
  }
}

describe('checkArgs agrees with Ajv (draft 2020-12)', () => {
  it('on generated specs and values: arbitrary JSON, valid values and near-misses', () => {
    const ajv = new Ajv2020({
      strict: true,
      strictNumbers: true,
      ownProperties: true,
      code: { optimize: false },
    })
    let pairs = 0
    let accepted = 0
    let deepSpecs = 0
    const seen = new Set<string>()
    fc.assert(
      fc.property(
        specArbitrary.chain((spec) => fc.tuple(fc.constant(spec), valuesFor(spec))),
        ([spec, values]) => {
          const validate = ajv.compile(schemaSpecToJsonSchema(spec))
          if (depthOf(spec) >= 3) deepSpecs++
          collectTypes(spec, seen)
          for (const raw of values) {
            const value = asJson(raw)
            const ajvAccepts = validate(value)
            const issues = checkArgs(spec, value)
            pairs++
            if (ajvAccepts) accepted++
            if ((issues.length === 0) !== ajvAccepts) {
              const verdicts = `Ajv ${ajvAccepts ? 'accepts' : 'refuses'}, checkArgs found ${JSON.stringify(issues)}`
              throw new Error(`disagreement on ${JSON.stringify(value)}: ${verdicts}`)
            }
          }
          ajv.removeSchema()
        },
      ),
      { numRuns: 250 },
    )
    expect(pairs).toBeGreaterThanOrEqual(2_000)
    // Both verdicts are common, so the agreement is not a vacuous one.
    expect(accepted / pairs).toBeGreaterThan(0.2)
    expect(accepted / pairs).toBeLessThan(0.8)
    expect(deepSpecs).toBeGreaterThan(10)
    expect([...seen].sort()).toEqual(
      ['array', 'boolean', 'default', 'enum', 'number', 'object', 'required', 'string'].sort(),
    )
  })
})
