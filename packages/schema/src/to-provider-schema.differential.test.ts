import { Ajv2020 } from 'ajv/dist/2020.js'
import type { ValidateFunction } from 'ajv/dist/2020.js'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { schemaForAjv, valueForAjv } from './__fixtures__/ajv-names.js'
import { specArbitrary } from './__fixtures__/spec-arbitraries.js'
import { asJson, valuesFor } from './__fixtures__/spec-values.js'
import type { Family } from './__fixtures__/spec-arbitraries.js'
import type { Prop } from './__fixtures__/prop-values.js'
import { checkArgs } from './check-args.js'
import type { Dialect } from './dialect.js'
import { normalizeArgs } from './normalize-args.js'
import type { SchemaSpec } from './schema-spec.js'
import { toProviderSchema } from './to-provider-schema.js'
import { propertyParameters, propertyRuns } from '../../../property-runs.shared.js'

/**
 * SPEC §9.3: for generated specs and values, Ajv (draft 2020-12) on each dialect's output agrees
 * with `checkArgs` on the original spec, after the documented normalization (a strict model's
 * `null` for a left-out member is removed: `normalizeArgs`; a keyword moved into a description is
 * words, not a constraint). Where a dialect moves a keyword into the description, the
 * comparison is with the spec without that keyword, and the test also shows `checkArgs` still
 * refusing what only that keyword refuses. Specs a dialect cannot express (a fatal issue) are
 * left out of that dialect's comparison: `createToolRegistry({ dialects })` refuses them. Ajv
 * is shown a member named `__proto__` under a stand-in name (ajv-names.ts).
 */

function createAjv(): Ajv2020 {
  return new Ajv2020({
    strict: true,
    strictNumbers: true,
    ownProperties: true,
    allowUnionTypes: true,
    // Without it Ajv 8.20 skips a required "" (ajv-names.ts).
    allErrors: true,
    code: { optimize: false },
  })
}

/** The spec without the keywords `moved` (which a dialect turned into words) where they apply. */
function withoutMoved(
  spec: SchemaSpec,
  moved: (prop: Prop, keyword: string) => boolean,
): SchemaSpec {
  const strip = (prop: Prop): Prop => {
    const copy: Prop = {}
    for (const [keyword, value] of Object.entries(prop)) {
      if (moved(prop, keyword)) continue
      if (keyword === 'properties') copy[keyword] = stripSpec(value as Record<string, Prop>)
      else if (keyword === 'items') copy[keyword] = strip(value as Prop)
      else if (keyword === 'anyOf') copy[keyword] = (value as Prop[]).map(strip)
      else copy[keyword] = value
    }
    return copy
  }
  const stripSpec = (members: Record<string, Prop>): Record<string, Prop> =>
    Object.fromEntries(Object.entries(members).map(([key, prop]) => [key, strip(prop)]))
  return stripSpec(spec as unknown as Record<string, Prop>) as unknown as SchemaSpec
}

/** What each dialect moves into descriptions (see the README's table). */
const movedKeywords: Record<Dialect, (prop: Prop, keyword: string) => boolean> = {
  'json-schema': () => false,
  openai: () => false,
  anthropic: () => false,
  'openai-strict': (_prop, keyword) => ['minLength', 'maxLength', 'default'].includes(keyword),
  gemini: (prop, keyword) =>
    prop.type === 'number' && (keyword === 'exclusiveMinimum' || keyword === 'exclusiveMaximum'),
}

/** Gemini's Schema read back as JSON Schema: `nullable` → a type array, string integer enums → numbers. */
function geminiToJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(geminiToJsonSchema)
  if (typeof node !== 'object' || node === null) return node
  const source = node as Record<string, unknown>
  const out: Record<string, unknown> = {}
  for (const [keyword, value] of Object.entries(source)) {
    if (keyword === 'nullable' || keyword === 'format') continue
    if (keyword === 'properties') {
      out[keyword] = Object.fromEntries(
        Object.entries(value as Record<string, unknown>).map(([key, member]) => [
          key,
          geminiToJsonSchema(member),
        ]),
      )
    } else {
      out[keyword] =
        keyword === 'enum' || keyword === 'required' ? value : geminiToJsonSchema(value)
    }
  }
  if (source.format === 'enum') out.enum = (source.enum as string[]).map(Number)
  if (source.nullable === true) {
    out.type = [source.type, 'null']
    if (Array.isArray(out.enum)) out.enum = [...(out.enum as unknown[]), null]
  }
  return out
}

