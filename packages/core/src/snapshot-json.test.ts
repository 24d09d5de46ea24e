import fc from 'fast-check'
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { JsonSnapshotError } from './json-snapshot-error.js'
import { snapshotJson } from './snapshot-json.js'
import { nest, refusal } from './__fixtures__/snapshot.js'

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
