import type { StandardJSONSchemaV1 } from '@standard-schema/spec'
import { toStandardJsonSchema } from '@valibot/to-json-schema'
import { type } from 'arktype'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { assertStandardToolSchema } from './assert-standard-tool-schema.js'
import { standardSchema } from './standard-schema.js'
import { StandardSchemaError } from './standard-schema-error.js'
import { standardSchemaToJsonSchema } from './standard-schema-to-json-schema.js'
import type { StandardJSONSchemaSource } from './standard-tool-schema.js'

/** SPEC §10: parameters become `jsonSchema.input({ target: 'draft-2020-12' })`. */

function refusal(source: unknown): StandardSchemaError {
  try {
    standardSchemaToJsonSchema(source as StandardJSONSchemaSource)
  } catch (error) {
    expect(error).toBeInstanceOf(StandardSchemaError)
    return error as StandardSchemaError
  }
  throw new Error('expected a StandardSchemaError')
}

/** A Standard JSON Schema whose converter's `input` is `input`. */
function converter(input: (options: StandardJSONSchemaV1.Options) => unknown, vendor = 'acme') {
  return {
    '~standard': {
      version: 1,
      vendor,
      validate: () => ({ value: {} }),
      jsonSchema: { input, output: input },
    },
  } as unknown as StandardJSONSchemaSource
}

describe('standardSchemaToJsonSchema', () => {
  it('writes what each library writes for draft 2020-12', () => {
    const zodSchema = z.object({
      path: z.string().describe('file'),
      limit: z.number().int().min(1).optional(),
    })
    expect(standardSchemaToJsonSchema(zodSchema)).toEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        path: { type: 'string', description: 'file' },
        limit: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
      },
      required: ['path'],
    })
    const valibotSchema = toStandardJsonSchema(
      v.object({
        path: v.string(),
        limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
      }),
    )
    expect(standardSchemaToJsonSchema(valibotSchema)).toEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { path: { type: 'string' }, limit: { type: 'integer', minimum: 1 } },
      required: ['path'],
    })
    expect(
      standardSchemaToJsonSchema(type({ path: 'string', 'limit?': 'number.integer >= 1' })),
    ).toEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { path: { type: 'string' }, limit: { type: 'integer', minimum: 1 } },
      required: ['path'],
    })
  })

  it('asks the library once per schema object, with the draft-2020-12 target, and returns fresh copies', () => {
    const asked: unknown[] = []
    const source = converter((options) => {
      asked.push(options)
      return { type: 'object', properties: { a: { type: 'string' } } }
    })
    const first = standardSchemaToJsonSchema(source)
    const second = standardSchemaToJsonSchema(source)
    expect(asked).toEqual([{ target: 'draft-2020-12' }])
    expect(first).toEqual(second)
    expect(first).not.toBe(second)
    ;(first.properties as Record<string, unknown>).a = {}
    expect(standardSchemaToJsonSchema(source)).toEqual(second)
  })

  it('takes toolpipe standardSchema(spec) back as the spec JSON Schema', () => {
    expect(
      standardSchemaToJsonSchema(standardSchema({ a: { type: 'string', required: true } })),
    ).toEqual({
      type: 'object',
      properties: { a: { type: 'string' } },
      required: ['a'],
    })
  })

  it('refuses a Standard Schema without JSON Schema with NO_JSON_SCHEMA and the way to get one', () => {
    const bare = v.object({ path: v.string() })
    const valibotError = refusal(bare)
    expect(valibotError.code).toBe('NO_JSON_SCHEMA')
    expect(valibotError.message).toContain('toStandardJsonSchema() from @valibot/to-json-schema')
    const other = refusal({
      '~standard': { version: 1, vendor: 'acme', validate: () => ({ value: 1 }) },
    })
    expect(other.code).toBe('NO_JSON_SCHEMA')
    expect(other.message).toBe(
      "the acme schema is a Standard Schema without a JSON Schema side (~standard.jsonSchema is undefined, or has no input() function), and a tool's parameters must be shown to the model as JSON Schema: use a schema library (or an adapter of yours) that implements Standard JSON Schema v1, or write the JSON Schema by hand in a ToolDefinition with its own checkArgs",
    )
    expect(refusal(converter('no' as never)).code).toBe('NO_JSON_SCHEMA')
  })

  it('refuses what the library cannot write with JSON_SCHEMA_FAILED, keeping its words', () => {
    const error = refusal(z.object({ when: z.date() }))
    expect(error.code).toBe('JSON_SCHEMA_FAILED')
    expect(error.message).toContain('Date cannot be represented in JSON Schema')
    expect(error.cause).toBeInstanceOf(Error)
    const cyclic: Record<string, unknown> = { type: 'object' }
    cyclic.self = cyclic
    for (const written of [
      cyclic,
      { type: 'object', f: () => 1 },
      { type: 'object', n: Number.NaN },
    ]) {
      expect(refusal(converter(() => written)).code).toBe('JSON_SCHEMA_FAILED')
    }
  })

  it('refuses a root that is not an object schema with NOT_OBJECT_SCHEMA', () => {
    for (const schema of [
      z.string(),
      z.union([z.object({ a: z.string() }), z.object({ b: z.string() })]),
      type('string'),
      toStandardJsonSchema(v.array(v.string())),
    ]) {
      const error = refusal(schema)
      expect(error.code).toBe('NOT_OBJECT_SCHEMA')
      expect(error.message).toContain('must be an object schema')
    }
    expect(refusal(converter(() => ['type', 'object'])).code).toBe('NOT_OBJECT_SCHEMA')
  })

  it('refuses hostile objects with NOT_STANDARD_SCHEMA, never a raw error', () => {
    const hostile = [
      {
        get '~standard'(): never {
          throw new Error('trap')
        },
      },
      new Proxy(
        {},
        {
          has: () => true,
          get: () => {
            throw new Error('trap')
          },
        },
      ),
      {
        '~standard': {
          version: 1,
          vendor: 'x',
          get jsonSchema(): never {
            throw new Error('trap')
          },
        },
      },
      null,
      42,
    ]
    for (const source of hostile) expect(refusal(source).code).toBe('NOT_STANDARD_SCHEMA')
  })
})

describe('assertStandardToolSchema', () => {
  it('passes the three libraries and standardSchema(spec)', () => {
    for (const schema of [
      z.object({ a: z.string() }),
      type({ a: 'string' }),
      toStandardJsonSchema(v.object({ a: v.string() })),
      standardSchema({ a: { type: 'string' } }),
    ]) {
      expect(() => {
        assertStandardToolSchema(schema)
      }).not.toThrow()
    }
  })

  it('refuses a JSON Schema side without validate, and each refusal of the JSON side', () => {
    const input = () => ({ type: 'object' })
    const cases: [unknown, string][] = [
      [
        { '~standard': { version: 1, vendor: 'acme', jsonSchema: { input, output: input } } },
        'NOT_STANDARD_SCHEMA',
      ],
      [v.object({ a: v.string() }), 'NO_JSON_SCHEMA'],
      [z.object({ when: z.date() }), 'JSON_SCHEMA_FAILED'],
      [z.string(), 'NOT_OBJECT_SCHEMA'],
      [{ path: { type: 'string' } }, 'NOT_STANDARD_SCHEMA'],
    ]
    for (const [schema, code] of cases) {
      let thrown: unknown
      try {
        assertStandardToolSchema(schema)
      } catch (error) {
        thrown = error
      }
      expect(thrown).toBeInstanceOf(StandardSchemaError)
      expect((thrown as StandardSchemaError).code).toBe(code)
    }
  })
})
