import { describe, expect, it } from 'vitest'
import { readHookClock } from './read-hook-clock.js'

describe('readHookClock', () => {
  it('takes no clock, or any object with the two methods, kept whole', () => {
    expect(readHookClock(undefined)).toEqual({ clock: undefined })
    class Clock {
      setTimeout(): number {
        return 1
      }
      clearTimeout(): void {
        // Nothing to clear.
      }
    }
    const clock = new Clock()
    const read = readHookClock(clock)
    expect(typeof read === 'object' && read.clock).toBe(clock)
  })

  it('says what is wrong with anything else, never throwing', () => {
    const wanted = 'must be an object with setTimeout and clearTimeout methods, got'
    expect(readHookClock('now')).toBe(`${wanted} "now"`)
    expect(readHookClock(null)).toBe(`${wanted} null`)
    expect(readHookClock({ setTimeout: () => 1, clearTimeout: 2 })).toBe(`${wanted} object`)
    const hostile = {
      get setTimeout(): never {
        throw new Error('no timers here')
      },
    }
    expect(readHookClock(hostile)).toBe('could not be read: no timers here')
  })
})
