import { Ajv2020 } from 'ajv/dist/2020.js'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  families,
  familiesOf,
  objectNode as keywordObjectNode,
} from './__fixtures__/keyword-arbitraries.js'
import { valueNear as valueNearKeywords } from './__fixtures__/keyword-values.js'
import type { Family } from './__fixtures__/keyword-arbitraries.js'
import { propertyParameters, propertyRuns } from '../../../property-runs.shared.js'
import { assertSupportedOutputSchema } from './assert-supported-output-schema.js'
import type { StructuredOutputSchema } from './structured-schema.js'
import { validateBothWays } from './__fixtures__/validate-both-ways.js'
import { backEndsAgree } from './__fixtures__/back-ends-agree.js'

/**
 * Differential test against Ajv (draft 2020-12): for schemas inside the subset and JSON values
 * near them, `validateStructuredValue` finds no issue exactly when Ajv accepts.
 *
 * Ajv options: `allErrors`; `strict: false` (annotations such as `examples` are not Ajv
 * vocabulary errors); `strictNumbers` (JSON numbers are finite); `ownProperties` (JSON Schema
 * looks at own members only; without it Ajv counts an inherited `toString` as present).
 */
const ajv = new Ajv2020({
  allErrors: true,
  strict: false,
  strictNumbers: true,
  ownProperties: true,
})

type Node = Record<string, unknown>

/**
 * Keys chosen to collide with Object.prototype and with path formatting. Not `__proto__`: Ajv
 * 8.20 skips a `properties` entry of that name (it accepts `{"__proto__": 5}` against
 * `{ properties: { __proto__: { type: 'string' } } }`), so the unit tests pin that case instead.
 */
const keyPool = ['a', 'b', 'c', 'id', '', 'odd key', 'toString', 'constructor', '1']
const stringPool = ['', 'a', 'b', 'open', 'closed', 'odd key', 'é', '1']
const integerPool = [0, -0, 1, -2, 3, 2 ** 53, 1e21]
const numberPool = [...integerPool, 1.5, 0.1, -2.25, 1e-7]
const scalarTypes = ['string', 'number', 'integer', 'boolean', 'null'] as const
type ScalarType = (typeof scalarTypes)[number]

const jsonValue = fc.jsonValue({ maxDepth: 2 })

/** Annotations, each optional: they must change nothing. */
const annotations: fc.Arbitrary<Node> = fc.record(
  {
    description: fc.string({ maxLength: 8 }),
    title: fc.string({ maxLength: 8 }),
    default: jsonValue,
    examples: fc.array(jsonValue, { maxLength: 2 }),
  },
  { requiredKeys: [] },
)

function poolOf(type: ScalarType): readonly (string | number | boolean | null)[] {
  switch (type) {
    case 'string':
      return stringPool
    case 'number':
      return numberPool
    case 'integer':
      return integerPool
    case 'boolean':
      return [true, false]
    case 'null':
      return [null]
  }
}

const scalarNode: fc.Arbitrary<Node> = fc.constantFrom(...scalarTypes).chain((type) => {
  const pool = poolOf(type)
  return fc
    .record(
      {
        enum: fc.subarray([...pool], { minLength: 1 }),
        const: fc.constantFrom(...pool),
        annotations,
      },
      { requiredKeys: ['annotations'] },
    )
    .map(({ annotations: extra, ...keywords }) => ({ type, ...keywords, ...extra }))
})

function schemaNode(depth: number): fc.Arbitrary<Node> {
  if (depth === 0) return scalarNode
  const child = schemaNode(depth - 1)
  const arrayNode = fc
    .record({ items: child, annotations }, { requiredKeys: ['annotations'] })
    .map(({ annotations: extra, ...keywords }) => ({ type: 'array', ...keywords, ...extra }))
  return fc.oneof(
    { weight: 3, arbitrary: scalarNode },
    { weight: 1, arbitrary: arrayNode },
    { weight: 2, arbitrary: objectNode(depth) },
  )
}

