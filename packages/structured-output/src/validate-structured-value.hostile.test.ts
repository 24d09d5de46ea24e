import { describe, expect, it } from 'vitest'
import { assertSupportedOutputSchema } from './assert-supported-output-schema.js'
import type { StructuredOutputSchema, StructuredSchemaNode } from './structured-schema.js'
import { validateBothWays } from './__fixtures__/validate-both-ways.js'
import { validateStructuredValue } from './validate-structured-value.js'
import { found, member } from './__fixtures__/structured-value.js'
import { revokedProxy } from '@toolpipe/hostile-values'

// Where a test counts reads: validateBothWays reads the value three times.

describe('validateStructuredValue: hostile values are issues, never a throw', () => {
  const tree: StructuredOutputSchema = {
    type: 'object',
    properties: {
      child: {
        type: 'object',
        properties: { child: { type: 'object', properties: { child: { type: 'object' } } } },
      },
      list: { type: 'array', items: { type: 'object', properties: { back: { type: 'object' } } } },
    },
  }

  it('a cycle back to an enclosing container', () => {
    const root: Record<string, unknown> = {}
    root.child = { child: root }
    expect(validateBothWays(tree, root)).toEqual([
      {
        code: 'not_json',
        path: ['child', 'child'],
        message: '"child.child" refers back to the value, which encloses it (a cycle is not JSON)',
      },
    ])
    const list: Record<string, unknown>[] = []
    list.push({ back: { child: 1 } })
    const second: Record<string, unknown> = {}
    second.back = second
    list.push(second)
    expect(found(tree, { list })).toEqual([['not_json', ['list', 1, 'back']]])
  })

  it('a shared, non-cyclic reference is fine', () => {
    const shared = { child: {} }
    expect(validateBothWays(tree, { child: shared, list: [shared, shared] })).toEqual([])
  })

  it('100,000 levels of nesting: checked only as deep as the schema goes', () => {
    let deep: Record<string, unknown> = {}
    for (let level = 0; level < 100_000; level++) deep = { child: deep, list: [deep] }
    expect(validateBothWays(tree, deep)).toEqual([])
    let deepList: unknown = 'leaf'
    for (let level = 0; level < 100_000; level++) deepList = [deepList]
    expect(found(member({ type: 'array', items: { type: 'string' } }), { a: deepList })).toEqual([
      ['invalid_type', ['a', 0]],
    ])
  })

  it('a __proto__ key from JSON text: an ordinary member, never a prototype', () => {
    const declared: StructuredOutputSchema = {
      type: 'object',
      properties: JSON.parse('{"__proto__": {"type": "string"}}') as Record<
        string,
        StructuredSchemaNode
      >,
      required: ['__proto__'],
      additionalProperties: false,
    }
    assertSupportedOutputSchema(declared)
    expect(validateBothWays(declared, JSON.parse('{"__proto__": "x"}'))).toEqual([])
    expect(validateBothWays(declared, JSON.parse('{"__proto__": 5}'))).toEqual([
      {
        code: 'invalid_type',
        path: ['__proto__'],
        message: '"__proto__" must be a string, got number',
        expected: 'string',
        received: 'number',
      },
    ])
    // Without an own "__proto__" member it is missing, whatever `value.__proto__` returns.
    expect(found(declared, {})).toEqual([['missing', ['__proto__']]])
    const closed: StructuredOutputSchema = { type: 'object', additionalProperties: false }
    expect(found(closed, JSON.parse('{"__proto__": {"admin": true}}'))).toEqual([
      ['unknown_property', ['__proto__']],
    ])
    expect(({} as Record<string, unknown>).admin).toBeUndefined()
  })

  it('a getter that throws: an issue at its place; the rest of the value is still checked', () => {
    const schema: StructuredOutputSchema = {
      type: 'object',
      properties: {
        inner: {
          type: 'object',
          properties: { id: { type: 'string' }, child: { type: 'object' } },
        },
        after: { type: 'string' },
      },
    }
    const inner = {
      id: 1,
      get child(): never {
        throw new Error('boom')
      },
    }
    expect(validateBothWays(schema, { inner, after: 2 })).toEqual([
      {
        code: 'invalid_type',
        path: ['inner', 'id'],
        message: '"inner.id" must be a string, got number',
        expected: 'string',
        received: 'number',
      },
      {
        code: 'not_json',
        path: ['inner', 'child'],
        message: '"inner.child" could not be read (a getter or Proxy threw: boom)',
      },
      {
        code: 'invalid_type',
        path: ['after'],
        message: '"after" must be a string, got number',
        expected: 'string',
        received: 'number',
      },
    ])
    const list = [1, 2, 3]
    Object.defineProperty(list, 1, {
      get: () => {
        throw new Error('no element')
      },
    })
    expect(found(member({ type: 'array', items: { type: 'integer' } }), { a: list })).toEqual([
      ['not_json', ['a', 1]],
    ])
  })

  it('reads each member once', () => {
    let reads = 0
    const value = {
      get id() {
        reads++
        return reads === 1 ? 'x' : 5
      },
    }
    const schema: StructuredOutputSchema = {
      type: 'object',
      properties: { id: { type: 'string' } },
      required: ['id'],
    }
    expect(validateStructuredValue(schema, value)).toEqual([])
    expect(reads).toBe(1)
  })

  it('Proxies whose traps throw, and revoked Proxies', () => {
    const schema = member({ type: 'object', properties: { b: { type: 'string' } } })
    const trapping = (trap: string) =>
      new Proxy(
        { b: 'x' },
        {
          [trap]: () => {
            throw new Error(`${trap} trap`)
          },
        },
      )
    expect(validateBothWays(schema, { a: trapping('getPrototypeOf') })).toEqual([
      {
        code: 'not_json',
        path: ['a'],
        message: '"a" could not be read (a getter or Proxy threw: getPrototypeOf trap)',
      },
    ])
    expect(validateBothWays(schema, { a: trapping('ownKeys') })).toEqual([
      {
        code: 'not_json',
        path: ['a'],
        message: '"a" could not be read (a getter or Proxy threw: ownKeys trap)',
      },
    ])
    expect(validateBothWays(schema, { a: trapping('get') })).toEqual([
      {
        code: 'not_json',
        path: ['a', 'b'],
        message: '"a.b" could not be read (a getter or Proxy threw: get trap)',
      },
    ])
    expect(found(schema, { a: trapping('getOwnPropertyDescriptor') })).toEqual([
      ['not_json', ['a']],
    ])
    const proxy = revokedProxy()
    expect(found(schema, { a: proxy })).toEqual([['not_json', ['a']]])
    expect(found(member({ type: 'array' }), { a: proxy })).toEqual([['not_json', ['a']]])
    expect(found(member({ type: 'string' }), { a: proxy })).toEqual([['invalid_type', ['a']]])
  })

  it('a Proxy of a plain object that behaves is plain data', () => {
    const schema = member({
      type: 'object',
      properties: { b: { type: 'string' } },
      required: ['b'],
    })
    expect(validateBothWays(schema, { a: new Proxy({ b: 'x' }, {}) })).toEqual([])
  })

  it('non-JSON values at the root', () => {
    const schema: StructuredOutputSchema = { type: 'object' }
    for (const value of [undefined, Number.NaN, 1n, Symbol('s'), () => ({}), [], null]) {
      const issues = validateBothWays(schema, value)
      expect(issues).toHaveLength(1)
      expect(issues[0]?.code).toBe('invalid_type')
    }
  })
})
