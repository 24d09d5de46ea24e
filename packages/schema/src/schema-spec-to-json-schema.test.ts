import { describe, expect, it } from 'vitest'
import { SchemaSpecError } from './schema-spec-error.js'
import { schemaSpecToJsonSchema } from './schema-spec-to-json-schema.js'
import type { SchemaSpec } from './schema-spec.js'

const spec = {
  edits: {
    type: 'array',
    required: true,
    description: 'the edits, applied in order',
    items: {
      type: 'object',
      required: true,
      properties: {
        path: { type: 'string', required: true },
        mode: {
          default: 'replace',
          enum: ['replace', 'append'],
          description: 'how',
          type: 'string',
        },
        options: { type: 'object', properties: { force: { type: 'boolean' } } },
      },
    },
  },
  limit: { type: 'number', default: 10 },
  meta: { type: 'object', default: { a: [1, null] } },
  tags: { type: 'array' },
  dryRun: { type: 'boolean', required: true },
} as const satisfies SchemaSpec

describe('schemaSpecToJsonSchema', () => {
  it('writes the JSON Schema providers take as tool parameters', () => {
    expect(schemaSpecToJsonSchema(spec)).toEqual({
      type: 'object',
      properties: {
        edits: {
          type: 'array',
          description: 'the edits, applied in order',
          items: {
            type: 'object',
            properties: {
              path: { type: 'string' },
              mode: {
                type: 'string',
                description: 'how',
                enum: ['replace', 'append'],
                default: 'replace',
              },
              options: { type: 'object', properties: { force: { type: 'boolean' } } },
            },
            required: ['path'],
          },
        },
        limit: { type: 'number', default: 10 },
        meta: { type: 'object', default: { a: [1, null] } },
        tags: { type: 'array' },
        dryRun: { type: 'boolean' },
      },
      required: ['edits', 'dryRun'],
    })
  })

  it('orders keys: type, description, enum, default, then properties and required, or items', () => {
    const schema = schemaSpecToJsonSchema(spec)
    const edits = schema.properties.edits!
    expect(Object.keys(schema)).toEqual(['type', 'properties', 'required'])
    expect(Object.keys(edits)).toEqual(['type', 'description', 'items'])
    expect(Object.keys(edits.items!)).toEqual(['type', 'properties', 'required'])
    expect(Object.keys(edits.items!.properties!.mode!)).toEqual([
      'type',
      'description',
      'enum',
      'default',
    ])
    expect(Object.keys(schema.properties)).toEqual(['edits', 'limit', 'meta', 'tags', 'dryRun'])
  })

  it('lists required names in declaration order and leaves out an empty required', () => {
    const schema = schemaSpecToJsonSchema({
      z: { type: 'string', required: true },
      a: { type: 'string' },
      m: { type: 'object', required: true, properties: { x: { type: 'string' } } },
    })
    expect(schema.required).toEqual(['z', 'm'])
    expect(schema.properties.m).toEqual({ type: 'object', properties: { x: { type: 'string' } } })
    expect('required' in schemaSpecToJsonSchema({ a: { type: 'string' } })).toBe(false)
    expect(schemaSpecToJsonSchema({})).toEqual({ type: 'object', properties: {} })
  })

  it('ignores the required flag of an array item', () => {
    const schema = schemaSpecToJsonSchema({
      list: { type: 'array', items: { type: 'string', required: true } },
    })
    expect(schema.properties.list).toEqual({ type: 'array', items: { type: 'string' } })
  })

  it('returns a fresh plain object each call, sharing nothing with the spec or earlier results', () => {
    const first = schemaSpecToJsonSchema(spec)
    const second = schemaSpecToJsonSchema(spec)
    expect(second).toEqual(first)
    expect(second).not.toBe(first)
    expect(second.properties).not.toBe(first.properties)
    const firstMode = first.properties.edits!.items!.properties!.mode!
    const secondMode = second.properties.edits!.items!.properties!.mode!
    expect(secondMode.enum).not.toBe(firstMode.enum)
    expect(secondMode.enum).not.toBe(spec.edits.items.properties.mode.enum)
    expect(second.properties.meta!.default).not.toBe(first.properties.meta!.default)
    expect(second.properties.meta!.default).not.toBe(spec.meta.default)
    expect(Object.getPrototypeOf(first)).toBe(Object.prototype)
    expect(Object.isFrozen(first)).toBe(false)

    firstMode.enum!.push('mutated')
    ;(first.properties.meta!.default as { a: unknown[] }).a.push('mutated')
    first.required!.push('mutated')
    expect(schemaSpecToJsonSchema(spec)).toEqual(second)
  })

  it('survives a JSON round trip unchanged', () => {
    const schema = schemaSpecToJsonSchema(spec)
    expect(JSON.parse(JSON.stringify(schema))).toEqual(schema)
  })

  it('refuses an invalid spec with SchemaSpecError', () => {
    expect(() => schemaSpecToJsonSchema({ a: { type: 'string', enum: [] } })).toThrow(
      SchemaSpecError,
    )
  })
})

describe('schemaSpecToJsonSchema of the §9.2 keywords', () => {
  it('writes each keyword in its place, nullable as [T, "null"] with null in the enum, anyOf without type', () => {
    const schema = schemaSpecToJsonSchema({
      limit: { type: 'integer', description: 'rows', minimum: 1, maximum: 500, default: 20 },
      ratio: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 },
      mode: { type: 'string', enum: ['a'], nullable: true, description: 'how' },
      title: { type: 'string', minLength: 1, maxLength: 80, pattern: '\\S' },
      tags: { type: 'array', items: { type: 'string', required: true }, minItems: 1, maxItems: 5 },
      target: {
        anyOf: [
          { type: 'string', required: true },
          { type: 'integer', nullable: true },
        ],
        description: 'a path or a line',
        required: true,
      },
    })
    expect(JSON.stringify(schema)).toBe(
      JSON.stringify({
        type: 'object',
        properties: {
          limit: { type: 'integer', description: 'rows', default: 20, minimum: 1, maximum: 500 },
          ratio: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 },
          mode: { type: ['string', 'null'], description: 'how', enum: ['a', null] },
          title: { type: 'string', minLength: 1, maxLength: 80, pattern: '\\S' },
          tags: { type: 'array', minItems: 1, maxItems: 5, items: { type: 'string' } },
          target: {
            anyOf: [{ type: 'string' }, { type: ['integer', 'null'] }],
            description: 'a path or a line',
          },
        },
        required: ['target'],
      }),
    )
  })
})