/**
 * A value as a strict model sends it: every declared member present (`null` for one left out),
 * no undeclared member. Inside a union, the first member whose strict schema takes the value's
 * strict form decides.
 */
function strictForm(
  prop: Prop,
  value: unknown,
  members: (prop: Prop) => ValidateFunction,
): unknown {
  if (value === null || typeof value !== 'object') return value
  if (prop.anyOf !== undefined) {
    for (const member of prop.anyOf as Prop[]) {
      const candidate = strictForm(member, value, members)
      if (members(member)(valueForAjv(candidate))) return candidate
    }
    return value
  }
  if (Array.isArray(value)) {
    const items = prop.items as Prop | undefined
    return items === undefined
      ? value
      : value.map((item: unknown) => strictForm(items, item, members))
  }
  const properties = prop.properties as Record<string, Prop> | undefined
  if (properties === undefined) return value
  const record = value as Record<string, unknown>
  // fromEntries defines: a member named `__proto__` stays a member.
  return Object.fromEntries(
    Object.entries(properties).map(([key, member]) => [
      key,
      Object.hasOwn(record, key) ? strictForm(member, record[key], members) : null,
    ]),
  )
}

interface Tally {
  specs: number
  pairs: number
  accepted: number
  /** Values only a moved keyword refuses: `checkArgs` still refused each of them. */
  enforcedMoved: number
  skippedFatal: number
}

/** Ajv's validator of one member's strict-mode schema, compiled once per member. */
function memberValidatorOf(ajv: Ajv2020): (member: Prop) => ValidateFunction {
  const memberValidators = new Map<Prop, ValidateFunction>()
  return (member) => {
    let found = memberValidators.get(member)
    if (found === undefined) {
      const wrapped = toProviderSchema({ member } as unknown as SchemaSpec, 'openai-strict')
      found = ajv.compile(schemaForAjv(wrapped.schema.properties?.member) as object)
      memberValidators.set(member, found)
    }
    return found
  }
}

/**
 * One spec and its values in `dialect`: Ajv on the dialect's schema and `checkArgs` on the spec
 * (without the keywords the dialect moves into words) must agree on each value, and the moved
 * keywords must still be enforced by `checkArgs`; `tally` counts what was compared.
 */
function comparePair(
  dialect: Dialect,
  ajv: Ajv2020,
  tally: Tally,
  spec: SchemaSpec,
  values: readonly unknown[],
): void {
  const moved = movedKeywords[dialect]
  const { schema, issues } = toProviderSchema(spec, dialect)
  if (issues.some((found) => found.fatal)) {
    tally.skippedFatal++
    return
  }
  tally.specs++
  const shown = dialect === 'gemini' ? geminiToJsonSchema(schema) : schema
  const validate = ajv.compile(schemaForAjv(shown) as object)
  const kept = withoutMoved(spec, moved)
  const memberValidator = memberValidatorOf(ajv)
  const asProp = { type: 'object', properties: spec } as Prop
  for (const raw of values) {
    const forms =
      dialect === 'openai-strict'
        ? [asJson(raw), asJson(strictForm(asProp, asJson(raw), memberValidator))]
        : [asJson(raw)]
    for (const [index, value] of forms.entries()) {
      const normalized = normalizeArgs(spec, value)
      // A strict model's own output is what Ajv checks there; elsewhere the nulls are
      // removed first, as the pipeline does in every dialect.
      const ajvAccepts = validate(valueForAjv(dialect === 'openai-strict' ? value : normalized))
      const keptAccepts = checkArgs(kept, normalized).length === 0
      const fullAccepts = checkArgs(spec, normalized).length === 0
      tally.pairs++
      if (ajvAccepts) tally.accepted++
      // Strict mode's schema is narrower in shape (closed objects, every member present):
      // on any value, what it accepts checkArgs accepts; on a strict model's form of a value,
      // they agree exactly.
      const exact = dialect !== 'openai-strict' || index === 1
      const agrees = exact ? ajvAccepts === keptAccepts : !ajvAccepts || keptAccepts
      if (!agrees) {
        throw new Error(
          `${dialect} disagreement on ${JSON.stringify(value)} for ${JSON.stringify(spec)}: Ajv ${ajvAccepts ? 'accepts' : 'refuses'} ${JSON.stringify(shown)}, checkArgs found ${JSON.stringify(checkArgs(kept, normalized))}`,
        )
      }
      // A moved keyword is words to the model, and still a rule to checkArgs.
      if (fullAccepts && !keptAccepts) throw new Error('checkArgs accepts more with more keywords')
      if (keptAccepts && !fullAccepts) tally.enforcedMoved++
    }
  }
  ajv.removeSchema()
}

