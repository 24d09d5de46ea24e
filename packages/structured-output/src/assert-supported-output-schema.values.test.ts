import { describe, expect, it } from 'vitest'
import { asMember, violationsOf } from './__fixtures__/output-schema.js'

describe('assertSupportedOutputSchema refuses (one rule each): keyword values', () => {
  it('"required" not an array of strings', () => {
    expect(violationsOf({ type: 'object', required: 'a' })).toEqual([
      'schema: "required" must be an array of property names, got string',
    ])
    expect(
      violationsOf({ type: 'object', properties: { a: { type: 'string' } }, required: ['a', 1] }),
    ).toEqual(['schema: "required"[1] must be a string, got number'])
  })

  it('"required" naming something that is not an own key of "properties"', () => {
    expect(
      violationsOf({ type: 'object', properties: { a: { type: 'string' } }, required: ['b'] }),
    ).toEqual(['schema: "required" names "b", which is not a key of "properties"'])
    expect(violationsOf({ type: 'object', required: ['toString'] })).toEqual([
      'schema: "required" names "toString", which is not a key of "properties"',
    ])
  })

  it('"required" listing a name twice (2020-12: its items MUST be unique)', () => {
    expect(
      violationsOf({ type: 'object', properties: { a: { type: 'string' } }, required: ['a', 'a'] }),
    ).toEqual(['schema: "required" lists "a" more than once'])
  })

  it('"required" as a sparse array, stopping at the first hole', () => {
    const required: string[] = []
    required[4_000_000_000] = 'a'
    expect(
      violationsOf({ type: 'object', properties: { a: { type: 'string' } }, required }),
    ).toEqual(['schema: "required"[0] is a hole in a sparse array'])
  })

  it('"additionalProperties" not a boolean', () => {
    expect(violationsOf({ type: 'object', additionalProperties: { type: 'string' } })).toEqual([
      'schema: "additionalProperties" must be a boolean, got object',
    ])
  })

  it('"enum" empty', () => {
    expect(violationsOf(asMember({ type: 'string', enum: [] }))).toEqual([
      'schema.properties.a: "enum" must not be empty',
    ])
  })

  it('"enum" not an array', () => {
    expect(violationsOf(asMember({ type: 'string', enum: 'x' }))).toEqual([
      'schema.properties.a: "enum" must be an array of scalars, got string',
    ])
  })

  it('"enum" holding a non-scalar', () => {
    expect(
      violationsOf(asMember({ type: 'string', enum: ['x', { a: 1 }, ['y'], undefined] })),
    ).toEqual([
      'schema.properties.a: "enum"[1] must be a scalar (string, number, boolean or null), got object',
      'schema.properties.a: "enum"[2] must be a scalar (string, number, boolean or null), got array',
      'schema.properties.a: "enum"[3] must be a scalar (string, number, boolean or null), got undefined',
    ])
  })

  it('"enum" holding a non-finite number', () => {
    expect(
      violationsOf(asMember({ type: 'number', enum: [1, Number.NaN, Number.NEGATIVE_INFINITY] })),
    ).toEqual([
      'schema.properties.a: "enum"[1] must be a finite number, got NaN',
      'schema.properties.a: "enum"[2] must be a finite number, got -Infinity',
    ])
  })

  it('"enum" holding a value of another type than the node', () => {
    expect(violationsOf(asMember({ type: 'string', enum: ['x', 1, null] }))).toEqual([
      'schema.properties.a: "enum"[1] must match the node\'s "type": "string", got number',
      'schema.properties.a: "enum"[2] must match the node\'s "type": "string", got null',
    ])
    expect(violationsOf(asMember({ type: 'integer', enum: [1, 1.5] }))).toEqual([
      'schema.properties.a: "enum"[1] must match the node\'s "type": "integer", got 1.5',
    ])
    expect(violationsOf(asMember({ type: 'null', enum: [false] }))).toEqual([
      'schema.properties.a: "enum"[0] must match the node\'s "type": "null", got boolean',
    ])
  })

  it('"const" not a scalar of the node\'s type', () => {
    expect(violationsOf(asMember({ type: 'string', const: ['x'] }))).toEqual([
      'schema.properties.a: "const" must be a scalar (string, number, boolean or null), got array',
    ])
    expect(violationsOf(asMember({ type: 'boolean', const: 'true' }))).toEqual([
      'schema.properties.a: "const" must match the node\'s "type": "boolean", got string',
    ])
    expect(violationsOf(asMember({ type: 'integer', const: 0.5 }))).toEqual([
      'schema.properties.a: "const" must match the node\'s "type": "integer", got 0.5',
    ])
    expect(violationsOf(asMember({ type: 'number', const: Number.POSITIVE_INFINITY }))).toEqual([
      'schema.properties.a: "const" must be a finite number, got Infinity',
    ])
  })

  it('"description" or "title" not a string', () => {
    expect(violationsOf(asMember({ type: 'string', description: 1, title: ['t'] }))).toEqual([
      'schema.properties.a: "description" must be a string, got number',
      'schema.properties.a: "title" must be a string, got array',
    ])
  })

  it('"default" not JSON data', () => {
    const cyclic: Record<string, unknown> = {}
    cyclic.self = cyclic
    expect(violationsOf(asMember({ type: 'object', default: { a: [1, Number.NaN] } }))).toEqual([
      'schema.properties.a: "default" must be JSON data: $.a[1] is NaN',
    ])
    expect(violationsOf(asMember({ type: 'object', default: { when: new Date(0) } }))).toEqual([
      'schema.properties.a: "default" must be JSON data: $.when is an instance of Date, not a plain object or array',
    ])
    expect(violationsOf(asMember({ type: 'object', default: { gone: undefined } }))).toEqual([
      'schema.properties.a: "default" must be JSON data: $.gone is undefined',
    ])
    expect(violationsOf(asMember({ type: 'object', default: cyclic }))).toEqual([
      'schema.properties.a: "default" must be JSON data: $.self is a cycle back to an enclosing value',
    ])
    expect(violationsOf(asMember({ type: 'integer', default: 1n }))).toEqual([
      'schema.properties.a: "default" must be JSON data: $ is a bigint',
    ])
  })

  it('"default" as a sparse array, at its first hole, however long', () => {
    const sparse: unknown[] = ['x']
    sparse[2 ** 32 - 2] = 'y'
    expect(violationsOf(asMember({ type: 'array', default: sparse }))).toEqual([
      'schema.properties.a: "default" must be JSON data: $ is a sparse array (no element at index 1)',
    ])
  })

  it('"default" that throws while read, as a violation', () => {
    const hostile = {
      get a(): never {
        throw new Error('boom')
      },
    }
    expect(violationsOf(asMember({ type: 'object', default: hostile }))).toEqual([
      'schema.properties.a: "default" must be JSON data: $.a could not be read: boom',
    ])
  })

  it('"examples" not an array of JSON data', () => {
    expect(violationsOf(asMember({ type: 'string', examples: 'x' }))).toEqual([
      'schema.properties.a: "examples" must be an array of JSON values, got string',
    ])
    expect(violationsOf(asMember({ type: 'string', examples: ['x', () => 'y'] }))).toEqual([
      'schema.properties.a: "examples" must be JSON data: $[1] is a function',
    ])
  })
})
