import { describe, expect, it } from 'vitest'
import { warnSafely } from './warn-safely.js'

describe('warnSafely', () => {
  it('tells the logger, and swallows what a broken logger throws', () => {
    const told: unknown[][] = []
    warnSafely({ warn: (...args: unknown[]) => told.push(args) }, 'm', 1)
    expect(told).toEqual([['m', 1]])
    expect(() => {
      warnSafely(
        {
          warn: () => {
            throw new Error('broken')
          },
        },
        'm',
      )
    }).not.toThrow()
  })
})
