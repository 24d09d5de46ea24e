import { revokedProxy, throwingGetter } from '@toolpipe/hostile-values'
import { describe, expect, it } from 'vitest'
import { copyJson, notJson } from './copy-json.js'

describe('copyJson', () => {
  it('makes a deep-frozen copy of JSON data', () => {
    const value = { a: [1, { b: 'c' }] }
    const copy = copyJson(value)
    expect(copy).toEqual(value)
    expect(copy).not.toBe(value)
    expect(Object.isFrozen(copy)).toBe(true)
    expect(Object.isFrozen((copy as { a: unknown[] }).a[1])).toBe(true)
  })

  it('answers notJson, never a throw, for what is not JSON or cannot be read', () => {
    for (const value of [new Map(), Number.NaN, () => 1, revokedProxy(), throwingGetter(1)]) {
      expect(copyJson(value)).toBe(notJson)
    }
  })
})
