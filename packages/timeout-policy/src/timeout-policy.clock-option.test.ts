import { callInput } from '@toolpipe/call-inputs'
import { createToolRegistry } from '@toolpipe/tools'
import { describe, expect, it } from 'vitest'
import { ManualClock } from './__fixtures__/manual-clock.js'
import { timedOutResult, tool, untilAborted } from './__fixtures__/policy-registry.js'
import { TimeoutPolicyError } from './timeout-policy-error.js'
import { timeoutPolicy } from './timeout-policy.js'

// SPEC §7: `clock?: { setTimeout(callback, ms): unknown; clearTimeout(handle): void }`; the
// policy's other options are refused when it is made (TimeoutPolicyError, INVALID_OPTIONS).

/** What `timeoutPolicy({ clock })` throws. */
function refusal(clock: unknown): unknown {
  try {
    timeoutPolicy({ clock: clock as never })
  } catch (error) {
    return error
  }
  throw new Error('the clock was accepted')
}

const noop = (): undefined => undefined

describe('timeoutPolicy({ clock }) refuses a clock it cannot use, when it is made (SPEC §7)', () => {
  it.each([
    ['5', 5, 'clock must be an object with setTimeout and clearTimeout functions, got 5'],
    [
      "'timers'",
      'timers',
      'clock must be an object with setTimeout and clearTimeout functions, got "timers"',
    ],
    ['null', null, 'clock must be an object with setTimeout and clearTimeout functions, got null'],
    ['{}', {}, 'clock.setTimeout must be a function, got undefined'],
    [
      '{ setTimeout }',
      { setTimeout: noop },
      'clock.clearTimeout must be a function, got undefined',
    ],
    [
      '{ setTimeout: 5, clearTimeout }',
      { setTimeout: 5, clearTimeout: noop },
      'clock.setTimeout must be a function, got 5',
    ],
  ])('refuses clock %s, naming the option', (_label, clock, message) => {
    const error = refusal(clock)
    expect(error).toBeInstanceOf(TimeoutPolicyError)
    expect(error).toMatchObject({ code: 'INVALID_OPTIONS', message: `timeoutPolicy: ${message}` })
  })

  it('refuses a clock whose member a getter or Proxy trap keeps from being read', () => {
    const boom = new Error('boom')
    const getter = {
      get setTimeout(): never {
        throw boom
      },
      clearTimeout: noop,
    }
    expect(refusal(getter)).toMatchObject({
      name: 'TimeoutPolicyError',
      code: 'INVALID_OPTIONS',
      message: 'timeoutPolicy: clock.setTimeout could not be read: boom',
      cause: boom,
    })
    const { proxy, revoke } = Proxy.revocable({}, {})
    revoke()
    const revoked = refusal(proxy)
    expect(revoked).toMatchObject({ code: 'INVALID_OPTIONS' })
    expect((revoked as Error).message).toMatch(
      /^timeoutPolicy: clock\.setTimeout could not be read: /,
    )
  })

  it('reads each of the clock’s functions once, and calls them on the clock', async () => {
    const time = new ManualClock()
    const reads: string[] = []
    const receivers: unknown[] = []
    const target = {
      setTimeout(this: unknown, callback: () => void, ms: number) {
        receivers.push(this)
        return time.setTimeout(callback, ms)
      },
      clearTimeout(this: unknown, handle: unknown) {
        receivers.push(this)
        time.clearTimeout(handle)
      },
    }
    const clock = new Proxy(target, {
      get(object, key, receiver) {
        reads.push(String(key))
        return Reflect.get(object, key, receiver) as unknown
      },
    })
    const registry = createToolRegistry()
    registry.use(timeoutPolicy({ clock }))
    registry.register(tool('slow', untilAborted, 100))
    for (let call = 0; call < 3; call++) {
      const pending = registry.execute(callInput('slow'))
      await time.advance(100)
      expect(await pending).toEqual(timedOutResult(100))
    }
    expect(reads).toEqual(['setTimeout', 'clearTimeout'])
    expect(receivers.length).toBeGreaterThan(0)
    expect(receivers.every((receiver) => receiver === clock)).toBe(true)
  })

  it('still warns, and never fails the call, when a clock function throws when called', async () => {
    const warnings: unknown[][] = []
    const registry = createToolRegistry({
      logger: { warn: (...details) => warnings.push(details) },
    })
    const clock = {
      setTimeout(): never {
        throw new Error('no timers here')
      },
      clearTimeout: noop,
    }
    registry.use(timeoutPolicy({ clock }))
    registry.register(tool('quick', () => Promise.resolve('done'), 100))
    expect(await registry.execute(callInput('quick'))).toMatchObject({ isError: false })
    expect(warnings.map(([message]) => message)).toEqual([
      expect.stringContaining(
        "the clock's setTimeout threw arming the deadline; the call runs without one",
      ),
    ])
  })
})
