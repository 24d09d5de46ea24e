import { describe, expect, it } from 'vitest'
import { ManualClock } from '../__fixtures__/manual-clock.js'
import { TimeoutPolicyError } from '../timeout-policy-error.js'
import { readTimeoutOptions } from './read-timeout-options.js'

/** What `read` throws, for assertions on its class, code and message together. */
function refusal(options: unknown): unknown {
  try {
    readTimeoutOptions(options)
  } catch (error) {
    return error
  }
  throw new Error('the options were accepted')
}

describe('readTimeoutOptions', () => {
  it('reads absent options as the defaults', () => {
    expect(readTimeoutOptions(undefined)).toEqual({
      clock: undefined,
      graceMs: undefined,
      maxTotalMs: undefined,
    })
    expect(readTimeoutOptions({})).toEqual(readTimeoutOptions(undefined))
  })

  it('keeps a clock of any class, called through its own functions, and the two budgets', () => {
    const clock = new ManualClock()
    const settings = readTimeoutOptions({
      clock,
      graceMs: 0,
      extendOnProgress: { maxTotalMs: 2_147_483_647 },
    })
    expect(settings).toMatchObject({ graceMs: 0, maxTotalMs: 2_147_483_647 })
    const handle = settings.clock?.setTimeout(() => undefined, 10)
    expect(clock.pending).toBe(1)
    settings.clock?.clearTimeout(handle)
    expect(clock.pending).toBe(0)
    expect(clock.foreignClears).toBe(0)
  })

  it('refuses a bad graceMs as INVALID_OPTIONS, naming it and what it got', () => {
    const error = refusal({ graceMs: -1 })
    expect(error).toBeInstanceOf(TimeoutPolicyError)
    expect(error).toMatchObject({
      name: 'TimeoutPolicyError',
      code: 'INVALID_OPTIONS',
      message:
        'timeoutPolicy: graceMs must be a number of milliseconds ≥ 0 and no larger than 2147483647, got -1',
    })
  })

  it('refuses an extendOnProgress without a usable maxTotalMs the same way', () => {
    expect(refusal({ extendOnProgress: 5_000 })).toMatchObject({
      code: 'INVALID_OPTIONS',
      message:
        'timeoutPolicy: extendOnProgress must be { maxTotalMs } with a positive number of milliseconds no larger than 2147483647, got 5000',
    })
    expect(refusal({ extendOnProgress: { maxTotalMs: 0 } })).toBeInstanceOf(TimeoutPolicyError)
  })

  it('refuses options it cannot read: not an object, or a member whose getter throws', () => {
    expect(refusal('fast')).toMatchObject({
      code: 'INVALID_OPTIONS',
      message: 'timeoutPolicy: options must be an object, got string',
    })
    const hostile = {
      get graceMs(): number {
        throw new Error('boom')
      },
    }
    expect(refusal(hostile)).toMatchObject({
      code: 'INVALID_OPTIONS',
      message: 'timeoutPolicy: graceMs could not be read: boom',
    })
  })
})
