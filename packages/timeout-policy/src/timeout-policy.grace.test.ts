import { callInput } from '@toolpipe/call-inputs'
import { createToolRegistry } from '@toolpipe/tools'
import type { ToolExecutionResult } from '@toolpipe/tools'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ManualClock } from './__fixtures__/manual-clock.js'
import { timeoutPolicy } from './timeout-policy.js'
import { ok, runFor, setup, timedOutResult, tool } from './__fixtures__/policy-registry.js'

describe('timeoutPolicy with graceMs', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('without graceMs, waits for a tool that ignores its signal', async () => {
    const { clock, registry } = setup()
    registry.register(tool('ignores', async () => (await clock.sleep(5_000), 'eventually'), 100))
    let settled = false
    const pending = registry
      .execute(callInput('ignores'))
      .then((result) => ((settled = true), result))
    await clock.advance(4_999)
    expect(settled).toBe(false)
    await clock.advance(1)
    expect(await pending).toEqual(timedOutResult(100))
  })

  it('with graceMs, abandons a tool that never settles, and logs its late outcome, never returns it', async () => {
    const { clock, registry, warnings } = setup({ graceMs: 50 })
    let finish: (text: string) => void = () => undefined
    registry.register(
      tool('hangs', () => new Promise<string>((resolve) => (finish = resolve)), 100),
    )
    const observed = vi.fn()
    registry.on('tools/result', observed)
    let settled = false
    const pending = registry
      .execute(callInput('hangs'))
      .then((result) => ((settled = true), result))
    await clock.advance(149)
    expect(settled).toBe(false)
    await clock.advance(1)
    expect(await pending).toEqual(timedOutResult(100))
    expect(observed).toHaveBeenCalledTimes(1)
    expect(clock.pending).toBe(0)
    expect(warnings).toEqual([])

    finish('too late')
    await clock.advance(0)
    expect(warnings).toHaveLength(1)
    expect(warnings[0]![0]).toMatch(
      /^toolpipe: tool "hangs" \(call "call_\d+"\) settled after it was abandoned at its 100ms deadline$/,
    )
    expect(warnings[0]![1]).toEqual(ok('too late'))
    expect(observed).toHaveBeenCalledTimes(1)
  })

  it('with graceMs, clears the grace timer of a tool that settles within the grace period', async () => {
    const { clock, registry, warnings } = setup({ graceMs: 50 })
    registry.register(tool('slowish', async () => (await clock.sleep(120), 'late'), 100))
    expect(await runFor(registry, clock, callInput('slowish'), 120)).toEqual(timedOutResult(100))
    expect(clock.created).toBe(3)
    expect(clock.pending).toBe(0)
    expect(clock.foreignClears).toBe(0)
    // Not abandoned: nothing to log.
    expect(warnings).toEqual([])
  })

  it('with graceMs, logs the late failure of an abandoned inner wrapper too', async () => {
    const { clock, registry, warnings } = setup({ graceMs: 10 })
    registry.register(tool('t', async () => 'ran', 100))
    // An inner wrapper (a queue, a remote runner) that ignores the signal and fails much later.
    let fail: (error: Error) => void = () => undefined
    registry.on('tools/execute', () => new Promise<never>((_resolve, reject) => (fail = reject)))
    expect(await runFor(registry, clock, callInput('t'), 110)).toEqual(timedOutResult(100))
    const failure = new Error('failed much later')
    fail(failure)
    await clock.advance(0)
    expect(warnings).toHaveLength(1)
    expect(warnings[0]![0]).toMatch(/^toolpipe: tool "t" \(call "call_\d+"\) settled after/)
    expect(warnings[0]![1]).toBe(failure)
  })

  it('with graceMs, still returns a tool’s timeout result early only after the grace period', async () => {
    const { clock, registry } = setup({ graceMs: 0 })
    registry.register(tool('hangs', () => new Promise<string>(() => undefined), 100))
    expect(await runFor(registry, clock, callInput('hangs'), 100)).toEqual(timedOutResult(100))
  })
})

