import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { readSchema } from '../read-schema.js'
import type { Dialect } from './node-check.js'
import type { Validator } from './validator.js'
import { createValidator } from './validator.js'

/** The engine compiled from `schema` in `dialect`, as the two packages compile theirs. */
function compile(schema: unknown, dialect: Dialect): Validator {
  const read = readSchema(schema, 'any')
  if (read.node === undefined) throw new Error(read.violations.join('; '))
  return createValidator(read.node, dialect)
}

/**
 * The issues of `value` as [code, path] pairs, after checking that the fast test agrees with the
 * issue walk: valid exactly when the walk finds nothing.
 */
function issues(validator: Validator, value: unknown): [string, (string | number)[]][] {
  const found = validator.collect(value)
  expect(validator.isValid(value), 'the fast test disagrees with the issue walk').toBe(
    found.length === 0,
  )
  return found.map((issue) => [issue.code, [...issue.path]])
}

/** Both dialects' issues of `value`. */
function inBoth(schema: unknown, value: unknown) {
  return {
    json: issues(compile(schema, 'json'), value),
    args: issues(compile(schema, 'args'), value),
  }
}

const point = {
  type: 'object',
  properties: { x: { type: 'number' }, y: { type: 'number' } },
  required: ['x', 'y'],
} as const

class Point {
  constructor(
    readonly x: unknown,
    readonly y: unknown,
  ) {}
}

class List<T> extends Array<T> {}

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
    // An unreadable member was there: it is not also missing.
    expect(inBoth(schema, unreadable)).toEqual({
      json: [['unreadable', ['m36']]],
      args: [['unreadable', ['m36']]],
    })
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

  it('a Proxy whose traps throw is unreadable, never a throw, in both dialects', () => {
    const throwing = (): never => {
      throw new Error('trap')
    }
    const { proxy: revoked, revoke } = Proxy.revocable({}, {})
    revoke()
    for (const value of [
      revoked,
      new Proxy({}, { ownKeys: throwing }),
      new Proxy({}, { getPrototypeOf: throwing }),
    ]) {
      const both = inBoth({ ...point, additionalProperties: false }, value)
      expect(both.json).toEqual([['unreadable', []]])
      if (value !== revoked) expect(both.args[0]?.[0]).toBe('unreadable')
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
