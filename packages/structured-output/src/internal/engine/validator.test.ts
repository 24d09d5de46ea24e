import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { readSchema } from '../read-schema.js'
import { List } from './__fixtures__/unusual-values.js'
import { inBoth, point } from './__fixtures__/both-dialects.js'
import { revokedProxy } from '@toolpipe/hostile-values'

class Point {
  constructor(
    readonly x: unknown,
    readonly y: unknown,
  ) {}
}

describe('the two dialects: json (plain data) and args (checkArgs)', () => {
  it('args takes any non-array object for an object; json only plain ones, of any realm', () => {
    expect(inBoth(point, new Point(1, 2))).toEqual({ json: [['invalid_type', []]], args: [] })
    expect(inBoth(point, new Map())).toEqual({
      json: [['invalid_type', []]],
      args: [
        ['missing', ['x']],
        ['missing', ['y']],
      ],
    })
    const foreign: unknown = runInNewContext('({ x: 1, y: 2 })')
    const bare = Object.assign(Object.create(null) as object, { x: 1, y: 2 })
    for (const value of [foreign, bare, { x: 1, y: 2 }]) {
      expect(inBoth(point, value)).toEqual({ json: [], args: [] })
    }
    // An array is never an object, in either.
    expect(inBoth(point, [1, 2])).toEqual({
      json: [['invalid_type', []]],
      args: [['invalid_type', []]],
    })
  })

  it('args takes any array, a subclass included; json only plain arrays, of any realm', () => {
    const numbers = { type: 'array', items: { type: 'number' } }
    expect(inBoth(numbers, List.from([1, 2]))).toEqual({ json: [['invalid_type', []]], args: [] })
    expect(inBoth(numbers, runInNewContext('[1, 2]'))).toEqual({ json: [], args: [] })
    expect(inBoth({ type: 'array' }, List.from([1]))).toEqual({
      json: [['invalid_type', []]],
      args: [],
    })
  })

  it('args looks for no cycle (its walk ends with the schema); json reports where it closes', () => {
    const node = { type: 'object', properties: { next: { type: 'object' } } }
    const schema = { type: 'object', properties: { next: node } }
    const loop: Record<string, unknown> = {}
    loop.next = loop
    expect(inBoth(schema, loop)).toEqual({ json: [['cycle', ['next']]], args: [] })
    const list: unknown[] = []
    list.push(list)
    const lists = { type: 'array', items: { type: 'array', items: { type: 'array' } } }
    expect(inBoth(lists, list)).toEqual({ json: [['cycle', [0]]], args: [] })
    // A shared, non-cyclic member is fine in both.
    const shared = { next: {} }
    expect(inBoth({ type: 'array', items: node }, [shared, shared])).toEqual({ json: [], args: [] })
  })

  it('args reports in declaration order, a missing member in its place, then unknown members', () => {
    const schema = {
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'string' }, c: { type: 'string' } },
      required: ['a', 'b', 'c'],
      additionalProperties: false,
    }
    const value = { extra: 1, c: 3, a: 1, other: 2 }
    expect(inBoth(schema, value)).toEqual({
      // json: the members as the value lists them, then the missing ones.
      json: [
        ['unknown_property', ['extra']],
        ['invalid_type', ['c']],
        ['invalid_type', ['a']],
        ['unknown_property', ['other']],
        ['missing', ['b']],
      ],
      args: [
        ['invalid_type', ['a']],
        ['missing', ['b']],
        ['invalid_type', ['c']],
        ['unknown_property', ['extra']],
        ['unknown_property', ['other']],
      ],
    })
  })

  it('a member present as undefined is absent in both; inherited members are never read', () => {
    const schema = { ...point, additionalProperties: false }
    expect(inBoth(schema, { x: 1, y: undefined, z: undefined })).toEqual({
      json: [['missing', ['y']]],
      args: [['missing', ['y']]],
    })
    const child = Object.assign(Object.create({ y: 2, z: 3 }) as object, { x: 1 })
    expect(inBoth(schema, child).args).toEqual([['missing', ['y']]])
  })

  it('a Proxy whose traps throw is unreadable, never a throw, in both dialects', () => {
    const throwing = (): never => {
      throw new Error('trap')
    }
    const revoked = revokedProxy()
    for (const value of [
      revoked,
      new Proxy({}, { ownKeys: throwing }),
      new Proxy({}, { getPrototypeOf: throwing }),
    ]) {
      const both = inBoth({ ...point, additionalProperties: false }, value)
      expect(both.json).toEqual([['unreadable', []]])
      if (value !== revoked) expect(both.args[0]?.[0]).toBe('unreadable')
    }
    // The arguments dialect takes any prototype, but a trap that throws when asked for it is
    // still unreadable: on an open object, and on one with no members to read (where only the
    // fast test would otherwise have asked).
    const noPrototype = new Proxy({}, { getPrototypeOf: throwing })
    for (const schema of [point, { type: 'object' }]) {
      expect(inBoth(schema, noPrototype)).toEqual({
        json: [['unreadable', []]],
        args: [['unreadable', []]],
      })
    }
  })
})

