import { callInput } from '@toolpipe/call-inputs'
import { isHarnessError } from '@toolpipe/core'
import type { Agent } from '@toolpipe/core'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { TimeoutReason } from './timeout-reason.js'
import { ok, runFor, setup, timedOutResult, tool } from './__fixtures__/policy-registry.js'

describe('timeoutPolicy', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('leaves a call without a budget alone: the caller’s signal, no timer', async () => {
    const { clock, registry } = setup()
    const caller = new AbortController()
    let seen: AbortSignal | undefined
    registry.register(tool('quick', async (exec) => ((seen = exec.signal), 'done')))
    expect(await registry.execute(callInput('quick', {}, { signal: caller.signal }))).toEqual(
      ok('done'),
    )
    expect(seen).toBe(caller.signal)
    expect(clock.created).toBe(0)
  })

  it('gives a budgeted call a derived signal that aborts with a TOOL_TIMEOUT reason', async () => {
    const { clock, registry } = setup()
    const caller = new AbortController()
    let seen: AbortSignal | undefined
    registry.register(
      tool(
        'slow',
        async (exec) => {
          seen = exec.signal
          await clock.sleep(1_000)
          return 'late'
        },
        100,
      ),
    )
    const pending = registry.execute(callInput('slow', {}, { signal: caller.signal }))
    await clock.advance(99)
    expect(seen).toBeDefined()
    expect(seen).not.toBe(caller.signal)
    expect(seen!.aborted).toBe(false)
    await clock.advance(1)
    expect(seen!.aborted).toBe(true)
    const reason: unknown = seen!.reason
    expect(reason).toBeInstanceOf(TimeoutReason)
    expect(isHarnessError(reason) && reason.code).toBe('TOOL_TIMEOUT')
    expect((reason as TimeoutReason).timeoutMs).toBe(100)
    expect((reason as TimeoutReason).message).toBe('tool call timed out after 100ms')
    // Named in code, not by the class: minified builds keep it.
    expect((reason as TimeoutReason).name).toBe('TimeoutReason')
    expect(caller.signal.aborted).toBe(false)
    await clock.advance(1_000)
    await pending
  })

  it('turns a cooperative tool’s abort into the timeout result', async () => {
    const { clock, registry } = setup()
    registry.register(
      tool('cooperative', async (exec) => (await clock.sleep(1_000, exec.signal), 'never'), 100),
    )
    expect(await runFor(registry, clock, callInput('cooperative'), 100)).toEqual(
      timedOutResult(100),
    )
    expect(clock.pending).toBe(0)
    // The tool's sleep and the deadline: without graceMs, no grace timer.
    expect(clock.created).toBe(2)
  })

  it('replaces the result of a tool that returns after its deadline', async () => {
    const { clock, registry } = setup()
    registry.register(
      tool('stubborn', async () => (await clock.sleep(250), 'finished anyway'), 100),
    )
    expect(await runFor(registry, clock, callInput('stubborn'), 250)).toEqual(timedOutResult(100))
  })

  it('keeps a fast tool’s result and leaves no timer behind', async () => {
    const { clock, registry } = setup()
    registry.register(tool('fast', async () => (await clock.sleep(10), 'quick'), 100))
    expect(await runFor(registry, clock, callInput('fast'), 10)).toEqual(ok('quick'))
    expect(clock.created).toBe(2)
    expect(clock.pending).toBe(0)
    // Only the timers it set are cleared: a custom scheduler never sees a handle it did not make.
    expect(clock.foreignClears).toBe(0)
  })

  it('replaces nothing when the caller aborts first; the tool sees the caller’s reason', async () => {
    const { clock, registry } = setup()
    const caller = new AbortController()
    let reason: unknown
    registry.register(
      tool(
        'cancellable',
        async (exec) => {
          try {
            await clock.sleep(1_000, exec.signal)
            return 'never'
          } catch (error) {
            reason = error
            return 'stopped by the caller'
          }
        },
        100,
      ),
    )
    const pending = registry.execute(callInput('cancellable', {}, { signal: caller.signal }))
    await clock.advance(50)
    caller.abort(new Error('user pressed escape'))
    await clock.advance(100)
    expect(await pending).toEqual(ok('stopped by the caller'))
    expect((reason as Error).message).toBe('user pressed escape')
    expect(clock.pending).toBe(0)
  })

  it('keeps the caller’s cancellation when the deadline passes after it, while the tool still runs', async () => {
    const { clock, registry, warnings } = setup({ graceMs: 10 })
    const caller = new AbortController()
    let reason: unknown
    registry.register(
      tool(
        'ignores',
        async (exec) => {
          await clock.sleep(300) // does not listen to its signal
          reason = exec.signal?.reason
          return 'finished after the caller left'
        },
        100,
      ),
    )
    const pending = registry.execute(callInput('ignores', {}, { signal: caller.signal }))
    await clock.advance(50)
    caller.abort(new Error('user pressed escape'))
    // The deadline passes at 100ms and the grace period at 110ms: neither is a timeout now.
    await clock.advance(250)
    expect(await pending).toEqual(ok('finished after the caller left'))
    expect((reason as Error).message).toBe('user pressed escape')
    expect(warnings).toEqual([])
    expect(clock.pending).toBe(0)
  })

  it('forwards a caller signal that is already aborted', async () => {
    const { clock, registry } = setup()
    const caller = new AbortController()
    caller.abort('gone')
    let aborted: boolean | undefined
    registry.register(tool('t', async (exec) => ((aborted = exec.signal?.aborted), 'ran'), 100))
    expect(await runFor(registry, clock, callInput('t', {}, { signal: caller.signal }), 0)).toEqual(
      ok('ran'),
    )
    expect(aborted).toBe(true)
  })

  it('restores the caller’s signal for post-execute, or removes it when there was none', async () => {
    const { clock, registry } = setup()
    registry.register(tool('t', async () => 'ran', 100))
    const seen: (AbortSignal | undefined)[] = []
    registry.on('tools/post-execute', (exec, _result, next) => (seen.push(exec.signal), next()))
    const caller = new AbortController()
    await runFor(registry, clock, callInput('t', {}, { signal: caller.signal }), 0)
    await runFor(registry, clock, callInput('t'), 0)
    expect(seen).toEqual([caller.signal, undefined])
  })

  it('uses the timeoutMs of the tool visible to the call’s scope', async () => {
    const { clock, registry } = setup()
    const alice: Agent = { id: 'alice' }
    registry.register(tool('fetch', async () => (await clock.sleep(200), 'global fetch')))
    registry.register(
      tool('fetch', async () => (await clock.sleep(200), 'alice’s fetch'), 100),
      {
        scope: alice,
      },
    )
    expect(await runFor(registry, clock, callInput('fetch'), 200)).toEqual(ok('global fetch'))
    expect(await runFor(registry, clock, callInput('fetch', {}, { agent: alice }), 200)).toEqual(
      timedOutResult(100),
    )
  })
})
