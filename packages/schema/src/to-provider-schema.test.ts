import { beforeEach, describe, expect, it } from 'vitest'
import { dialects, isDialect } from './dialect.js'
import type { DialectIssue } from './dialect-issue.js'
import type { ProviderJsonSchema } from './json-schema-object.js'
import { SchemaSpecError } from './schema-spec-error.js'
import { schemaSpecToJsonSchema } from './schema-spec-to-json-schema.js'
import type { SchemaSpec } from './schema-spec.js'
import { jsonSchemaToProviderSchema, toProviderSchema } from './to-provider-schema.js'
import { everyKeyword } from './__fixtures__/provider-schema.js'

/**
 * SPEC §9.3, rule by rule. The provider documents (read for these tests; see the package README
 * for the whole table):
 * [OpenAI] https://developers.openai.com/api/docs/guides/structured-outputs#supported-schemas
 * [Gemini] https://ai.google.dev/api/caching#Schema (googleapis/js-genai src/types.ts `Schema`)
 * [Anthropic] https://platform.claude.com/docs/en/agents-and-tools/tool-use/define-tools
 */

/** Exactly one issue, fatal, about `keyword` (when given), whose message says `words`. */
function expectOneFatal(
  issues: readonly DialectIssue[],
  keyword: string | undefined,
  words: string,
): void {
  expect(issues).toHaveLength(1)
  expect(issues[0]?.fatal).toBe(true)
  if (keyword !== undefined) expect(issues[0]?.keyword).toBe(keyword)
  expect(issues[0]?.message).toContain(words)
}

describe('the result (SPEC §9.3: { schema: JsonSchemaObject; issues: DialectIssue[] })', () => {
  it.each(dialects)('%s: { schema, issues } and nothing else', (dialect) => {
    const spec = { a: { type: 'string' } } as const
    const result = toProviderSchema(spec, dialect)
    expect(Object.keys(result)).toEqual(['schema', 'issues'])
    expect(result).toStrictEqual({ schema: result.schema, issues: [] })
  })
})

describe('json-schema (SPEC §9.3: today’s schemaSpecToJsonSchema output)', () => {
  it('is exactly schemaSpecToJsonSchema, with no issue', () => {
    const { schema, issues } = toProviderSchema(everyKeyword, 'json-schema')
    expect(schema).toEqual(schemaSpecToJsonSchema(everyKeyword))
    expect(issues).toEqual([])
  })

  it('keeps a hand-written schema as written, keywords outside the subset included', () => {
    const parameters = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { url: { type: 'string', format: 'uri' } },
    }
    expect(jsonSchemaToProviderSchema(parameters, 'json-schema')).toEqual({
      schema: parameters,
      issues: [],
    })
  })
})

