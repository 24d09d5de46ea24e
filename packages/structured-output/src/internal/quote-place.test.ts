import { describe, expect, it } from 'vitest'
import { quotePlace, shownKey } from './quote-place.js'

// SPEC §22: a message never grows with the size of a schema, its keys and its depth included.

describe('shownKey', () => {
  it('keeps a key of up to 64 characters and an index as they are', () => {
    expect(shownKey('k'.repeat(64))).toBe('k'.repeat(64))
    expect(shownKey(12)).toBe(12)
  })

  it('cuts a longer key where quoteString cuts a string, never inside a surrogate pair', () => {
    expect(shownKey('k'.repeat(65))).toBe(`${'k'.repeat(64)}…`)
    expect(shownKey(`${'k'.repeat(63)}😀tail`)).toBe(`${'k'.repeat(63)}…`)
    expect(shownKey('"\\\n'.repeat(40))).toBe(`${'"\\\n'.repeat(21)}"…`)
  })
})

describe('quotePlace', () => {
  it('writes a place as quoteJsonPath does, the root by its words', () => {
    expect(quotePlace(['edits', 3, 'path'], 'the value')).toBe('"edits[3].path"')
    expect(quotePlace(['odd key'], 'the value')).toBe('"["odd key"]"')
    expect(quotePlace([], 'the value')).toBe('the value')
  })

  it('cuts each long key, wherever it stands', () => {
    const long = 'q'.repeat(20_000)
    expect(quotePlace(['a', long, 0], '')).toBe(`"a["${'q'.repeat(64)}…"][0]"`)
  })

  it('writes 32 segments whole, and of a deeper path the first 16, …, and the last 16', () => {
    const keys = (count: number) => Array.from({ length: count }, (_, index) => `k${index}`)
    expect(quotePlace(keys(32), '')).toBe(`"${keys(32).join('.')}"`)
    const deep = [...keys(39), 7]
    expect(quotePlace(deep, '')).toBe(
      `"${keys(16).join('.')}.….${keys(39).slice(-15).join('.')}[7]"`,
    )
    const long = Array.from({ length: 10_000 }, () => 'x'.repeat(1000))
    expect(quotePlace(long, '').length).toBeLessThan(33 * 72)
  })
})
