import fc from 'fast-check'
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { isHarnessError } from './harness-error.js'
import { JsonSnapshotError } from './json-snapshot-error.js'
import { snapshotJson } from './snapshot-json.js'

const throwing = (): never => {
  throw new Error('trap')
}

/** Runs `snapshotJson` expecting a refusal, and returns the error. */
function refusal(value: unknown, options?: Parameters<typeof snapshotJson>[1]): JsonSnapshotError {
  try {
    snapshotJson(value, options)
  } catch (error) {
    expect(error).toBeInstanceOf(JsonSnapshotError)
    return error as JsonSnapshotError
  }
  throw new Error('expected snapshotJson to refuse the value')
}

describe('snapshotJson accepts', () => {
  it.each([
    ['null', null],
    ['true', true],
    ['false', false],
    ['a string', 'héllo \u{1F600} \uD800'],
    ['the empty string', ''],
    ['a finite number', 3.25],
    ['0', 0],
    ['a negative number', -7],
    ['the largest number', Number.MAX_VALUE],
  ])('%s as itself', (_label, value) => {
    expect(snapshotJson(value)).toBe(value)
  })

  it('a dense plain array, as a fresh array', () => {
    const source = [1, 'two', null, [false]]
    const copy = snapshotJson(source)
    expect(copy).toEqual(source)
    expect(copy).not.toBe(source)
    expect((copy as unknown[])[3]).not.toBe(source[3])
    expect(Object.getPrototypeOf(copy)).toBe(Array.prototype)
  })

  it('a plain object, as a fresh plain object', () => {
    const source = { a: 1, b: { c: 'd' } }
    const copy = snapshotJson(source) as typeof source
    expect(copy).toEqual(source)
    expect(copy).not.toBe(source)
    expect(copy.b).not.toBe(source.b)
  })

  it('a null-prototype object, copied as a plain object', () => {
    const source = Object.assign(Object.create(null) as object, { a: 1 })
    const copy = snapshotJson(source)
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype)
    expect(copy).toEqual({ a: 1 })
  })

  it('plain objects and arrays from another realm, copied into this one', () => {
    const foreign: unknown = runInNewContext('({ list: [1, { b: 2 }], empty: {} })')
    expect(Object.getPrototypeOf(foreign)).not.toBe(Object.prototype)
    const copy = snapshotJson(foreign) as { list: unknown[] }
    expect(copy).toEqual({ list: [1, { b: 2 }], empty: {} })
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype)
    expect(Object.getPrototypeOf(copy.list)).toBe(Array.prototype)
  })

  it('a shared, non-cyclic reference, copied twice', () => {
    const shared = { x: 1 }
    const copy = snapshotJson({ a: shared, b: [shared] }) as { a: object; b: object[] }
    expect(copy).toEqual({ a: { x: 1 }, b: [{ x: 1 }] })
    expect(copy.a).not.toBe(copy.b[0])
    expect(copy.a).not.toBe(shared)
  })

  it('the same object twice side by side, which is sharing, not a cycle', () => {
    const shared = { x: 1 }
    expect(snapshotJson([shared, shared])).toEqual([{ x: 1 }, { x: 1 }])
    expect(snapshotJson({ a: [shared], b: [shared] })).toEqual({ a: [{ x: 1 }], b: [{ x: 1 }] })
  })

  it('keeps a __proto__ key as an own property; the copy keeps Object.prototype', () => {
    const source = JSON.parse('{"__proto__": {"polluted": true}, "a": 1}') as object
    const copy = snapshotJson(source) as Record<string, unknown>
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype)
    expect(Object.keys(copy)).toEqual(['__proto__', 'a'])
    // The same data property JSON.parse makes: a later edit of the copy can change or delete it.
    expect(Object.getOwnPropertyDescriptor(copy, '__proto__')).toEqual(
      Object.getOwnPropertyDescriptor(source, '__proto__'),
    )
    expect(Object.getOwnPropertyDescriptor(copy, '__proto__')).toEqual({
      value: { polluted: true },
      writable: true,
      enumerable: true,
      configurable: true,
    })
    expect(copy.polluted).toBeUndefined()
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(JSON.stringify(copy)).toBe('{"__proto__":{"polluted":true},"a":1}')
  })

  it('reads only own enumerable string keys', () => {
    const source: Record<string | symbol, unknown> = { kept: 1 }
    source[Symbol('hidden')] = 2
    Object.defineProperty(source, 'hidden', { value: 3, enumerable: false })
    expect(snapshotJson(source)).toEqual({ kept: 1 })
  })

  it('does not copy enumerable keys inherited from a polluted Object.prototype', () => {
    Object.defineProperty(Object.prototype, 'polluted', {
      value: 'x',
      enumerable: true,
      writable: true,
      configurable: true,
    })
    try {
      expect(Object.keys(snapshotJson({ kept: 1 }) as object)).toEqual(['kept'])
    } finally {
      delete (Object.prototype as Record<string, unknown>).polluted
    }
  })

  it('ignores extra named properties of an array, as JSON does', () => {
    const source = Object.assign([1, 2], { extra: 'x' })
    expect(snapshotJson(source)).toEqual([1, 2])
  })

  it('reads each getter at most once', () => {
    let reads = 0
    const source = {
      get value() {
        reads++
        return { n: reads }
      },
    }
    expect(snapshotJson(source)).toEqual({ value: { n: 1 } })
    expect(reads).toBe(1)

    let indexReads = 0
    const list: unknown[] = []
    Object.defineProperty(list, 0, {
      get: () => ++indexReads,
      enumerable: true,
    })
    expect(snapshotJson(list)).toEqual([1])
    expect(indexReads).toBe(1)
  })

  it('lets a throwing getter’s error propagate unchanged', () => {
    const boom = new Error('boom')
    const source = {
      a: 1,
      get b(): never {
        throw boom
      },
    }
    expect(() => snapshotJson(source)).toThrow(boom)
  })

  it('accepts exactly maxDepth levels of nesting', () => {
    expect(snapshotJson([[1]], { maxDepth: 2 })).toEqual([[1]])
    expect(refusal([[1]], { maxDepth: 1 }).path).toBe('$[0]')
    expect(snapshotJson(7, { maxDepth: 0 })).toBe(7)
    expect(refusal({}, { maxDepth: 0 }).path).toBe('$')
  })

  it('accepts 512 levels by default and refuses the 513th', () => {
    expect(() => snapshotJson(nest(512))).not.toThrow()
    expect(refusal(nest(513)).reason).toBe('nesting is deeper than maxDepth (512 containers)')
  })

  it('accepts nesting up to the largest maxDepth, 1024, without exhausting the stack', () => {
    expect(() => snapshotJson(nest(1024), { maxDepth: 1024 })).not.toThrow()
  })

  it('freezes every container of the copy when asked, and nothing of the source', () => {
    const source = { a: [{ b: 1 }], c: 'd' }
    const copy = snapshotJson(source, { freeze: true }) as typeof source
    expect(Object.isFrozen(copy)).toBe(true)
    expect(Object.isFrozen(copy.a)).toBe(true)
    expect(Object.isFrozen(copy.a[0])).toBe(true)
    expect(Object.isFrozen(source)).toBe(false)
    expect(Object.isFrozen(source.a)).toBe(false)
    expect(Object.isFrozen(snapshotJson(source))).toBe(false)
  })
})

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
    const { proxy, revoke } = Proxy.revocable({}, {})
    revoke()
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

