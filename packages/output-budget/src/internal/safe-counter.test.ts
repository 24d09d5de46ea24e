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

  // SPEC §20: "N may be an estimate marked `~`": bytes counted for tokens are no count.
  it('is approximate once it counts bytes, or when the counter it is given counts bytes itself', () => {
    let broken = false
    const count = safeCounter((text) => {
      if (broken) throw new Error('no model')
      return text.length
    }, vi.fn())
    count('a')
    expect(count.approximate).toBe(false)
    broken = true
    count('a')
    expect(count.approximate).toBe(true)
    const bytes = Object.assign((text: string) => text.length, { approximate: true })
    expect(safeCounter(bytes, vi.fn()).approximate).toBe(true)
  })
})