function objectNode(depth: number): fc.Arbitrary<Node> {
  const child = depth === 0 ? scalarNode : schemaNode(depth - 1)
  return fc
    .uniqueArray(fc.constantFrom(...keyPool), { maxLength: 4 })
    .chain((keys) =>
      fc.record({
        properties: fc.tuple(...keys.map(() => child)),
        required: fc.subarray(keys),
        additionalProperties: fc.constantFrom(undefined, true, false),
        annotations,
        keys: fc.constant(keys),
      }),
    )
    .map(({ properties, required, additionalProperties, annotations: extra, keys }) => {
      const node: Node = { type: 'object', ...extra }
      // Object.fromEntries defines own properties: "__proto__" stays a property name.
      if (keys.length > 0 || required.length > 0) {
        node.properties = Object.fromEntries(keys.map((key, index) => [key, properties[index]]))
      }
      if (required.length > 0) node.required = required
      if (additionalProperties !== undefined) node.additionalProperties = additionalProperties
      return node
    })
}

/** A value near `node`: mostly valid, with about one thing in ten wrong at each place. */
function valueNear(node: Node): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 1, arbitrary: wrongValue },
    { weight: 9, arbitrary: plausibleValue(node) },
  )
}

const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  jsonValue,
  fc.constantFrom<unknown>(...stringPool, ...numberPool, true, false, null, [], {}),
)

function plausibleValue(node: Node): fc.Arbitrary<unknown> {
  const type = node.type as string
  if (type === 'object') return objectValue(node)
  if (type === 'array') {
    const items = node.items as Node | undefined
    return fc.array(items === undefined ? jsonValue : valueNear(items), { maxLength: 3 })
  }
  const pool = poolOf(type as ScalarType)
  const choices: fc.Arbitrary<unknown>[] = [fc.constantFrom(...pool)]
  if (Array.isArray(node.enum)) choices.push(fc.constantFrom(...(node.enum as unknown[])))
  if ('const' in node) choices.push(fc.constant(node.const))
  if (type === 'string') choices.push(fc.string({ maxLength: 4 }))
  if (type === 'number') choices.push(fc.double({ noNaN: true, noDefaultInfinity: true }))
  if (type === 'integer') choices.push(fc.integer())
  return fc.oneof(...choices)
}

function objectValue(node: Node): fc.Arbitrary<unknown> {
  const properties = (node.properties ?? {}) as Record<string, Node>
  const required = (node.required ?? []) as string[]
  const members = Object.keys(properties).map((key) =>
    fc.tuple(
      fc.constant(key),
      valueNear(properties[key]!),
      // Required members are usually there; optional ones half the time.
      fc
        .double({ min: 0, max: 1, noNaN: true })
        .map((chance) => chance < (required.includes(key) ? 0.9 : 0.5)),
    ),
  )
  const extras = fc.array(fc.tuple(fc.constantFrom(...keyPool, 'extra'), jsonValue), {
    maxLength: 2,
  })
  return fc
    .record({
      members: fc.tuple(...members),
      extras,
      extraChance: fc.nat(3),
      reversed: fc.boolean(),
    })
    .map(({ members: chosen, extras: extraMembers, extraChance, reversed }) => {
      const entries: [string, unknown][] = chosen
        .filter(([, , present]) => present)
        .map(([key, value]) => [key, value])
      if (extraChance === 0) {
        for (const [key, value] of extraMembers) {
          if (!entries.some(([existing]) => existing === key)) entries.push([key, value])
        }
      }
      if (reversed) entries.reverse()
      return Object.fromEntries(entries)
    })
}

const rootSchema: fc.Arbitrary<Node> = objectNode(3)