/** The draw every focused run replays. */
const focusedSeed = 923

function run(dialect: Dialect, runs: number, family?: Family): Tally {
  const ajv = createAjv()
  const tally: Tally = { specs: 0, pairs: 0, accepted: 0, enforcedMoved: 0, skippedFatal: 0 }
  fc.assert(
    fc.property(
      specArbitrary(family, family !== undefined).chain((spec) =>
        fc.tuple(fc.constant(spec), valuesFor(spec)),
      ),
      ([spec, values]) => {
        comparePair(dialect, ajv, tally, spec, values)
      },
    ),
    // The broad runs draw new specs every time; a focused run, whose tallies are asserted (a moved
    // keyword met and still enforced), replays one fixed draw so that assertion never rests on luck.
    family === undefined
      ? propertyParameters(runs)
      : { numRuns: propertyRuns(runs), seed: focusedSeed },
  )
  return tally
}

describe('each dialect’s schema, checked by Ajv, agrees with checkArgs on the spec', () => {
  it.each(['json-schema', 'openai', 'anthropic'] as const)(
    '%s: the same verdict on every value',
    (dialect) => {
      // OpenAI refuses arrays without items: those specs are left out, so more are generated.
      const tally = run(dialect, dialect === 'openai' ? 300 : 150)
      expect(tally.pairs).toBeGreaterThanOrEqual(propertyRuns(1_000))
      expect(tally.accepted / tally.pairs).toBeGreaterThan(0.2)
      expect(tally.accepted / tally.pairs).toBeLessThan(0.8)
    },
  )

  it('openai-strict: after null→absent, the same verdict on what a strict model sends; minLength and maxLength still enforced', () => {
    const tally = run('openai-strict', 250)
    expect(tally.pairs).toBeGreaterThanOrEqual(propertyRuns(1_000))
    expect(tally.accepted / tally.pairs).toBeGreaterThan(0.1)
    for (const family of ['string lengths', 'anyOf', 'nullable'] as const) {
      const focused = run('openai-strict', 100, family)
      expect(focused.pairs).toBeGreaterThanOrEqual(propertyRuns(500))
      if (family === 'string lengths') expect(focused.enforcedMoved).toBeGreaterThan(0)
    }
  })

  it('gemini: nullable, string integer enums and inclusive integer bounds read back; exclusive number bounds still enforced', () => {
    const tally = run('gemini', 350)
    expect(tally.pairs).toBeGreaterThanOrEqual(propertyRuns(1_000))
    expect(tally.accepted / tally.pairs).toBeGreaterThan(0.1)
    for (const family of ['number bounds', 'numeric enum', 'nullable'] as const) {
      const focused = run('gemini', 100, family)
      expect(focused.pairs).toBeGreaterThanOrEqual(propertyRuns(300))
      if (family === 'number bounds') expect(focused.enforcedMoved).toBeGreaterThan(0)
    }
  })
})
