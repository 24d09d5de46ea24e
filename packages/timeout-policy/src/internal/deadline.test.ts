import { AbortFanOut } from '@toolpipe/core/internal'
import { describe, expect, it } from 'vitest'
import { FaultyClock } from '../__fixtures__/faulty-clock.js'
import { ManualClock } from '../__fixtures__/manual-clock.js'
import { TimeoutReason } from '../timeout-reason.js'
import type { TimeoutClock } from '../timeout-clock.js'
import { Deadline } from './deadline.js'

/** A deadline of `timeoutMs` on `clock`, its clock failures recorded. */
function deadline(
  clock: TimeoutClock,
  options: { graceMs?: number; maxTotalMs?: number; callerSignal?: AbortSignal } = {},
) {
  const warnings: string[] = []
  const made = new Deadline({
    clock,
    warn: (message) => warnings.push(message),
    timeoutMs: 100,
    graceMs: options.graceMs,
    maxTotalMs: options.maxTotalMs,
    callerSignal: options.callerSignal,
    fanOut: new AbortFanOut(),
  })
  return { deadline: made, warnings }
}

describe('Deadline', () => {
  it('aborts its signal with a TimeoutReason of timeoutMs when it passes, and clears on dispose', async () => {
    const clock = new ManualClock()
    const { deadline: timed } = deadline(clock)
    await clock.advance(99)
    expect(timed.signal.aborted).toBe(false)
    await clock.advance(1)
    expect(timed.timedOut).toBe(true)
    expect(timed.signal.reason).toBeInstanceOf(TimeoutReason)
    expect(timed.signal.reason).toBe(timed.expired)
    expect(timed.expired?.timeoutMs).toBe(100)
    timed.dispose()
    expect(clock.pending).toBe(0)
  })

  it('passes the caller’s abort on, which is no timeout', async () => {
    const clock = new ManualClock()
    const caller = new AbortController()
    const { deadline: timed } = deadline(clock, { callerSignal: caller.signal })
    caller.abort('stop')
    await clock.advance(200)
    expect(timed.signal.reason).toBe('stop')
    expect(timed.timedOut).toBe(false)
    timed.dispose()
  })

  it('restarts on progress up to maxTotalMs, then stops at maxTotalMs', async () => {
    const clock = new ManualClock()
    const { deadline: timed } = deadline(clock, { maxTotalMs: 250 })
    await clock.advance(90)
    timed.restart()
    await clock.advance(90)
    timed.restart()
    await clock.advance(70)
    // SPEC §7: the reason's timeoutMs is the tool's; the limit that ended the call is its detail.
    expect(timed.expired).toMatchObject({ timeoutMs: 100, maxTotalMs: 250 })
    expect(timed.expired?.withoutProgress).toBe(false)
    timed.dispose()
  })

  it('stops a call that fell silent after progress, without progress', async () => {
    const clock = new ManualClock()
    const { deadline: timed } = deadline(clock, { maxTotalMs: 1_000 })
    await clock.advance(50)
    timed.restart()
    await clock.advance(100)
    expect(timed.expired).toMatchObject({
      timeoutMs: 100,
      withoutProgress: true,
      maxTotalMs: undefined,
    })
    expect(timed.expired?.message).toBe('tool call timed out after 100ms')
    timed.dispose()
  })

  it('settles graceExpired graceMs after the deadline', async () => {
    const clock = new ManualClock()
    const { deadline: timed } = deadline(clock, { graceMs: 50 })
    let expired = false
    void timed.graceExpired.then(() => (expired = true))
    await clock.advance(149)
    expect(expired).toBe(false)
    await clock.advance(1)
    expect(expired).toBe(true)
    timed.dispose()
  })

  it('warns when the clock cannot arm it, and the call runs without a deadline', async () => {
    const clock = new FaultyClock({ setTimeout: (call) => call === 1 })
    const { deadline: timed, warnings } = deadline(clock)
    await clock.time.advance(1_000)
    expect(timed.signal.aborted).toBe(false)
    expect(warnings).toEqual([
      "the clock's setTimeout threw arming the deadline; the call runs without one",
    ])
    timed.dispose()
    expect(clock.escaped).toEqual([])
  })
})
