import { describe, expect, it } from 'vitest'
import type { Dialect } from './dialect.js'
import { toProviderSchema } from './to-provider-schema.js'
import { convert, member } from './__fixtures__/convert.js'

/**
 * SPEC §9.3, the dialect rules one at a time on hand-written JSON Schemas
 * (`jsonSchemaToProviderSchema`): the exact schema each dialect writes and the exact issue it
 * reports, message included (the message is what an integrator shows when a tool is refused).
 */

describe('gemini: exclusive bounds', () => {
  it('on an integer, the inclusive bound, with its message; the tighter of an existing one wins whichever comes first', () => {
    expect(convert(member({ type: 'integer', exclusiveMaximum: 10 }), 'gemini')).toEqual({
      schema: { type: 'object', properties: { m: { type: 'integer', maximum: 9 } } },
      issues: [
        {
          path: 'parameters.properties.m',
          keyword: 'exclusiveMaximum',
          message:
            'Gemini has no "exclusiveMaximum": written as maximum 9, the same bound on integers',
          fatal: false,
        },
      ],
    })
    const m = (schema: unknown): unknown => convert(member(schema), 'gemini').schema.properties?.m
    expect(m({ type: 'integer', exclusiveMinimum: 2.5 })).toEqual({ type: 'integer', minimum: 3 })
    expect(m({ type: 'integer', exclusiveMaximum: 2.5 })).toEqual({ type: 'integer', maximum: 2 })
    expect(m({ type: 'integer', exclusiveMinimum: 2 })).toEqual({ type: 'integer', minimum: 3 })
    // an existing inclusive bound that is tighter stays, written before or after
    expect(m({ type: 'integer', minimum: 5, exclusiveMinimum: 2 })).toEqual({
      type: 'integer',
      minimum: 5,
    })
    expect(m({ type: 'integer', exclusiveMinimum: 2, minimum: 5 })).toEqual({
      type: 'integer',
      minimum: 5,
    })
    expect(m({ type: 'integer', maximum: 5, exclusiveMaximum: 9 })).toEqual({
      type: 'integer',
      maximum: 5,
    })
    expect(m({ type: 'integer', exclusiveMaximum: 9, maximum: 5 })).toEqual({
      type: 'integer',
      maximum: 5,
    })
    expect(m({ type: 'integer', exclusiveMaximum: 3, maximum: 5 })).toEqual({
      type: 'integer',
      maximum: 2,
    })
    expect(m({ type: 'integer', exclusiveMinimum: 2, minimum: 1 })).toEqual({
      type: 'integer',
      minimum: 3,
    })
    // a bound that is no number counts as 0
    expect(m({ type: 'integer', exclusiveMinimum: 'x' })).toEqual({ type: 'integer', minimum: 1 })
    // minimum and maximum stay where no exclusive bound was written
    expect(m({ type: 'number', minimum: 1, maximum: 2 })).toEqual({
      type: 'number',
      minimum: 1,
      maximum: 2,
    })
  })

  it('only minimum and maximum are skipped when written already: the format of an integer enum, which Gemini writes as format "enum", becomes words', () => {
    expect(convert(member({ type: 'integer', enum: [1], format: 'int32' }), 'gemini')).toEqual({
      schema: {
        type: 'object',
        properties: {
          m: { type: 'integer', format: 'enum', enum: ['1'], description: 'format: int32' },
        },
      },
      issues: [
        {
          path: 'parameters.properties.m',
          keyword: 'format',
          message:
            'format "int32" is not supported by gemini on an integer: moved into the description as "format: int32"',
          fatal: false,
        },
      ],
    })
    // The same whichever keyword comes first.
    expect(
      convert(member({ type: 'integer', format: 'int32', enum: [1] }), 'gemini').schema.properties
        ?.m,
    ).toEqual({ type: 'integer', format: 'enum', enum: ['1'], description: 'format: int32' })
  })

  it('on a number, words with their message; other dialects keep both', () => {
    expect(convert(member({ type: 'number', exclusiveMaximum: 1.5 }), 'gemini').issues).toEqual([
      {
        path: 'parameters.properties.m',
        keyword: 'exclusiveMaximum',
        message:
          'Gemini has no "exclusiveMaximum": moved into the description as "less than 1.5"; the arguments are still checked against it',
        fatal: false,
      },
    ])
    expect(
      convert(member({ type: 'integer', exclusiveMinimum: 0, exclusiveMaximum: 9 }), 'openai')
        .schema.properties?.m,
    ).toEqual({ type: 'integer', exclusiveMinimum: 0, exclusiveMaximum: 9 })
  })
})

