import { describe, expect, it } from 'vitest'
import { sliceEnd, sliceStart } from './text-slices.js'

describe('sliceEnd and sliceStart', () => {
  const text = 'a😀b' // a, high surrogate, low surrogate, b

  it('move an index off the middle of a surrogate pair', () => {
    expect(sliceEnd(text, 2)).toBe(1)
    expect(sliceStart(text, 2)).toBe(3)
  })

  it('leave every other index alone', () => {
    for (const index of [0, 1, 3, 4]) {
      expect(sliceEnd(text, index)).toBe(index)
      expect(sliceStart(text, index)).toBe(index)
    }
    // A lone half is no pair: nothing to keep together.
    expect(sliceEnd('a\udc00b', 1)).toBe(1)
    expect(sliceEnd('a\ud800b', 2)).toBe(2)
  })
})