describe('validateStructuredValue against Ajv (draft 2020-12)', () => {
  it('agrees on validity for 2,400 schema/value pairs', () => {
    let pairs = 0
    let valid = 0
    fc.assert(
      fc.property(
        rootSchema.chain((schema) =>
          fc.tuple(
            fc.constant(schema),
            fc.array(valueNear(schema), { minLength: 6, maxLength: 6 }),
          ),
        ),
        ([schema, values]) => {
          assertSupportedOutputSchema(schema)
          const ajvValidate = ajv.compile(schema as StructuredOutputSchema)
          for (const value of values) {
            const issues = validateBothWays(schema, value)
            expect(backEndsAgree(schema, value)).toBe(issues.length === 0)
            backEndsAgree(schema, value, 'args')
            const accepted = ajvValidate(value)
            if ((issues.length === 0) !== accepted) {
              expect.fail(
                `disagreement: Ajv ${accepted ? 'accepts' : 'refuses'} ${JSON.stringify(value)} ` +
                  `for ${JSON.stringify(schema)}; issues: ${JSON.stringify(issues)}; ` +
                  `Ajv errors: ${JSON.stringify(ajvValidate.errors)}`,
              )
            }
            pairs++
            if (accepted) valid++
          }
        },
      ),
      propertyParameters(400),
    )
    console.log(`differential: ${pairs} pairs, ${valid} valid, ${pairs - valid} invalid`)
    expect(pairs).toBeGreaterThanOrEqual(propertyRuns(400) * 6)
    // Both verdicts must be well represented, or the agreement would mean little.
    expect(valid).toBeGreaterThan(pairs * 0.2)
    expect(pairs - valid).toBeGreaterThan(pairs * 0.2)
  })

  it('agrees on the SPEC §9.1 keywords, at least 1,000 pairs per keyword family', () => {
    const pairsByFamily = new Map<Family, number>(families.map((family) => [family, 0]))
    const validByFamily = new Map<Family, number>(families.map((family) => [family, 0]))
    let pairs = 0
    fc.assert(
      fc.property(
        keywordObjectNode(2).chain((schema) =>
          fc.tuple(
            fc.constant(schema),
            fc.array(valueNearKeywords(schema), { minLength: 8, maxLength: 8 }),
          ),
        ),
        ([schema, values]) => {
          assertSupportedOutputSchema(schema)
          const ajvValidate = ajv.compile(schema)
          const used = familiesOf(schema)
          for (const value of values) {
            const issues = validateBothWays(schema, value)
            expect(backEndsAgree(schema, value)).toBe(issues.length === 0)
            backEndsAgree(schema, value, 'args')
            const accepted = ajvValidate(value)
            if ((issues.length === 0) !== accepted) {
              expect.fail(
                `disagreement: Ajv ${accepted ? 'accepts' : 'refuses'} ${JSON.stringify(value)} ` +
                  `for ${JSON.stringify(schema)}; issues: ${JSON.stringify(issues)}; ` +
                  `Ajv errors: ${JSON.stringify(ajvValidate.errors)}`,
              )
            }
            pairs++
            for (const family of used) {
              pairsByFamily.set(family, (pairsByFamily.get(family) ?? 0) + 1)
              if (accepted) validByFamily.set(family, (validByFamily.get(family) ?? 0) + 1)
            }
          }
          ajv.removeSchema(schema)
        },
      ),
      // 600 schemas: a family is in about a third of them (8 pairs each), so its 1,000 pairs are
      // six standard deviations below the mean, not two and a half (450 failed one run in ~50).
      propertyParameters(600),
    )
    console.log(
      `differential (§9.1 keywords): ${pairs} pairs; per family: ` +
        families
          .map(
            (family) =>
              `${family} ${pairsByFamily.get(family)} (${validByFamily.get(family)} valid)`,
          )
          .join(', '),
    )
    for (const family of families) {
      expect(pairsByFamily.get(family), family).toBeGreaterThanOrEqual(propertyRuns(1000))
      // Both verdicts in every family, or the agreement would mean little.
      const valid = validByFamily.get(family) ?? 0
      expect(valid, family).toBeGreaterThan(propertyRuns(100))
      expect((pairsByFamily.get(family) ?? 0) - valid, family).toBeGreaterThan(propertyRuns(100))
    }
  })
})