describe('openai-strict: [OpenAI] Structured Outputs, function calling with strict: true', () => {
  // Computed per test, not while the describe block is collected: code reached outside a test
  // is a "static" mutant to Stryker, which then runs the whole suite for it.
  let schema: ProviderJsonSchema
  let issues: readonly DialectIssue[]
  beforeEach(() => {
    ;({ schema, issues } = toProviderSchema(everyKeyword, 'openai-strict'))
  })

  it('"additionalProperties: false must always be set in objects" and "All fields must be required", nested objects included', () => {
    expect(schema.additionalProperties).toBe(false)
    expect(schema.required).toEqual(Object.keys(everyKeyword))
    expect(schema.properties?.target?.anyOf?.[1]).toEqual({
      type: 'object',
      properties: { line: { type: 'integer' } },
      required: ['line'],
      additionalProperties: false,
    })
  })

  it('an optional property becomes nullable ("emulate an optional parameter by using a union type with null"); a required one does not', () => {
    expect(schema.properties?.query?.type).toBe('string')
    expect(schema.properties?.code?.type).toEqual(['string', 'null'])
    expect(schema.properties?.level).toEqual({ type: ['integer', 'null'], enum: [1, 2, 3, null] })
    // already nullable: unchanged
    expect(schema.properties?.mode).toEqual({
      type: ['string', 'null'],
      enum: ['fast', 'slow', null],
    })
    // a union gets a null alternative, as openai-agents-js strictToolSchema.ts writes it
    expect(schema.properties?.target?.anyOf?.at(-1)).toEqual({ type: 'null' })
  })

  it('keeps what "Supported properties" lists: pattern, minimum, maximum, exclusiveMinimum, exclusiveMaximum, minItems, maxItems, enum, anyOf', () => {
    expect(schema.properties?.code?.pattern).toBe('^[A-Z]+$')
    expect(schema.properties?.limit).toMatchObject({ minimum: 1, maximum: 500 })
    expect(schema.properties?.ratio).toMatchObject({ exclusiveMinimum: 0, exclusiveMaximum: 1 })
    expect(schema.properties?.tags).toMatchObject({ minItems: 1, maxItems: 5 })
  })

  it('moves minLength, maxLength (not among "Supported string properties") and default (not listed) into the description as words', () => {
    expect(schema.properties?.query).toEqual({
      type: 'string',
      description: 'what to find (at most 80 characters)',
    })
    expect(schema.properties?.code?.description).toBe('at least 2 characters')
    expect(schema.properties?.code).not.toHaveProperty('minLength')
    expect(schema.properties?.limit?.description).toBe('default: 20')
    expect(schema.properties?.limit).not.toHaveProperty('default')
    expect(issues).toEqual([
      {
        path: 'parameters.properties.query',
        keyword: 'maxLength',
        message:
          '"maxLength" is not supported by openai-strict: moved into the description as "at most 80 characters"; the arguments are still checked against it',
        fatal: false,
      },
      expect.objectContaining({
        path: 'parameters.properties.code',
        keyword: 'minLength',
        fatal: false,
      }),
      expect.objectContaining({
        path: 'parameters.properties.limit',
        keyword: 'default',
        fatal: false,
      }),
    ])
  })

  it('a free-form object is fatal (strict mode needs every member listed)', () => {
    const result = toProviderSchema(
      { options: { type: 'object' }, nested: { type: 'array', items: { type: 'object' } } },
      'openai-strict',
    )
    expect(result.issues.filter((found) => found.fatal)).toEqual([
      expect.objectContaining({ path: 'parameters.properties.options', keyword: 'properties' }),
      expect.objectContaining({
        path: 'parameters.properties.nested.items',
        keyword: 'properties',
      }),
    ])
  })

  it('an object with no members is a closed empty object, not a free-form one', () => {
    expect(toProviderSchema({}, 'openai-strict')).toEqual({
      schema: { type: 'object', properties: {}, required: [], additionalProperties: false },
      issues: [],
    })
  })

  it('"A schema may have up to 5000 object properties total, with up to 10 levels of nesting": past either is fatal', () => {
    let deep: SchemaSpec = { leaf: { type: 'string' } }
    for (let level = 0; level < 10; level++) deep = { child: { type: 'object', properties: deep } }
    expectOneFatal(toProviderSchema(deep, 'openai-strict').issues, 'properties', '11 levels')
    let nine: SchemaSpec = { leaf: { type: 'string' } }
    for (let level = 0; level < 9; level++) nine = { child: { type: 'object', properties: nine } }
    expect(toProviderSchema(nine, 'openai-strict').issues).toEqual([])

    const wide: Record<string, { type: 'string' }> = {}
    for (let index = 0; index < 5001; index++) wide[`p${index}`] = { type: 'string' }
    expectOneFatal(
      toProviderSchema(wide, 'openai-strict').issues,
      undefined,
      '5001 object properties',
    )
  })

  it('"Limitations on enum size" and "on total string size": past them is fatal', () => {
    const many = Array.from({ length: 1001 }, (_, index) => index)
    expectOneFatal(
      toProviderSchema({ n: { type: 'integer', enum: many, required: true } }, 'openai-strict')
        .issues,
      'enum',
      '1001 enum values',
    )
    const long = Array.from({ length: 251 }, (_, index) => `${index}`.padEnd(60, 'x'))
    expect(
      toProviderSchema({ s: { type: 'string', enum: long, required: true } }, 'openai-strict')
        .issues,
    ).toEqual([
      expect.objectContaining({ path: 'parameters.properties.s', keyword: 'enum', fatal: true }),
    ])
    const names: Record<string, { type: 'string'; required: true }> = {}
    for (let index = 0; index < 1300; index++)
      names[`${index}`.padEnd(100, 'n')] = { type: 'string', required: true }
    expectOneFatal(toProviderSchema(names, 'openai-strict').issues, undefined, '120000')
  })
})

