import { describe, expect, it } from 'vitest'
import { assertValidSchemaSpec } from './assert-valid-schema-spec.js'
import { checkArgs } from './check-args.js'
import { SchemaSpecError } from './schema-spec-error.js'
import { jsonSchemaToProviderSchema } from './to-provider-schema.js'
import type { SchemaSpec } from './schema-spec.js'
import { ToolArgsError } from './tool-args-error.js'
import { validateArgs } from './validate-args.js'

// SPEC §22: a message never grows with the size of a schema. An enum is listed up to 20 values,
// then "and N more"; a union quotes at most 20 members, and a union inside one by its first
// sentence; a value from the schema is cut as every quoted value is.

const values = (count: number, prefix = 'm') =>
  Array.from({ length: count }, (_, index) => `${prefix}${String(index)}`)
const first20 = (prefix = 'm') =>
  values(20, prefix)
    .map((value) => `"${value}"`)
    .join(', ')

describe('messages do not grow with the schema', () => {
  it('lists 20 values of a 100,000-value enum, then how many more', () => {
    const spec = {
      mode: { type: 'string', enum: values(100_000), required: true },
    } as const satisfies SchemaSpec
    const [issue] = checkArgs(spec, { mode: 'x' })
    expect(issue).toMatchObject({
      code: 'invalid_enum',
      message: `"mode" must be one of ${first20()} and 99980 more, got "x"`,
    })
    // The issue's data still holds every value, for programs.
    expect((issue as { expected: readonly string[] }).expected).toHaveLength(100_000)
    let thrown: unknown
    try {
      validateArgs(spec, { mode: 'x' })
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(ToolArgsError)
    expect((thrown as Error).message.length).toBeLessThan(400)
  })

  it('lists a short enum whole, and a numeric one the same way', () => {
    const spec = {
      level: { type: 'integer', enum: Array.from({ length: 25 }, (_, index) => index * 10) },
      encoding: { type: 'string', enum: ['utf8', 'base64'] },
    } as const satisfies SchemaSpec
    expect(checkArgs(spec, { level: 5, encoding: 'latin1' }).map((issue) => issue.message)).toEqual(
      [
        `"level" must be one of ${Array.from({ length: 20 }, (_, index) => String(index * 10)).join(', ')} and 5 more, got 5`,
        '"encoding" must be one of "utf8", "base64", got "latin1"',
      ],
    )
  })

  it('cuts a long enum value and a long pattern as it cuts every quoted value', () => {
    const long = 'y'.repeat(10_000)
    const spec = {
      tag: { type: 'string', enum: [long] },
      code: { type: 'string', pattern: `^(${long})$` },
    } as const satisfies SchemaSpec
    const messages = checkArgs(spec, { tag: 'x', code: 'x' }).map((issue) => issue.message)
    expect(messages).toEqual([
      `"tag" must be one of "${'y'.repeat(64)}…", got "x"`,
      `"code" must match the pattern "^(${'y'.repeat(62)}…", got "x"`,
    ])
  })

  it('quotes at most 20 members of a union, then how many more', () => {
    const spec = {
      pick: {
        anyOf: Array.from({ length: 50 }, (_, index) => ({
          type: 'string' as const,
          enum: [`v${String(index)}`],
        })),
        required: true,
      },
    } as const satisfies SchemaSpec
    const [issue] = checkArgs(spec, { pick: 'x' })
    expect(issue?.message).toMatch(/^"pick" matches none of the 50 members of its anyOf: \(1\) /)
    expect(issue?.message).toMatch(/; \(20\) "pick" must be one of "v19", got "x"; and 30 more$/)
  })

  it('names a union inside a union by its first sentence, so nesting does not multiply the message', () => {
    let prop: SchemaSpec[string] = { type: 'integer' }
    for (let level = 0; level < 4; level++) {
      prop = {
        anyOf: [
          { type: 'object', properties: { v: { ...prop, required: true } } },
          {
            type: 'object',
            properties: { v: { ...prop, required: true }, w: { type: 'string', required: true } },
          },
        ],
      }
    }
    let value: unknown = 'x'
    for (let level = 0; level < 4; level++) value = { v: value }
    const [issue] = checkArgs({ v: { ...prop, required: true } }, { v: value })
    expect(issue?.message).toBe(
      '"v" matches none of the 2 members of its anyOf: (1) "v.v" matches none of the 2 members of its anyOf; (2) "v.v" matches none of the 2 members of its anyOf, missing required property "v.w"',
    )
  })

  it('cuts what a schema mistake quotes of the schema: a type list, a pattern', () => {
    const types = values(30, 't')
    const [issue] = jsonSchemaToProviderSchema(
      { type: 'object', properties: { m: { type: types } }, required: ['m'] },
      'openai-strict',
    ).issues
    expect(issue?.message).toBe(
      `"type" [${first20('t').replaceAll(', ', ',')},… and 10 more] cannot be expressed in openai-strict: only one type, or [type, "null"]`,
    )
    expect(() => {
      assertValidSchemaSpec({ code: { type: 'string', pattern: `(${'z'.repeat(10_000)}` } })
    }).toThrow(`spec.code.pattern "(${'z'.repeat(63)}…" does not compile`)
  })

  it('says 20 of the mistakes of a spec, then how many more; the error keeps them all', () => {
    const spec = Object.fromEntries(values(30, 'p').map((name) => [name, { type: 'text' }]))
    let thrown: unknown
    try {
      assertValidSchemaSpec(spec)
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(SchemaSpecError)
    expect((thrown as SchemaSpecError).mistakes).toHaveLength(30)
    expect((thrown as Error).message).toMatch(
      /^invalid schema spec: spec\.p0\.type .*; and 10 more$/,
    )
  })
})
