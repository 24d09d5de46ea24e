import { describe, expect, it } from 'vitest'
import { jsonEqual } from './json-equal.js'

describe('jsonEqual', () => {
  it('compares data: objects in any key order, arrays item by item', () => {
    expect(jsonEqual({ a: [1, { b: null }], c: 'x' }, { c: 'x', a: [1, { b: null }] })).toBe(true)
    expect(jsonEqual([1, 2], [2, 1])).toBe(false)
    expect(jsonEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false)
    expect(jsonEqual({ a: 1, b: 2 }, { a: 1, c: 2 })).toBe(false)
  })

  it('tells an array from an object, null from an object, and 1 from "1"', () => {
    expect(jsonEqual([], {})).toBe(false)
    expect(jsonEqual(null, {})).toBe(false)
    expect(jsonEqual(1, '1')).toBe(false)
    expect(jsonEqual({ 0: 'a' }, ['a'])).toBe(false)
  })
})
