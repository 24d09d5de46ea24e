import { describe, expect, it } from 'vitest'
import { compile } from './__fixtures__/compile.js'
import { inBoth, issues, point } from './__fixtures__/both-dialects.js'

describe('the two dialects, member by member', () => {
  it('a member whose getter throws is unreadable at its place, required or not, declared or not', () => {
    const schema = {
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'string' }, c: { type: 'string' } },
      required: ['a', 'c'],
      additionalProperties: false,
    }
    const value = {
      get b(): string {
        throw new Error('b')
      },
      get extra(): string {
        throw new Error('extra')
      },
      get a(): string {
        throw new Error('a')
      },
    }
    const expected = {
      json: [
        ['unreadable', ['b']],
        ['unreadable', ['extra']],
        ['unreadable', ['a']],
        ['missing', ['c']],
      ],
      args: [
        ['unreadable', ['a']],
        ['unreadable', ['b']],
        ['missing', ['c']],
        ['unreadable', ['extra']],
      ],
    }
    expect(inBoth(schema, value)).toEqual(expected)
    // The walk says what the getter threw, and which node it was read for.
    const [first] = compile(schema, 'args').collect(value)
    expect(first).toMatchObject({ code: 'unreadable', node: { type: 'string' } })
    expect((first as { error: Error }).error.message).toBe('a')
  })

  it('an open object reads only the members it declares; a closed one reads the others too', () => {
    let reads = 0
    const value = {
      x: 1,
      y: 2,
      get other(): number {
        reads++
        return 3
      },
    }
    expect(inBoth(point, value)).toEqual({ json: [], args: [] })
    expect(reads).toBe(0)
    expect(inBoth({ ...point, additionalProperties: false }, value)).toEqual({
      json: [['unknown_property', ['other']]],
      args: [['unknown_property', ['other']]],
    })
    expect(reads).toBeGreaterThan(0)
  })

  it('an object of more than 31 members keeps track of each, in both dialects', () => {
    const keys = Array.from({ length: 40 }, (_, index) => `m${index}`)
    const schema = {
      type: 'object',
      properties: Object.fromEntries(keys.map((key) => [key, { type: 'integer' }])),
      required: keys,
    }
    const full = Object.fromEntries(keys.map((key, index) => [key, index]))
    expect(inBoth(schema, full)).toEqual({ json: [], args: [] })
    const gaps: Record<string, number> = { ...full }
    delete gaps.m3
    delete gaps.m35
    const unreadable = Object.defineProperty({ ...full }, 'm36', {
      enumerable: true,
      get: () => {
        throw new Error('m36')
      },
    })
    expect(inBoth(schema, gaps)).toEqual({
      json: [
        ['missing', ['m3']],
        ['missing', ['m35']],
      ],
      args: [
        ['missing', ['m3']],
        ['missing', ['m35']],
      ],
    })
    // An unreadable member was there: it is not also missing (the 32nd one included).
    expect(inBoth(schema, unreadable)).toEqual({
      json: [['unreadable', ['m36']]],
      args: [['unreadable', ['m36']]],
    })
    const unreadable32nd = Object.defineProperty({ ...full }, 'm31', {
      enumerable: true,
      get: () => {
        throw new Error('m31')
      },
    })
    expect(inBoth(schema, unreadable32nd)).toEqual({
      json: [['unreadable', ['m31']]],
      args: [['unreadable', ['m31']]],
    })
    // None of the members past the 31st given: each is missing.
    const first31 = Object.fromEntries(keys.slice(0, 31).map((key, index) => [key, index]))
    const missing = keys.slice(31).map((key) => ['missing', [key]])
    expect(inBoth(schema, first31)).toEqual({ json: missing, args: missing })
  })

  it('members named "" and "__proto__" (SPEC §4: own members only), read by name and past the 31st', () => {
    for (const count of [2, 40]) {
      const names = [
        '__proto__',
        '',
        ...Array.from({ length: count - 2 }, (_, index) => `m${index}`),
      ]
      const schema = {
        type: 'object',
        // fromEntries defines: "__proto__" is a member of properties, not its prototype.
        properties: Object.fromEntries(names.map((name) => [name, { type: 'string' }])),
        required: ['__proto__', ''],
      }
      expect(inBoth(schema, JSON.parse('{"__proto__": "x", "": "y"}'))).toEqual({
        json: [],
        args: [],
      })
      // `({}).__proto__` is Object.prototype, and no member.
      const missing = [
        ['missing', ['__proto__']],
        ['missing', ['']],
      ]
      expect(inBoth(schema, {})).toEqual({ json: missing, args: missing })
      const wrong = [
        ['invalid_type', ['__proto__']],
        ['invalid_type', ['']],
      ]
      expect(inBoth(schema, JSON.parse('{"__proto__": 1, "": 2}'))).toEqual({
        json: wrong,
        args: wrong,
      })
    }
  })

  it('stops at 100 issues and says so, in both dialects', () => {
    const keys = Array.from({ length: 150 }, (_, index) => `k${index}`)
    const schema = {
      type: 'object',
      properties: Object.fromEntries(keys.map((key) => [key, { type: 'string' }])),
      additionalProperties: false,
    }
    const value = Object.fromEntries(keys.map((key) => [key, 0]))
    for (const dialect of ['json', 'args'] as const) {
      const found = issues(compile(schema, dialect), value)
      expect(found).toHaveLength(101)
      expect(found[99]).toEqual(['invalid_type', ['k99']])
      expect(found[100]).toEqual(['too_many_issues', []])
    }
    const closed = { type: 'object', properties: {}, additionalProperties: false }
    const wide = Object.fromEntries(keys.map((key) => [key, 1]))
    for (const dialect of ['json', 'args'] as const) {
      const found = issues(compile(closed, dialect), wide)
      expect(found).toHaveLength(101)
      expect(found[100]).toEqual(['too_many_issues', []])
    }
  })
})
