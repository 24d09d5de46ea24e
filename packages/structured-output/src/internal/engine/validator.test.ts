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

describe('cycles, shared values and hostile containers, in every loop', () => {
  it('a cycle is found wherever it closes; the same object twice is no cycle', () => {
    // Items of each kind the array loops check: a flat object (strings, numbers, booleans), any
    // other object, and an object reached through a union (its own test, called per element).
    const flat = { type: 'object', properties: { n: { type: 'number' } } }
    const general = {
      type: 'object',
      properties: { n: { type: 'number' }, tag: { type: ['string', 'null'] } },
    }
    const union = { anyOf: [general, { type: 'string' }] }
    for (const [items, code] of [
      [flat, 'cycle'],
      [general, 'cycle'],
      // A union refuses the element: its object alternative found the cycle.
      [union, 'invalid_union'],
    ] as const) {
      const schema = { type: 'object', properties: { list: { type: 'array', items } } }
      const root: { list: unknown[] } = { list: [{ n: 1 }] }
      root.list.push(root)
      expect(inBoth(schema, root)).toEqual({ json: [[code, ['list', 1]]], args: [] })
      // The same object twice, side by side, is no cycle.
      const shared = { n: 2 }
      expect(inBoth(schema, { list: [shared, shared] })).toEqual({ json: [], args: [] })
    }
    // A member that is a flat object, and one that is any other object.
    for (const member of [flat, general]) {
      const schema = { type: 'object', properties: { n: { type: 'number' }, next: member } }
      const root: Record<string, unknown> = { n: 1 }
      root.next = root
      expect(inBoth(schema, root)).toEqual({ json: [['cycle', ['next']]], args: [] })
    }
    // A cycle that closes below an element, back at the element.
    const element: Record<string, unknown> = { n: 1, tag: null }
    element.child = element
    const withChild = {
      type: 'object',
      properties: {
        list: {
          type: 'array',
          items: { ...general, properties: { ...general.properties, child: { type: 'object' } } },
        },
      },
    }
    expect(inBoth(withChild, { list: [element] })).toEqual({
      json: [['cycle', ['list', 0, 'child']]],
      args: [],
    })
    // The same object twice, in places at one depth, is no cycle: neither element after element,
    // nor a member checked after a sibling that remembered it, nor across two lists.
    const shared = { n: 1, tag: null, child: {} }
    expect(inBoth(withChild, { list: [shared, shared] })).toEqual({ json: [], args: [] })
    const container = { type: 'object', properties: { inner: { type: 'object' } } }
    const twice = { type: 'object', properties: { a: container, b: { type: 'object' } } }
    const member = { inner: {} }
    expect(inBoth(twice, { a: member, b: member })).toEqual({ json: [], args: [] })
    const lists = {
      type: 'object',
      properties: {
        a: withChild.properties.list,
        b: { type: 'array', items: flat },
        c: { type: 'array', items: general },
      },
    }
    expect(inBoth(lists, { a: [shared], b: [shared], c: [shared] })).toEqual({ json: [], args: [] })
  })

  it('reads no element past the length, whatever the array answers', () => {
    const flat = { type: 'object', properties: { n: { type: 'number' } } }
    const general = {
      type: 'object',
      properties: { n: { type: 'number' }, tag: { type: ['string', 'null'] } },
    }
    const kinds: [unknown, unknown][] = [
      [{ type: 'string' }, 'a'],
      [{ type: 'number' }, 1.5],
      [{ type: 'integer' }, 2],
      [{ type: 'boolean' }, true],
      [{ type: 'null' }, null],
      [{ type: 'string', enum: ['a', 'b'] }, 'b'],
      [{ type: 'string', minLength: 1 }, 'a'],
      [flat, { n: 1 }],
      [general, { n: 1, tag: null }],
      [undefined, 1],
    ]
    for (const [items, element] of kinds) {
      const read = new Set<number>()
      // A hostile array: two elements long, yet it answers every index.
      const list = new Proxy([element, element], {
        get(target, key, receiver) {
          if (typeof key === 'string' && /^\d+$/.test(key)) {
            read.add(Number(key))
            return element
          }
          return Reflect.get(target, key, receiver) as unknown
        },
      })
      const schema = items === undefined ? { type: 'array' } : { type: 'array', items }
      expect(inBoth(schema, list)).toEqual({ json: [], args: [] })
      expect([...read].sort()).toEqual([0, 1])
    }
  })

  it('an object node without members reads none, however the object lists its keys', () => {
    const throwing = (): never => {
      throw new Error('trap')
    }
    for (const target of [{}, Object.create(null) as object]) {
      const value = new Proxy(target, { ownKeys: throwing })
      expect(inBoth({ type: 'object' }, value)).toEqual({ json: [], args: [] })
      expect(inBoth({ type: 'array', items: { type: 'object' } }, [value])).toEqual({
        json: [],
        args: [],
      })
      expect(
        inBoth({ type: 'object', properties: { a: { type: 'object' } } }, { a: value }),
      ).toEqual({ json: [], args: [] })
    }
  })

  it('a union whose first alternative reads a member that throws asks the next one', () => {
    const value = {
      get id(): string {
        throw new Error('id')
      },
    }
    const schema = {
      anyOf: [
        { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
        { type: 'object' },
      ],
    }
    expect(inBoth(schema, value)).toEqual({ json: [], args: [] })
    expect(inBoth({ type: 'array', items: schema }, [value])).toEqual({ json: [], args: [] })
  })
})
