import { callInput } from '@toolpipe/call-inputs'
import { isHarnessError } from '@toolpipe/core'
import type { Agent } from '@toolpipe/core'
import { createToolRegistry } from '@toolpipe/tools'
import type {
  ApprovalOutcome,
  ApprovalService,
  ToolDefinition,
  ToolExecution,
  ToolExecutionInput,
  ToolExecutionResult,
  ToolRegistry,
} from '@toolpipe/tools'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ManualClock } from './__fixtures__/manual-clock.js'
import { TimeoutReason } from './timeout-reason.js'
import { TimeoutPolicyError } from './timeout-policy-error.js'
import { timeoutPolicy } from './timeout-policy.js'
import type { TimeoutPolicyOptions } from './timeout-policy.js'

const timedOutResult = (ms: number): ToolExecutionResult => ({
  content: [{ type: 'text', text: `Error: tool call timed out after ${ms}ms` }],
  isError: true,
  error: { name: 'ToolTimeoutError', code: 'TOOL_TIMEOUT' },
})
const ok = (text: string): ToolExecutionResult => ({
  content: [{ type: 'text', text }],
  isError: false,
})

function tool(
  name: string,
  run: (exec: ToolExecution) => Promise<string>,
  timeoutMs?: number,
): ToolDefinition {
  return {
    name,
    description: name,
    parameters: { type: 'object' },
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
    execute: async (_args, exec) => [{ type: 'text', text: await run(exec) }],
  }
}

function setup(options: Omit<TimeoutPolicyOptions, 'clock'> = {}) {
  const clock = new ManualClock()
  const warnings: unknown[][] = []
  const registry = createToolRegistry({ logger: { warn: (...details) => warnings.push(details) } })
  const uninstall = registry.use(timeoutPolicy({ ...options, clock }))
  return { clock, registry, uninstall, warnings }
}

/** Starts a call and lets the clock run `ms`, then returns the settled result. */
async function runFor(
  registry: ToolRegistry,
  clock: ManualClock,
  input: ToolExecutionInput,
  ms: number,
) {
  const pending = registry.execute(input)
  await clock.advance(ms)
  return pending
}

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

  it('disposing the plugin removes the wrapper', async () => {
    const { clock, registry, uninstall } = setup()
    registry.register(tool('slow', async () => (await clock.sleep(200), 'finished'), 100))
    uninstall()
    expect(await runFor(registry, clock, callInput('slow'), 200)).toEqual(ok('finished'))
    expect(clock.created).toBe(1)
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
    registry.register(
      tool(
        'slow',
        (exec) =>
          new Promise<string>((_resolve, reject) => {
            exec.signal?.addEventListener('abort', () => {
              reject(exec.signal?.reason as Error)
            })
          }),
        30_000,
      ),
    )
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
    let answer: (outcome: ApprovalOutcome) => void = () => undefined
    let arrived: () => void = () => undefined
    const asked = new Promise<void>((resolve) => (arrived = resolve))
    const approval: ApprovalService = {
      request: () =>
        new Promise((resolve) => {
          answer = resolve
          arrived()
        }),
    }
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
})