describe('openai-strict: the documented limits, at their edges', () => {
  const strict = (schema: unknown): readonly string[] =>
    convert(schema, 'openai-strict').issues.map((found) => {
      // the size limits are about the whole schema: their issues sit at the root, fatal
      if (found.keyword !== 'enum' || !found.message.startsWith('an enum of')) {
        expect([found.path, found.fatal]).toEqual(['parameters', true])
      }
      return `${found.keyword}: ${found.message}`
    })

  /** `count` required string members with names of `nameLength` characters. */
  function wide(count: number, nameLength = 1): Record<string, unknown> {
    const properties: Record<string, unknown> = {}
    for (let index = 0; index < count; index++) {
      properties[`${index}`.padStart(nameLength, 'n')] = { type: 'string' }
    }
    return { type: 'object', properties, required: Object.keys(properties) }
  }

  it('5000 properties in all pass, 5001 do not, counted across objects', () => {
    expect(strict(wide(5000, 4))).toEqual([])
    const split = wide(4998, 4)
    ;(split.properties as Record<string, unknown>).o = wide(2, 4)
    ;(split.required as string[]).push('o')
    expect(strict(split)).toEqual([
      "properties: 5001 object properties in all is past OpenAI strict mode's limit of 5000",
    ])
  })

  it('10 levels of objects and arrays pass, 11 do not; a string leaf is no level', () => {
    let node: unknown = { type: 'string' }
    for (let level = 0; level < 9; level++) {
      node =
        level % 2 === 0
          ? { type: 'array', items: node }
          : { type: 'object', properties: { c: node }, required: ['c'] }
    }
    const ten = { type: 'object', properties: { c: node }, required: ['c'] }
    expect(strict(ten)).toEqual([])
    const eleven = { type: 'object', properties: { c: ten }, required: ['c'] }
    expect(strict(eleven)).toEqual([
      "properties: 11 levels of nested objects and arrays is past OpenAI strict mode's limit of 10",
    ])
  })

  it('120000 characters of names, enum and const strings pass, one more does not', () => {
    // 1000 names of 100 characters, the names e and c, an enum of 10 strings of 1999 characters
    // and a const of 8: 100000 + 2 + 19990 + 8 = 120000
    const schema = wide(1000, 100)
    const properties = schema.properties as Record<string, unknown>
    properties.e = {
      type: 'string',
      enum: Array.from({ length: 10 }, (_, i) => `${i}`.padEnd(1999, 'e')),
    }
    properties.c = { type: 'string', const: 'cccccccc' }
    ;(schema.required as string[]).push('e', 'c')
    // a const that is no string adds no characters (the name it sits under still counts)
    const first = Object.keys(properties)[0] ?? ''
    properties[first] = { type: 'array', items: { type: 'integer' }, const: [1, 2, 3] }
    expect(strict(schema)).toEqual([])
    properties.c = { type: 'string', const: 'ccccccccc' }
    expect(strict(schema)).toEqual([
      "enum: 120001 characters of property names, enum and const values is past OpenAI strict mode's limit of 120000",
    ])
  })

  it('1000 enum values in all pass, 1001 do not, counted across properties; non-strings add no length', () => {
    const values = (from: number, count: number): number[] =>
      Array.from({ length: count }, (_, index) => from + index)
    const schema = (second: number): unknown => ({
      type: 'object',
      properties: {
        a: { type: 'integer', enum: values(0, 500) },
        b: { type: 'integer', enum: values(500, second) },
      },
      required: ['a', 'b'],
    })
    expect(strict(schema(500))).toEqual([])
    expect(strict(schema(501))).toEqual([
      "enum: 1001 enum values in all is past OpenAI strict mode's limit of 1000",
    ])
  })

  it('one enum: more than 250 strings are limited to 15000 characters; 250 strings, or 15000 characters, pass', () => {
    const strings = (count: number, total: number): string[] =>
      Array.from({ length: count }, (_, index) =>
        `${index}`.padEnd(index === 0 ? total - (count - 1) * 10 : 10, 's'),
      )
    const one = (list: string[]): unknown => ({
      type: 'object',
      properties: { s: { type: 'string', enum: list } },
      required: ['s'],
    })
    expect(strict(one(strings(251, 15_000)))).toEqual([])
    expect(strict(one(strings(250, 15_001)))).toEqual([])
    expect(strict(one(strings(251, 15_001)))).toEqual([
      "enum: an enum of 251 strings totalling 15001 characters is past OpenAI strict mode's limit (more than 250 values: at most 15000 characters)",
    ])
    expect(convert(one(strings(251, 15_001)), 'openai-strict').issues[0]?.path).toBe(
      'parameters.properties.s',
    )
  })

  it('the other dialects have no such limits', () => {
    const many = Array.from({ length: 1001 }, (_, index) => index)
    for (const dialect of ['openai', 'anthropic'] satisfies Dialect[]) {
      expect(toProviderSchema({ n: { type: 'integer', enum: many } }, dialect).issues).toEqual([])
      const long = Array.from({ length: 251 }, (_, index) => `${index}`.padEnd(100, 's'))
      expect(toProviderSchema({ s: { type: 'string', enum: long } }, dialect).issues).toEqual([])
    }
  })
})
