import { Ajv } from 'ajv'
import { describe, expect, it } from 'vitest'
import { checkArgs } from './check-args.js'
import { SchemaSpecError } from './schema-spec-error.js'
import { schemaSpecToJsonSchema } from './schema-spec-to-json-schema.js'
import type { SchemaSpec } from './schema-spec.js'
import { standardSchema } from './standard-schema.js'
import { StandardSchemaError } from './standard-schema-error.js'

/** SPEC §10 "Out": a DSL schema as Standard Schema v1 and Standard JSON Schema v1. */

const spec = {
  path: { type: 'string', required: true, minLength: 1 },
  limit: { type: 'integer', minimum: 1, maximum: 500 },
  mode: { type: 'string', enum: ['fast', 'slow'], nullable: true },
  edits: {
    type: 'array',
    items: {
      type: 'object',
      properties: { line: { type: 'integer', required: true }, text: { type: 'string' } },
    },
  },
} as const satisfies SchemaSpec

describe('standardSchema(spec)', () => {
  it('is Standard Schema v1 of vendor toolpipe, frozen', () => {
    const schema = standardSchema(spec)
    const props = schema['~standard']
    expect(props.version).toBe(1)
    expect(props.vendor).toBe('toolpipe')
    expect(typeof props.validate).toBe('function')
    expect(Object.isFrozen(schema)).toBe(true)
    expect(Object.isFrozen(props)).toBe(true)
    expect(Object.isFrozen(props.jsonSchema)).toBe(true)
  })

  it('validates with checkArgs: valid arguments come back as the value itself', () => {
    const args = { path: 'a.ts', limit: 3, mode: null, edits: [{ line: 1 }] }
    const result = standardSchema(spec)['~standard'].validate(args)
    expect(result).toEqual({ value: args })
    expect((result as { value: unknown }).value).toBe(args)
  })

  it('returns one Standard issue per checkArgs issue, with the same path and message', () => {
    const args = { path: '', limit: 0.5, mode: 'medium', edits: [{ text: 1 }], extra: true }
    const result = standardSchema(spec)['~standard'].validate(args)
    const expected = checkArgs(spec, args)
    expect(expected.length).toBeGreaterThanOrEqual(4)
    expect(result).toEqual({ issues: expected })
    const issues = (result as { issues: readonly { path: unknown; message: unknown }[] }).issues
    expect(issues.map((issue) => [issue.path, issue.message])).toEqual(
      expected.map((issue) => [issue.path, issue.message]),
    )
  })

  it('refuses what is not an object with one issue at the root, and never throws', () => {
    const validate = standardSchema(spec)['~standard'].validate
    for (const value of [null, 'x', 3, [], undefined]) {
      const result = validate(value) as { issues: readonly { path: unknown }[] }
      expect(result.issues).toHaveLength(1)
      expect(result.issues[0]?.path).toEqual([])
    }
  })

  it('writes the spec JSON Schema for draft-2020-12 and draft-07, input and output alike, fresh each call', () => {
    const { jsonSchema } = standardSchema(spec)['~standard']
    const written = schemaSpecToJsonSchema(spec)
    for (const target of ['draft-2020-12', 'draft-07'] as const) {
      const input = jsonSchema.input({ target })
      expect(input).toEqual(written)
      expect(jsonSchema.output({ target })).toEqual(written)
      expect(jsonSchema.input({ target })).not.toBe(input)
      expect(input).not.toHaveProperty('$schema')
    }
    const once = jsonSchema.input({ target: 'draft-07' }) as { properties: { path: object } }
    once.properties.path = {}
    expect(jsonSchema.input({ target: 'draft-07' })).toEqual(written)
  })

  it('throws UNSUPPORTED_TARGET for any other target', () => {
    const { jsonSchema } = standardSchema(spec)['~standard']
    for (const target of ['openapi-3.0', 'draft-04', '', 'DRAFT-07']) {
      for (const side of [jsonSchema.input, jsonSchema.output]) {
        let thrown: unknown
        try {
          side({ target })
        } catch (error) {
          thrown = error
        }
        expect(thrown).toBeInstanceOf(StandardSchemaError)
        expect(thrown).toMatchObject({ code: 'UNSUPPORTED_TARGET', name: 'StandardSchemaError' })
        expect((thrown as Error).message).toContain('"draft-2020-12" and "draft-07"')
      }
    }
    // A caller that passes no options at all gets the same typed error, not a TypeError.
    const loose = jsonSchema.input as (options?: unknown) => unknown
    expect(() => loose()).toThrow(StandardSchemaError)
  })

  it('checks the spec when the schema is made', () => {
    expect(() => standardSchema({ bad: { type: 'date' } } as unknown as SchemaSpec)).toThrow(
      SchemaSpecError,
    )
  })

  it('writes a schema that Ajv in draft-07 mode judges as its validate does', () => {
    const schema = standardSchema(spec)
    const ajv = new Ajv({ strictNumbers: true, allErrors: true })
    const ajvValidate = ajv.compile(schema['~standard'].jsonSchema.input({ target: 'draft-07' }))
    const values: unknown[] = [
      { path: 'a' },
      { path: '' },
      { path: 'a', limit: 0 },
      { path: 'a', limit: 2.5 },
      { path: 'a', mode: null },
      { path: 'a', mode: 'slow' },
      { path: 'a', mode: 'medium' },
      { path: 'a', edits: [{ line: 1, text: 'x' }] },
      { path: 'a', edits: [{ text: 'x' }] },
      { limit: 3 },
      [],
      'x',
    ]
    for (const value of values) {
      const ours = !('issues' in (schema['~standard'].validate(value) as object))
      expect([value, ours]).toEqual([value, ajvValidate(value)])
    }
  })
})
