import { describe, expect, it } from 'vitest'
import { assertSupportedOutputSchema } from './assert-supported-output-schema.js'
import { OutputSchemaError } from './output-schema-error.js'
import type { StructuredOutputSchema, StructuredSubschema } from './structured-schema.js'
import { validateStructuredValue } from './validate-structured-value.js'
import { validateBothWays } from './__fixtures__/validate-both-ways.js'

// SPEC §22: a message never grows with the size of a schema. An enum is listed up to 20 values,
// then "and N more"; an anyOf quotes at most 20 alternatives, and an anyOf inside one by its first
// sentence; a value from the schema (a const, a pattern) is cut as every quoted value is.

const values = (count: number) => Array.from({ length: count }, (_, index) => `v${String(index)}`)
const first20 = values(20)
  .map((value) => `"${value}"`)
  .join(', ')

const objectOf = (properties: Record<string, StructuredSubschema>): StructuredOutputSchema => ({
  type: 'object',
  properties,
  required: Object.keys(properties),
})

describe('messages do not grow with the schema', () => {
  it('lists 20 values of a 100,000-value enum, then how many more; the issue keeps them all', () => {
    const schema = objectOf({ verdict: { type: 'string', enum: values(100_000) } })
    const [issue] = validateStructuredValue(schema, { verdict: 'maybe' })
    expect(issue?.message).toBe(`"verdict" must be one of ${first20} and 99980 more, got "maybe"`)
    expect((issue as { expected: readonly unknown[] }).expected).toHaveLength(100_000)
  })

  it('lists a short enum whole, null members included', () => {
    const schema = objectOf({ state: { type: ['string', 'null'], enum: ['open', null] } })
    expect(validateStructuredValue(schema, { state: 'shut' })[0]?.message).toBe(
      '"state" must be one of "open", null, got "shut"',
    )
  })

  it('cuts a long const and a long pattern as it cuts every quoted value', () => {
    const long = 'k'.repeat(10_000)
    const schema = objectOf({
      kind: { type: 'string', const: long },
      code: { type: 'string', pattern: `^${long}$` },
    })
    expect(
      validateStructuredValue(schema, { kind: 'x', code: 'x' }).map((issue) => issue.message),
    ).toEqual([
      `"kind" must be "${'k'.repeat(64)}…", got "x"`,
      `"code" must match the pattern "^${'k'.repeat(63)}…", got "x"`,
    ])
  })

  it('quotes at most 20 alternatives of an anyOf, then how many more', () => {
    const schema = objectOf({
      pick: { anyOf: values(50).map((value) => ({ type: 'string' as const, const: value })) },
    })
    const [issue] = validateStructuredValue(schema, { pick: 'x' })
    expect(issue?.message).toMatch(
      /^"pick" matches none of the 50 alternatives of its "anyOf": \(1\) "pick" must be "v0", got "x"; /,
    )
    expect(issue?.message).toMatch(/; \(20\) "pick" must be "v19", got "x"; and 30 more$/)
  })

  it('names an anyOf inside an anyOf by its first sentence, so nesting does not multiply the message', () => {
    let node: StructuredSubschema = { type: 'integer' }
    for (let level = 0; level < 4; level++) {
      node = {
        anyOf: [
          { type: 'object', properties: { v: node }, required: ['v'], additionalProperties: false },
          {
            type: 'object',
            properties: { v: node, w: { type: 'string' } },
            required: ['v', 'w'],
            additionalProperties: false,
          },
        ],
      }
    }
    let value: unknown = 'x'
    for (let level = 0; level < 4; level++) value = { v: value }
    const [issue] = validateStructuredValue(objectOf({ v: node }), { v: value })
    expect(issue?.message).toBe(
      '"v" matches none of the 2 alternatives of its "anyOf": (1) "v.v" matches none of the 2 alternatives of its "anyOf"; (2) "v.v" matches none of the 2 alternatives of its "anyOf", missing required property "w" in "v"',
    )
  })

  it('says 20 of the violations of a schema outside the subset, then how many more; the error keeps them all', () => {
    const properties = Object.fromEntries(
      values(30).map((name) => [name, { type: 'string', format: 'uri' }]),
    )
    let thrown: unknown
    try {
      assertSupportedOutputSchema({ type: 'object', properties })
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(OutputSchemaError)
    expect((thrown as OutputSchemaError).violations).toHaveLength(30)
    expect((thrown as Error).message).toMatch(
      /^unsupported output schema \(30 violations\): schema\.properties\.v0: unsupported keyword "format"; .*; schema\.properties\.v19: unsupported keyword "format"; and 10 more$/,
    )
  })

  it('cuts a key of 20,000 characters as it cuts a long value; the path keeps it whole', () => {
    const long = `p${'q'.repeat(19_999)}`
    const shown = `["${long.slice(0, 64)}…"]`
    const schema = objectOf({ [long]: objectOf({ x: { type: 'string' } }) })
    const [wrong] = validateBothWays(schema, { [long]: { x: 1 } })
    expect(wrong).toMatchObject({
      path: [long, 'x'],
      message: `"${shown}.x" must be a string, got number`,
    })
    const [missing] = validateBothWays(schema, { [long]: {} })
    expect(missing?.message).toBe(`missing required property "x" in "${shown}"`)
    const [absent] = validateBothWays(objectOf({ [long]: { type: 'string' } }), {})
    expect(absent?.message).toBe(`missing required property "${long.slice(0, 64)}…"`)
  })

  it('writes a place deeper than 32 segments as its first 16, …, and its last 16', () => {
    let schema: StructuredSubschema = { type: 'string' }
    let value: unknown = 5
    for (let depth = 0; depth < 40; depth++) {
      schema = objectOf({ [`k${depth}`]: schema })
      value = { [`k${depth}`]: value }
    }
    const [issue] = validateBothWays(schema as StructuredOutputSchema, value)
    const keys = Array.from({ length: 40 }, (_, index) => `k${39 - index}`)
    expect(issue?.path).toEqual(keys)
    expect(issue?.message).toBe(
      `"${keys.slice(0, 16).join('.')}.….${keys.slice(-16).join('.')}" must be a string, got number`,
    )
  })
})
