import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import type { StructuredOutputSchema } from './structured-schema.js'
import { validateBothWays } from './__fixtures__/validate-both-ways.js'
import { found } from './__fixtures__/structured-value.js'

describe('validateStructuredValue: objects', () => {
  const schema: StructuredOutputSchema = {
    type: 'object',
    properties: {
      id: { type: 'string' },
      note: { type: 'string' },
      // `as const`: TypeScript otherwise types a member named toString from Object's method.
      toString: { type: 'boolean' as const },
    },
    required: ['id', 'toString'],
  }

  it('reports a missing required member, with its name as the last path key', () => {
    expect(validateBothWays(schema, { toString: true })).toEqual([
      { code: 'missing', path: ['id'], message: 'missing required property "id"' },
    ])
  })

  it('counts a member present as undefined as missing', () => {
    expect(found(schema, { id: undefined, toString: true })).toEqual([['missing', ['id']]])
  })

  it('lets an optional member be absent, or present as undefined', () => {
    expect(validateBothWays(schema, { id: 'x', toString: false })).toEqual([])
    expect(validateBothWays(schema, { id: 'x', note: undefined, toString: false })).toEqual([])
  })

  it('never counts an inherited property as a member (toString, a polluted prototype)', () => {
    expect(found(schema, { id: 'x' })).toEqual([['missing', ['toString']]])
    Object.defineProperty(Object.prototype, 'note', {
      value: 5,
      enumerable: true,
      configurable: true,
      writable: true,
    })
    try {
      expect(validateBothWays(schema, { id: 'x', toString: true })).toEqual([])
      const closed: StructuredOutputSchema = { ...schema, additionalProperties: false }
      expect(validateBothWays(closed, { id: 'x', toString: true })).toEqual([])
      expect(found(closed, { id: 'x', toString: true, note: 1 })).toEqual([
        ['invalid_type', ['note']],
      ])
    } finally {
      delete (Object.prototype as Record<string, unknown>).note
    }
  })

  it('allows unknown members unless additionalProperties is false', () => {
    expect(validateBothWays(schema, { id: 'x', toString: true, extra: 1 })).toEqual([])
    const open: StructuredOutputSchema = { ...schema, additionalProperties: true }
    expect(validateBothWays(open, { id: 'x', toString: true, extra: 1 })).toEqual([])
  })

  it('refuses each unknown member under additionalProperties: false, once', () => {
    const closed: StructuredOutputSchema = { ...schema, additionalProperties: false }
    expect(validateBothWays(closed, { id: 'x', toString: true, b: 1, a: [] })).toEqual([
      {
        code: 'unknown_property',
        path: ['b'],
        message: 'unknown property "b" (additional properties are not allowed)',
      },
      {
        code: 'unknown_property',
        path: ['a'],
        message: 'unknown property "a" (additional properties are not allowed)',
      },
    ])
  })

  it('does not count an unknown member present as undefined', () => {
    const closed: StructuredOutputSchema = { ...schema, additionalProperties: false }
    expect(validateBothWays(closed, { id: 'x', toString: true, extra: undefined })).toEqual([])
  })

  it('refuses every member of an object without properties under additionalProperties: false', () => {
    const empty: StructuredOutputSchema = { type: 'object', additionalProperties: false }
    expect(validateBothWays(empty, {})).toEqual([])
    expect(found(empty, { a: 1, b: 2 })).toEqual([
      ['unknown_property', ['a']],
      ['unknown_property', ['b']],
    ])
  })

  it('finds members in any order (schema order is only the fast path)', () => {
    const closed: StructuredOutputSchema = { ...schema, additionalProperties: false }
    expect(validateBothWays(closed, { toString: true, note: 'n', id: 'x' })).toEqual([])
    expect(found(closed, { toString: 1, zz: 0, id: 2 })).toEqual([
      ['invalid_type', ['toString']],
      ['unknown_property', ['zz']],
      ['invalid_type', ['id']],
    ])
  })

  it('treats integer-like keys (enumerated first by JavaScript) like any other', () => {
    const numeric: StructuredOutputSchema = {
      type: 'object',
      properties: { b: { type: 'string' }, '2': { type: 'number' }, '10': { type: 'number' } },
      required: ['b', '2', '10'],
      additionalProperties: false,
    }
    expect(validateBothWays(numeric, { b: 'x', '10': 1, '2': 2 })).toEqual([])
    expect(found(numeric, { b: 'x', '2': 2, '3': 3 })).toEqual([
      ['unknown_property', ['3']],
      ['missing', ['10']],
    ])
  })

  it('tracks required members beyond the 31st', () => {
    const names = Array.from({ length: 40 }, (_, index) => `p${index}`)
    const wide: StructuredOutputSchema = {
      type: 'object',
      properties: Object.fromEntries(names.map((name) => [name, { type: 'integer' as const }])),
      required: names,
      additionalProperties: false,
    }
    const full = Object.fromEntries(names.map((name, index) => [name, index]))
    expect(validateBothWays(wide, full)).toEqual([])
    const partial: Record<string, number | undefined> = { ...full, p39: undefined }
    delete partial.p3
    delete partial.p35
    expect(found(wide, partial)).toEqual([
      ['missing', ['p3']],
      ['missing', ['p35']],
      ['missing', ['p39']],
    ])
  })

  it('reads only own enumerable members', () => {
    const value = { toString: true }
    Object.defineProperty(value, 'id', { value: 'hidden', enumerable: false })
    expect(found(schema, value)).toEqual([['missing', ['id']]])
  })

  it('accepts null-prototype objects and plain objects from another realm', () => {
    const bare = Object.assign(Object.create(null) as object, { id: 'x', toString: true })
    expect(validateBothWays(schema, bare)).toEqual([])
    const foreign: unknown = runInNewContext("({ id: 'x', toString: true, list: [1, 2] })")
    expect(Object.getPrototypeOf(foreign)).not.toBe(Object.prototype)
    expect(validateBothWays(schema, foreign)).toEqual([])
    const lists: StructuredOutputSchema = {
      type: 'object',
      properties: { list: { type: 'array', items: { type: 'integer' } } },
      required: ['list'],
      additionalProperties: false,
    }
    expect(validateBothWays(lists, runInNewContext('({ list: [1, 2] })'))).toEqual([])
    expect(found(lists, runInNewContext("({ list: [1, 'x'], other: 1 })"))).toEqual([
      ['invalid_type', ['list', 1]],
      ['unknown_property', ['other']],
    ])
  })

  it('refuses class instances, Map, Date and boxed values where an object is expected', () => {
    class Report {
      id = 'x'
      toString = true
    }
    for (const [value, received] of [
      [new Report(), 'an instance of Report'],
      [new Map(), 'an instance of Map'],
      [new Date(0), 'an instance of Date'],
      [new String('x'), 'an instance of String'],
      [Object.create({ id: 'x' }) as object, 'an object with a custom prototype'],
    ] as const) {
      expect(validateBothWays(schema, value)).toEqual([
        {
          code: 'invalid_type',
          path: [],
          message: `the value must be an object, got ${received}`,
          expected: 'object',
          received,
        },
      ])
    }
  })
})
