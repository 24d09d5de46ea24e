import { callInput } from '@toolpipe/call-inputs'
import { pendingAnswer } from '@toolpipe/pending-answer'
import { createToolRegistry } from '@toolpipe/tools'
import type { ApprovalOutcome, ApprovalService } from '@toolpipe/tools'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ManualClock } from './__fixtures__/manual-clock.js'
import { TimeoutPolicyError } from './timeout-policy-error.js'
import { timeoutPolicy } from './timeout-policy.js'
import { ok, setup, timedOutResult, tool, untilAborted } from './__fixtures__/policy-registry.js'

describe('timeoutPolicy: its timers and its options', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('leaks no timer and no listener after 10,000 calls', async () => {
    const { clock, registry } = setup({ graceMs: 10 })
    registry.register(tool('quick', async () => 'ok', 100))
    const caller = new AbortController()
    let listeners = 0
    const add = caller.signal.addEventListener.bind(caller.signal)
    const remove = caller.signal.removeEventListener.bind(caller.signal)
    caller.signal.addEventListener = (...args: Parameters<typeof add>) => {
      listeners++
      add(...args)
    }
    caller.signal.removeEventListener = (...args: Parameters<typeof remove>) => {
      listeners--
      remove(...args)
    }
    for (let index = 0; index < 10_000; index++) {
      await registry.execute(callInput('quick', {}, { signal: caller.signal }))
    }
    expect(clock.created).toBe(10_000)
    expect(clock.pending).toBe(0)
    expect(listeners).toBe(0)
  })

  it('uses the global timers by default, looked up when a call starts, so fake timers work', async () => {
    const registry = createToolRegistry()
    registry.use(timeoutPolicy())
    vi.useFakeTimers()
    registry.register(tool('slow', untilAborted, 30_000))
    const pending = registry.execute(callInput('slow'))
    await vi.advanceTimersByTimeAsync(30_000)
    expect(await pending).toEqual(timedOutResult(30_000))
    expect(vi.getTimerCount()).toBe(0)

    // A call that ends before its deadline clears the deadline's timer.
    registry.register(tool('fast', async () => 'quick', 30_000))
    expect(await registry.execute(callInput('fast'))).toEqual(ok('quick'))
    expect(vi.getTimerCount()).toBe(0)
  })

  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY])('refuses graceMs %s', (graceMs) => {
    expect(() => timeoutPolicy({ graceMs })).toThrow(TimeoutPolicyError)
  })

  it.each([
    ['100', '"100"'],
    [null, 'null'],
    [true, 'true'],
  ])(
    'refuses graceMs %j from untyped code, though JavaScript would compare it as a number',
    (graceMs, shown) => {
      expect(() => timeoutPolicy({ graceMs: graceMs as unknown as number })).toThrow(
        `timeoutPolicy: graceMs must be a number of milliseconds ≥ 0 and no larger than 2147483647, got ${shown}`,
      )
    },
  )

  it('arms no timer for a tool removed while its call waits for approval: the call is UNKNOWN_TOOL', async () => {
    const { ask, asked, answer } = pendingAnswer<ApprovalOutcome>()
    const approval: ApprovalService = { request: ask }
    const clock = new ManualClock()
    const registry = createToolRegistry({ approval })
    registry.use(timeoutPolicy({ clock }))
    const body = vi.fn(async () => 'ran')
    const unregister = registry.register(tool('deploy', body, 100))
    registry.on('tools/pre-execute', () => ({ kind: 'ask' }))
    const pending = registry.execute(callInput('deploy', {}, { agent: { id: 'alice' } }))
    await asked
    unregister()
    answer({ kind: 'allowed-once' })
    expect(await pending).toEqual({
      content: [{ type: 'text', text: 'Error: unknown tool "deploy"' }],
      isError: true,
      error: { name: 'ToolNotFoundError', code: 'UNKNOWN_TOOL' },
    })
    expect(body).not.toHaveBeenCalled()
    expect(clock.created).toBe(0)
  })
})