describe('snapshotJson on generated JSON', () => {
  it('snapshots every JSON value to an equal, detached copy', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        fc.pre(!containsNegativeZero(value))
        const copy = snapshotJson(value)
        expect(copy).toStrictEqual(value)
        expect(JSON.stringify(copy)).toBe(JSON.stringify(value))
        expectDetached(copy, value)
      }),
      { numRuns: 500 },
    )
  })

  it('on any generated value, either equals its JSON round trip or refuses with NOT_JSON', () => {
    fc.assert(
      fc.property(
        fc.anything({ withNullPrototype: true, withMap: true, withSet: true }),
        (value) => {
          let copy: unknown
          try {
            copy = snapshotJson(value)
          } catch (error) {
            expect(error).toBeInstanceOf(JsonSnapshotError)
            return
          }
          expect(copy).toStrictEqual(JSON.parse(JSON.stringify(value)))
        },
      ),
      { numRuns: 500 },
    )
  })
})

function nest(depth: number): unknown[] {
  let value: unknown[] = []
  for (let level = 1; level < depth; level++) value = [value]
  return value
}

function containsNegativeZero(value: unknown): boolean {
  if (Object.is(value, -0)) return true
  if (typeof value !== 'object' || value === null) return false
  return Object.values(value).some(containsNegativeZero)
}

function expectDetached(copy: unknown, source: unknown): void {
  if (typeof source !== 'object' || source === null) return
  expect(copy).not.toBe(source)
  for (const key of Object.keys(source)) {
    expectDetached((copy as Record<string, unknown>)[key], (source as Record<string, unknown>)[key])
  }
}
