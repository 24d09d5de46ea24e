import { describe, expect, it, vi } from 'vitest'
import { safeCounter } from './safe-counter.js'

describe('safeCounter', () => {
  it('passes counts on, fractions rounded up', () => {
    const count = safeCounter((text) => text.length / 2, vi.fn())
    expect(count('abc')).toBe(2)
  })

  it.each([
    [
      'throws',
      () => {
        throw new Error('no model')
      },
    ],
    ['answers NaN', () => Number.NaN],
    ['answers a negative count', () => -1],
    ['answers a string', () => '3' as unknown as number],
    ['answers Infinity', () => Number.POSITIVE_INFINITY],
  ])(
    'counts UTF-8 bytes for the rest of the cut once the counter %s, reporting it once',
    (_name, counter) => {
      const onFailure = vi.fn()
      const count = safeCounter(counter, onFailure)
      expect(count('héllo')).toBe(6)
      expect(count('😀')).toBe(4)
      expect(onFailure).toHaveBeenCalledOnce()
    },
  )
})