describe('arrays, element by element', () => {
  it('an element whose getter throws is unreadable at its index, with or without "items"', () => {
    const list = Object.defineProperty([1, 2, 3], 1, {
      enumerable: true,
      get: () => {
        throw new Error('element')
      },
    })
    for (const schema of [{ type: 'array' }, { type: 'array', items: { type: 'number' } }]) {
      expect(inBoth(schema, list)).toEqual({
        json: [['unreadable', [1]]],
        args: [['unreadable', [1]]],
      })
    }
  })

  it('an element that is undefined is checked against "items"; only a hole is a sparse array', () => {
    const numbers = { type: 'array', items: { type: 'number' } }
    expect(inBoth(numbers, [1, undefined, 2])).toEqual({
      json: [['invalid_type', [1]]],
      args: [['invalid_type', [1]]],
    })
    // eslint-disable-next-line no-sparse-arrays
    const sparse = [1, , 2]
    expect(inBoth(numbers, sparse)).toEqual({
      json: [['sparse_array', []]],
      args: [['sparse_array', []]],
    })
    // Whatever the items: a hole is no member of an enum either.
    // eslint-disable-next-line no-sparse-arrays
    const sparseWords = ['a', , 'a']
    expect(inBoth({ type: 'array', items: { type: 'string', enum: ['a'] } }, sparseWords)).toEqual({
      json: [['sparse_array', []]],
      args: [['sparse_array', []]],
    })
  })

  it('asks whether an index is there only of an element that reads undefined', () => {
    // A Proxy may trap `in` (its `has`): an element that reads as a value is simply there.
    const list = new Proxy([1, 'x'], {
      has: () => {
        throw new Error('has')
      },
    })
    expect(inBoth({ type: 'array', items: { type: 'number' } }, list)).toEqual({
      json: [['invalid_type', [1]]],
      args: [['invalid_type', [1]]],
    })
    expect(inBoth({ type: 'array' }, list)).toEqual({ json: [], args: [] })
    expect(inBoth({ type: 'array', minItems: 3 }, list)).toEqual({
      json: [['too_few_items', []]],
      args: [['too_few_items', []]],
    })
  })
})

describe('readSchema, as the engine’s users call it', () => {
  it('gives a definition and no violation for a supported schema', () => {
    const read = readSchema(point, 'object')
    expect(read.violations).toEqual([])
    expect(read.node).toMatchObject({ kind: 'typed', type: 'object', closed: false })
    expect(readSchema({ anyOf: [{ type: 'string' }] }, 'any').node).toMatchObject({
      kind: 'anyOf',
    })
  })

  it('takes any node at the root under the "any" rule, only an object under "object"', () => {
    expect(readSchema({ type: 'string' }, 'any').violations).toEqual([])
    expect(readSchema({ anyOf: [{ type: 'string' }, { type: 'null' }] }, 'any').violations).toEqual(
      [],
    )
    expect(readSchema({ type: 'string' }, 'object').node).toBeUndefined()
    expect(readSchema({ anyOf: [{ type: 'object' }] }, 'object').violations).toEqual([
      'schema: the root must have "type": "object"; "anyOf" is only allowed below the root',
    ])
  })
})
