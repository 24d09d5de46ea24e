import { describe, expect, it } from 'vitest'
import { inBoth } from './__fixtures__/both-dialects.js'

describe('cycles, shared values and hostile containers, in every loop', () => {
  // Items of each kind the array loops check: a flat object (strings, numbers, booleans), any
  // other object, and an object reached through a union (its own test, called per element).
  const flat = { type: 'object', properties: { n: { type: 'number' } } }
  const general = {
    type: 'object',
    properties: { n: { type: 'number' }, tag: { type: ['string', 'null'] } },
  }
  const withChild = {
    type: 'object',
    properties: {
      list: {
        type: 'array',
        items: { ...general, properties: { ...general.properties, child: { type: 'object' } } },
      },
    },
  }

  it('a cycle is found wherever it closes; the same object twice is no cycle', () => {
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
    expect(inBoth(withChild, { list: [element] })).toEqual({
      json: [['cycle', ['list', 0, 'child']]],
      args: [],
    })
  })

  it('the same object twice, in places at one depth, is no cycle', () => {
    // Neither element after element, nor a member checked after a sibling that remembered it,
    // nor across two lists.
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