describe('timeoutPolicy among other wrappers', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  /** A registry with a retry loop and the policy, in the given order; attempts take 60ms, fail twice. */
  function retrying(order: 'policy outermost' | 'policy innermost') {
    const clock = new ManualClock()
    const registry = createToolRegistry()
    const state = { attempts: 0 }
    const install = () => registry.use(timeoutPolicy({ clock }))
    if (order === 'policy outermost') install()
    registry.on('tools/execute', async (exec, next) => {
      let result = await next()
      while (result.isError && exec.signal?.aborted !== true) result = await next()
      return result
    })
    if (order === 'policy innermost') install()
    registry.register(
      tool(
        'flaky',
        async (exec) => {
          state.attempts++
          await clock.sleep(60, exec.signal)
          if (state.attempts < 3) throw new Error(`attempt ${state.attempts} failed`)
          return `succeeded on attempt ${state.attempts}`
        },
        100,
      ),
    )
    return { clock, registry, state }
  }

  it('registered outermost, it bounds a whole retry loop', async () => {
    const { clock, registry, state } = retrying('policy outermost')
    // Attempt 1 fails at 60ms; attempt 2 is cut off by the 100ms deadline, and the loop stops.
    expect(await runFor(registry, clock, callInput('flaky'), 200)).toEqual(timedOutResult(100))
    expect(state.attempts).toBe(2)
    expect(clock.pending).toBe(0)
  })

  it('registered innermost, it bounds each attempt', async () => {
    const { clock, registry, state } = retrying('policy innermost')
    // Three 60ms attempts: 180ms in all, but none longer than 100ms.
    expect(await runFor(registry, clock, callInput('flaky'), 200)).toEqual(
      ok('succeeded on attempt 3'),
    )
    expect(state.attempts).toBe(3)
    expect(clock.pending).toBe(0)
  })

  it('stacked around a retry loop, the outer deadline ends the call and the inner one stays quiet', async () => {
    const clock = new ManualClock()
    const registry = createToolRegistry()
    registry.use(timeoutPolicy({ clock }))
    let attempts = 0
    registry.on('tools/execute', async (exec, next) => {
      let result = await next()
      while (result.error?.code === 'TOOL_TIMEOUT' && exec.signal?.aborted !== true)
        result = await next()
      return result
    })
    registry.use(timeoutPolicy({ clock }))
    registry.register(
      tool(
        'hangs',
        async (exec) => {
          attempts++
          await clock.sleep(10_000, exec.signal)
          return 'never'
        },
        40,
      ),
    )
    // Both deadlines are 40ms and the outer one started first, so it fires first: it aborts the
    // attempt through the inner signal, the loop sees its own signal aborted and stops, and only
    // the outer policy reports the timeout (the inner one sees its caller abort, not a timeout).
    const result = await runFor(registry, clock, callInput('hangs'), 40)
    expect(result).toEqual(timedOutResult(40))
    expect(attempts).toBe(1)
    expect(clock.pending).toBe(0)
  })

  it('rethrows a wrapper failure that its own deadline did not cause', async () => {
    const { clock, registry } = setup()
    registry.register(tool('t', async () => 'ran', 100))
    registry.on('tools/execute', () => Promise.reject(new Error('inner wrapper broke')))
    expect((await runFor(registry, clock, callInput('t'), 0)).content).toEqual([
      { type: 'text', text: 'Error: inner wrapper broke' },
    ])
    expect(clock.pending).toBe(0)
  })

  it('treats an inner wrapper’s failure after its deadline as the timeout', async () => {
    const { clock, registry } = setup()
    registry.register(tool('t', async () => 'ran', 100))
    registry.on('tools/execute', (exec) => {
      return new Promise<ToolExecutionResult>((_resolve, reject) => {
        exec.signal?.addEventListener('abort', () => {
          reject(new Error('aborted inside'))
        })
      })
    })
    expect(await runFor(registry, clock, callInput('t'), 100)).toEqual(timedOutResult(100))
  })

  it('disposing the plugin removes the wrapper', async () => {
    const { clock, registry, uninstall } = setup()
    registry.register(tool('slow', async () => (await clock.sleep(200), 'finished'), 100))
    uninstall()
    expect(await runFor(registry, clock, callInput('slow'), 200)).toEqual(ok('finished'))
    expect(clock.created).toBe(1)
  })
})
