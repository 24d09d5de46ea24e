import { describe, expect, it } from 'vitest'
import { isHarnessError } from './harness-error.js'
import { snapshotJson } from './snapshot-json.js'
import { nest, refusal } from './__fixtures__/snapshot.js'
import { revokedProxy } from '@toolpipe/hostile-values'

const throwing = (): never => {
  throw new Error('trap')
}

describe('snapshotJson refuses, with code NOT_JSON and the path of the first offending place', () => {
  class Point {
    x = 1
  }
  class MyArray extends Array<number> {}

  it.each([
    ['NaN', Number.NaN, 'NaN is not a finite number'],
    ['Infinity', Number.POSITIVE_INFINITY, 'Infinity is not a finite number'],
    ['-Infinity', Number.NEGATIVE_INFINITY, '-Infinity is not a finite number'],
    ['-0', -0, '-0 is not representable in JSON (it would come back as 0)'],
    ['a bigint', 1n, 'a bigint is not a JSON value'],
    ['a function', () => 1, 'a function is not a JSON value'],
    ['a symbol', Symbol('s'), 'a symbol is not a JSON value'],
    ['undefined', undefined, 'undefined is not a JSON value'],
    ['an Array subclass', MyArray.from([1]), 'an instance of MyArray is not a plain array'],
    ['a Map', new Map(), 'an instance of Map is not a plain object'],
    ['a Set', new Set(), 'an instance of Set is not a plain object'],
    ['a Date', new Date(0), 'an instance of Date is not a plain object'],
    ['a RegExp', /x/, 'an instance of RegExp is not a plain object'],
    ['a typed array', new Uint8Array(2), 'an instance of Uint8Array is not a plain object'],
    ['an Error', new Error('e'), 'an instance of Error is not a plain object'],
    ['a class instance', new Point(), 'an instance of Point is not a plain object'],

    ['a boxed string', new String('s'), 'an instance of String is not a plain object'],

    ['a boxed number', new Number(1), 'an instance of Number is not a plain object'],
    [
      'an object with an anonymous prototype',
      Object.create(Object.create(null) as object) as object,
      'an object with a custom prototype is not a plain object',
    ],
  ])('%s, at the root and nested', (_label, value, reason) => {
    const atRoot = refusal(value)
    expect(atRoot.code).toBe('NOT_JSON')
    expect(atRoot.path).toBe('$')
    expect(atRoot.reason).toBe(reason)
    expect(atRoot.message).toBe(`not JSON at $: ${reason}`)

    const nested = refusal({ a: [0, { b: value }] })
    expect(nested.path).toBe('$.a[1].b')
    expect(nested.message).toBe(`not JSON at $.a[1].b: ${reason}`)
  })

  it('undefined as an object member', () => {
    const error = refusal({ kept: 1, gone: undefined })
    expect(error.path).toBe('$.gone')
    expect(error.reason).toBe('undefined is not a JSON value')
  })

  it('a hole in a sparse array', () => {
    const sparse: number[] = []
    sparse[0] = 1
    sparse[2] = 3
    const error = refusal(sparse)
    expect(error.path).toBe('$[1]')
    expect(error.reason).toBe('a hole in a sparse array is not a JSON value')
    expect(refusal(new Array(3)).path).toBe('$[0]')
  })

  it('an undefined element of a dense array, as undefined rather than a hole', () => {
    expect(refusal([1, undefined]).reason).toBe('undefined is not a JSON value')
  })

  it('a cycle, naming where it closes and what it refers back to', () => {
    const root: Record<string, unknown> = { a: { b: [] as unknown[] } }
    ;(root.a as Record<string, unknown[]>).b!.push(root.a)
    const error = refusal(root)
    expect(error.path).toBe('$.a.b[0]')
    expect(error.reason).toBe('cycle: refers back to $.a')

    const selfList: unknown[] = []
    selfList.push(selfList)
    expect(refusal(selfList).message).toBe('not JSON at $[0]: cycle: refers back to $')
  })

  it('100,000 levels of nesting with NOT_JSON, not a stack overflow', () => {
    const error = refusal(nest(100_000))
    expect(error.code).toBe('NOT_JSON')
    expect(error.path).toBe('$' + '[0]'.repeat(512))
  })

  it('the first offending place in key order', () => {
    const error = refusal({ z: 1, b: [1, 2, Number.NaN], a: undefined })
    expect(error.path).toBe('$.b[2]')
    expect(refusal({ 2: Number.NaN, 1: undefined }).path).toBe('$["1"]')
  })

  it('writing keys that are not identifiers in brackets', () => {
    expect(refusal({ 'odd key': [undefined] }).path).toBe('$["odd key"][0]')
    expect(refusal({ 'quote"d': Number.NaN }).path).toBe('$["quote\\"d"]')
    expect(refusal({ $ok_1: Number.NaN }).path).toBe('$.$ok_1')
  })

  it('a revoked Proxy by letting its TypeError through', () => {
    const proxy = revokedProxy()
    expect(() => snapshotJson({ a: proxy })).toThrow(TypeError)
  })

  it('is a HarnessError recognised by isHarnessError', () => {
    const error = refusal(Number.NaN)
    expect(isHarnessError(error)).toBe(true)
    expect(error.name).toBe('JsonSnapshotError')
  })

  it('a maxDepth that is not an integer from 0 to 1024', () => {
    for (const maxDepth of [-1, 1.5, 1025, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => snapshotJson(1, { maxDepth })).toThrow(RangeError)
    }
    expect(() => snapshotJson(1, { maxDepth: 1025 })).toThrow(
      'snapshotJson: maxDepth must be an integer from 0 to 1024, got 1025',
    )
  })

  it('SPEC §2: a maxDepth above the cap (1500 levels, maxDepth 2000) is a plain RangeError, no code; at the cap the same input is NOT_JSON, not a stack overflow', () => {
    const deep = nest(1_500)
    let thrown: unknown
    try {
      snapshotJson(deep, { maxDepth: 2_000 })
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(RangeError)
    expect(isHarnessError(thrown)).toBe(false)
    expect((thrown as Error).message).toBe(
      'snapshotJson: maxDepth must be an integer from 0 to 1024, got 2000',
    )
    expect(refusal(deep, { maxDepth: 1_024 }).path).toBe('$' + '[0]'.repeat(1_024))
  })

  it('a failure after a deeper sibling, with only the failing place in its path', () => {
    const error = refusal({ deep: { deeper: { deepest: [1] } }, shallow: Number.NaN })
    expect(error.path).toBe('$.shallow')
    expect(error.message).toBe('not JSON at $.shallow: NaN is not a finite number')
    expect(refusal([[[[1]]], [undefined]]).path).toBe('$[1][0]')
  })

  it('an array or object whose prototype is a Proxy with throwing traps, as NOT_JSON', () => {
    const trapped = { getPrototypeOf: throwing, getOwnPropertyDescriptor: throwing }
    const array = Object.setPrototypeOf([1], new Proxy([], trapped)) as unknown[]
    const object = Object.create(new Proxy({}, trapped)) as object
    expect(refusal({ list: array }).reason).toBe('an unreadable object is not a plain array')
    expect(refusal({ item: object }).reason).toBe('an unreadable object is not a plain object')
  })
})
