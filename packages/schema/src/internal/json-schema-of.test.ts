import { describe, expect, it } from 'vitest'
import { compiledSpec } from './compile-spec.js'
import { objectSchemaOf, propToJson } from './json-schema-of.js'

describe('objectSchemaOf', () => {
  it('writes the members’ JSON Schema, required ones listed, as a fresh object', () => {
    const { fields } = compiledSpec({
      path: { type: 'string', required: true, description: 'the file' },
      mode: { type: 'string', enum: ['a', 'b'], nullable: true },
      limit: { type: 'integer', minimum: 1, default: 10 },
    })
    const schema = objectSchemaOf(fields)
    expect(schema).toEqual({
      type: 'object',
      properties: {
        path: { type: 'string', description: 'the file' },
        mode: { type: ['string', 'null'], enum: ['a', 'b', null] },
        limit: { type: 'integer', minimum: 1, default: 10 },
      },
      required: ['path'],
    })
    expect(objectSchemaOf(fields)).not.toBe(schema)
    expect(objectSchemaOf(compiledSpec({}).fields)).toEqual({ type: 'object', properties: {} })
  })
})

describe('propToJson', () => {
  it('writes a union as anyOf, and nested items and properties', () => {
    const [target, edits] = compiledSpec({
      target: { anyOf: [{ type: 'string' }, { type: 'integer' }], description: 'a line' },
      edits: {
        type: 'array',
        minItems: 1,
        items: { type: 'object', properties: { path: { type: 'string', required: true } } },
      },
    }).fields
    expect(propToJson(target!)).toEqual({
      anyOf: [{ type: 'string' }, { type: 'integer' }],
      description: 'a line',
    })
    expect(propToJson(edits!)).toEqual({
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        properties: { path: { type: 'string' } },
        required: ['path'],
      },
    })
  })
})