describe('openai (non-strict) and the arrays every OpenAI mode refuses', () => {
  it('is the JSON Schema as it is, without $schema, objects closed only where the schema says', () => {
    expect(toProviderSchema(everyKeyword, 'openai')).toEqual({
      schema: schemaSpecToJsonSchema(everyKeyword),
      issues: [],
    })
    const handWritten = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { a: { type: 'string' } },
      additionalProperties: false,
    }
    expect(jsonSchemaToProviderSchema(handWritten, 'openai').schema).toEqual({
      type: 'object',
      properties: { a: { type: 'string' } },
      additionalProperties: false,
    })
  })

  it.each(['openai', 'openai-strict'] as const)(
    '%s: an array without items is fatal (the API answers "array schema missing items", quoted in sigoden/aichat#1049)',
    (dialect) => {
      const { issues } = toProviderSchema({ list: { type: 'array', required: true } }, dialect)
      expect(issues).toEqual([
        expect.objectContaining({
          path: 'parameters.properties.list',
          keyword: 'items',
          fatal: true,
        }),
      ])
    },
  )

  it('keeps a keyword outside the subset as written, with a non-fatal issue; format as written, without one', () => {
    const { schema, issues } = jsonSchemaToProviderSchema(
      {
        type: 'object',
        properties: {
          url: { type: 'string', format: 'uri' },
          blob: { type: 'string', contentEncoding: 'base64' },
        },
      },
      'openai',
    )
    expect(schema.properties?.url).toEqual({ type: 'string', format: 'uri' })
    expect(schema.properties?.blob).toEqual({ type: 'string', contentEncoding: 'base64' })
    expect(issues).toEqual([
      expect.objectContaining({
        path: 'parameters.properties.blob',
        keyword: 'contentEncoding',
        fatal: false,
      }),
    ])
  })
})

describe('anthropic: [Anthropic] input_schema, a JSON Schema object with an object root', () => {
  it('is the JSON Schema as it is, arrays without items included', () => {
    const spec = { ...everyKeyword, list: { type: 'array' }, options: { type: 'object' } } as const
    expect(toProviderSchema(spec, 'anthropic')).toEqual({
      schema: schemaSpecToJsonSchema(spec),
      issues: [],
    })
  })
})

describe('every dialect', () => {
  it.each(dialects)('%s: a root that is not an object schema is fatal', (dialect) => {
    expect(jsonSchemaToProviderSchema({ type: 'string' }, dialect).issues).toEqual([
      expect.objectContaining({ path: 'parameters', keyword: 'type', fatal: true }),
    ])
  })

  it.each(dialects)('%s: a fresh object every call, sharing nothing with the spec', (dialect) => {
    const first = toProviderSchema(everyKeyword, dialect)
    const second = toProviderSchema(everyKeyword, dialect)
    expect(second).toEqual(first)
    expect(second.schema).not.toBe(first.schema)
    expect(second.schema.properties).not.toBe(first.schema.properties)
  })

  it('refuses an invalid spec with SchemaSpecError', () => {
    expect(() => toProviderSchema({ a: { type: 'string', minLength: -1 } }, 'gemini')).toThrow(
      SchemaSpecError,
    )
  })

  it('isDialect knows the five names', () => {
    expect(dialects.filter(isDialect)).toEqual([...dialects])
    expect(isDialect('openai-json')).toBe(false)
  })
})
