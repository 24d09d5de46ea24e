import { beforeEach, describe, expect, it } from 'vitest'
import type { DialectIssue } from './dialect-issue.js'
import type { ProviderJsonSchema } from './json-schema-object.js'
import { jsonSchemaToProviderSchema, toProviderSchema } from './to-provider-schema.js'
import { everyKeyword } from './__fixtures__/provider-schema.js'

describe('gemini: [Gemini] the OpenAPI 3.0 Schema subset of function declarations', () => {
  // Computed per test, not while the describe block is collected: code reached outside a test
  // is a "static" mutant to Stryker, which then runs the whole suite for it.
  let schema: ProviderJsonSchema
  let issues: readonly DialectIssue[]
  beforeEach(() => {
    ;({ schema, issues } = toProviderSchema(everyKeyword, 'gemini'))
  })

  it('writes Schema.nullable instead of a type array (as js-genai processJsonSchema does), null out of the enum', () => {
    expect(schema.properties?.mode).toEqual({
      type: 'string',
      nullable: true,
      enum: ['fast', 'slow'],
    })
    expect(schema.properties?.flag).toEqual({ type: 'boolean', nullable: true })
  })

  it('keeps Schema.minLength, maxLength, pattern, minimum, maximum, minItems, maxItems, default, description, anyOf', () => {
    expect(schema.properties?.query).toEqual({
      type: 'string',
      description: 'what to find',
      maxLength: 80,
    })
    expect(schema.properties?.code).toEqual({ type: 'string', minLength: 2, pattern: '^[A-Z]+$' })
    expect(schema.properties?.limit).toEqual({
      type: 'integer',
      default: 20,
      minimum: 1,
      maximum: 500,
    })
    expect(schema.properties?.tags).toMatchObject({ minItems: 1, maxItems: 5 })
    expect(schema.properties?.target?.anyOf).toHaveLength(2)
  })

  it('Schema.enum holds strings: an integer enum is written as its documented form {type: INTEGER, format: enum, enum: ["101", …]}', () => {
    expect(schema.properties?.level).toEqual({
      type: 'integer',
      format: 'enum',
      enum: ['1', '2', '3'],
    })
  })

  it('a number enum is fatal (strings only, and only integers documented)', () => {
    expect(
      toProviderSchema({ scale: { type: 'number', enum: [0.5, 1] } }, 'gemini').issues,
    ).toEqual([
      expect.objectContaining({
        path: 'parameters.properties.scale',
        keyword: 'enum',
        fatal: true,
      }),
    ])
  })

  it('Schema has no exclusiveMinimum/Maximum: exact inclusive bounds on integers, words on numbers', () => {
    expect(schema.properties?.ratio).toEqual({
      type: 'number',
      description: 'greater than 0; less than 1',
    })
    expect(issues.map((found) => [found.keyword, found.fatal])).toEqual([
      ['exclusiveMinimum', false],
      ['exclusiveMaximum', false],
    ])
    expect(
      toProviderSchema(
        { n: { type: 'integer', exclusiveMinimum: 0.5, minimum: 0, exclusiveMaximum: 10 } },
        'gemini',
      ).schema.properties?.n,
    ).toEqual({ type: 'integer', minimum: 1, maximum: 9 })
  })

  it('no additionalProperties (Schema has none) and no empty properties ("should be non-empty for OBJECT type")', () => {
    expect(toProviderSchema({}, 'gemini').schema).toEqual({ type: 'object' })
    expect(
      toProviderSchema({ o: { type: 'object', properties: {} } }, 'gemini').schema.properties?.o,
    ).toEqual({ type: 'object' })
    const handWritten = jsonSchemaToProviderSchema(
      { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false },
      'gemini',
    )
    expect(handWritten.schema).toEqual({ type: 'object', properties: { a: { type: 'string' } } })
    expect(handWritten.issues).toEqual([
      expect.objectContaining({ keyword: 'additionalProperties', fatal: false }),
    ])
  })

  it('an array without items is fatal ("items: missing field", cline/cline#7339); $schema and keywords outside the subset too', () => {
    expect(toProviderSchema({ list: { type: 'array' } }, 'gemini').issues).toEqual([
      expect.objectContaining({ keyword: 'items', fatal: true }),
    ])
    const { schema: converted, issues: found } = jsonSchemaToProviderSchema(
      {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        properties: { u: { type: 'string', contentEncoding: 'base64' } },
      },
      'gemini',
    )
    expect(converted).not.toHaveProperty('$schema')
    expect(found).toEqual([expect.objectContaining({ keyword: 'contentEncoding', fatal: true })])
  })

  it.each(['constructor', 'toString', 'hasOwnProperty', '__proto__'])(
    'a keyword named like an Object.prototype member ("%s") is outside the subset, not a rule of the table',
    (keyword) => {
      const parsed = JSON.parse(
        `{"type":"object","properties":{"a":{"type":"string","${keyword}":1}}}`,
      ) as ProviderJsonSchema
      for (const dialect of ['openai-strict', 'gemini'] as const) {
        expect(jsonSchemaToProviderSchema(parsed, dialect).issues).toEqual([
          {
            path: 'parameters.properties.a',
            keyword,
            message: `"${keyword}" is outside toolpipe's schema subset and cannot be converted for ${dialect}`,
            fatal: true,
          },
        ])
      }
      for (const dialect of ['openai', 'anthropic'] as const) {
        const { schema, issues } = jsonSchemaToProviderSchema(parsed, dialect)
        expect(issues).toEqual([
          {
            path: 'parameters.properties.a',
            keyword,
            message: `"${keyword}" is outside toolpipe's schema subset: sent to ${dialect} as written, without conversion`,
            fatal: false,
          },
        ])
        // As written: an own member of the node ("__proto__" defined, never the prototype).
        const node = schema.properties?.a as object
        expect(Object.getOwnPropertyDescriptor(node, keyword)?.value).toBe(1)
        expect(Object.getPrototypeOf(node)).toBe(Object.prototype)
      }
    },
  )
})
