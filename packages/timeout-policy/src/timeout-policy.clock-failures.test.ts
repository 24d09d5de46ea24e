import { asCallId } from '@toolpipe/core'
import { createToolRegistry } from '@toolpipe/tools'
import type { ToolExecutionResult } from '@toolpipe/tools'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { reporting, reportsForever, run } from './__fixtures__/clock-run.js'
import { ok, timedOutResult } from './__fixtures__/policy-registry.js'
import type { Body } from './__fixtures__/clock-run.js'
import { FaultyClock } from './__fixtures__/faulty-clock.js'
import type { FailingCalls } from './__fixtures__/faulty-clock.js'
import type { TimeoutClock } from './timeout-clock.js'
import { timeoutPolicy } from './timeout-policy.js'
import type { TimeoutPolicyOptions } from './timeout-policy.js'

// Issue #38: no injected-clock method that throws — at any point it is called — may crash the
// process (an uncaught exception from a timer callback) or make execute() reject; the call
// resolves to a sensible result and the problem goes to registry.logger.warn.

/** Process-level failures seen while a test runs: none may come from the policy. */
const processFailures: unknown[] = []
const onFailure = (error: unknown) => {
  processFailures.push(error)
}
beforeEach(() => {
  processFailures.length = 0
  process.on('uncaughtException', onFailure)
  process.on('unhandledRejection', onFailure)
})
afterEach(() => {
  process.off('uncaughtException', onFailure)
  process.off('unhandledRejection', onFailure)
})

interface Scenario {
  readonly name: string
  readonly options: Omit<TimeoutPolicyOptions, 'clock'>
  readonly body: Body
  /** The result with a clock that never throws. */
  readonly healthy: ToolExecutionResult
}

const scenarios: readonly Scenario[] = [
  {
    name: 'the tool settles before its deadline',
    options: {},
    body: async (exec, time) => (await time.sleep(50, exec.signal), 'done'),
    healthy: ok('done'),
  },
  {
    name: 'the deadline passes and the tool stops (cooperative)',
    options: {},
    body: async (exec, time) => (await time.sleep(1_000, exec.signal), 'done'),
    healthy: timedOutResult(100),
  },
  {
    name: 'the tool ignores its signal and is abandoned after graceMs',
    options: { graceMs: 10 },
    body: async (_exec, time) => (await time.sleep(5_000), 'done'),
    healthy: timedOutResult(100),
  },
  {
    name: 'the tool ignores its signal and settles within graceMs',
    options: { graceMs: 50 },
    body: async (_exec, time) => (await time.sleep(120), 'done'),
    healthy: timedOutResult(100),
  },
  {
    name: 'progress extends the deadline and the tool answers',
    options: { extendOnProgress: { maxTotalMs: 1_000 } },
    body: reporting([50, 100], 150),
    healthy: ok('done'),
  },
  {
    name: 'progress extends the deadline, then the tool falls silent',
    options: { extendOnProgress: { maxTotalMs: 1_000 } },
    body: reporting([50], 2_000),
    healthy: timedOutResult(100),
  },
  {
    name: 'the tool reports forever and meets maxTotalMs, then is abandoned',
    options: { extendOnProgress: { maxTotalMs: 300 }, graceMs: 20 },
    body: reportsForever,
    healthy: timedOutResult(100),
  },
]

describe('a clock method that throws at any point it is called', () => {
  it.each(scenarios)('$name', async ({ options, body, healthy }) => {
    const counting = new FaultyClock()
    const baseline = await run(counting, body, options)
    expect(baseline.result).toEqual(healthy)
    expect(baseline.messages.filter((message) => message.includes(`the clock's`))).toEqual([])
    const { sets, clears } = counting
    expect(sets).toBeGreaterThan(0)

    const only =
      (call: number): FailingCalls =>
      (n) =>
        n === call
    const always: FailingCalls = () => true
    type Case = readonly [
      label: string,
      failing: ConstructorParameters<typeof FaultyClock>[0],
      method: string,
    ]
    const cases: Case[] = [
      ...Array.from({ length: sets }, (_, index): Case => [
        `setTimeout call ${index + 1}`,
        { setTimeout: only(index + 1) },
        'setTimeout',
      ]),
      ...Array.from({ length: clears }, (_, index): Case => [
        `clearTimeout call ${index + 1}`,
        { clearTimeout: only(index + 1) },
        'clearTimeout',
      ]),
      ['every setTimeout', { setTimeout: always }, 'setTimeout'],
      ['every clearTimeout', { clearTimeout: always }, 'clearTimeout'],
      ['every call of both', { setTimeout: always, clearTimeout: always }, 'Timeout'],
    ]
    for (const [label, failing, method] of cases) {
      const clock = new FaultyClock(failing)
      const outcome = await run(clock, body, options)
      expect(outcome.escaped, label).toEqual([])
      expect(processFailures, label).toEqual([])
      // Sensible: the tool's own answer (when no deadline could hold it) or a timeout result.
      expect(outcome.result.isError ? outcome.result.error : outcome.result, label).toEqual(
        outcome.result.isError ? { name: 'ToolTimeoutError', code: 'TOOL_TIMEOUT' } : ok('done'),
      )
      // Every failure is told (a clearTimeout never called cannot fail).
      expect(
        outcome.messages.filter((message) => message.includes(`the clock's`)).length,
        `${label}: ${JSON.stringify(outcome.messages)}`,
      ).toBe(clock.failures)
      if (clock.failures > 0) expect(outcome.messages.join('\n'), label).toContain(method)
    }
  })
})

describe('each failure, and what the call does instead', () => {
  it('clearTimeout throwing inside a real timer callback never reaches the process', async () => {
    // Timers on the host's own event loop: a throw there would be an uncaught exception.
    const clock: TimeoutClock = {
      setTimeout: (callback) => setImmediate(callback),
      clearTimeout: () => {
        throw new Error('clearTimeout is broken')
      },
    }
    const warnings: unknown[][] = []
    const registry = createToolRegistry({
      logger: { warn: (...details) => warnings.push(details) },
    })
    // With maxTotalMs, the deadline's callback clears the other timer: the call that threw.
    registry.use(timeoutPolicy({ clock, extendOnProgress: { maxTotalMs: 1_000 } }))
    registry.register({
      name: 'waits',
      description: 'Waits for its signal.',
      parameters: { type: 'object' },
      timeoutMs: 100,
      execute: (_args, exec) =>
        new Promise((_resolve, reject) => {
          exec.signal?.addEventListener('abort', () => {
            reject(exec.signal?.reason as Error)
          })
        }),
    })
    const result = await registry.execute({
      callId: asCallId('real'),
      name: 'waits',
      arguments: {},
    })
    for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve))
    expect(result).toEqual(timedOutResult(100))
    expect(processFailures).toEqual([])
    expect(warnings.map((details) => String(details[0]))).toContainEqual(
      expect.stringContaining(`the clock's clearTimeout threw`),
    )
  })

  it('a deadline that cannot be armed: the call runs without one, warned', async () => {
    const clock = new FaultyClock({ setTimeout: () => true })
    const outcome = await run(
      clock,
      async (exec, time) => (await time.sleep(1_000, exec.signal), 'done'),
      {},
    )
    expect(outcome.result).toEqual(ok('done'))
    expect(outcome.settledAt).toBe(1_000)
    expect(outcome.messages).toEqual([
      `toolpipe: timeoutPolicy: tool "work" (call "${outcome.callId}"): the clock's setTimeout threw arming the deadline; the call runs without one`,
    ])
  })

  it('a maxTotalMs limit that cannot be armed: progress extends nothing', async () => {
    const clock = new FaultyClock({ setTimeout: (call) => call === 2 })
    const outcome = await run(clock, reporting([50], 150), {
      extendOnProgress: { maxTotalMs: 1_000 },
    })
    expect(outcome.result).toEqual(timedOutResult(100))
    expect(outcome.settledAt).toBe(100)
    expect(outcome.messages).toEqual([
      expect.stringContaining(
        `the clock's setTimeout threw arming the maxTotalMs limit; progress extends nothing`,
      ),
    ])
  })

  it('a restart that cannot be armed: the previous deadline stands', async () => {
    const clock = new FaultyClock({ setTimeout: (call) => call === 3 })
    const outcome = await run(clock, reporting([50], 150), {
      extendOnProgress: { maxTotalMs: 1_000 },
    })
    expect(outcome.result).toEqual(timedOutResult(100))
    expect(outcome.settledAt).toBe(100)
    expect(outcome.messages).toEqual([
      expect.stringContaining(
        `the clock's setTimeout threw restarting the deadline on progress; the previous deadline stands`,
      ),
    ])
  })

  it('a replaced deadline that cannot be cleared fires and does nothing', async () => {
    const clock = new FaultyClock({ clearTimeout: (call) => call === 1 })
    const outcome = await run(clock, reporting([50], 140), {
      extendOnProgress: { maxTotalMs: 1_000 },
    })
    expect(outcome.result).toEqual(ok('done'))
    expect(outcome.settledAt).toBe(140)
    expect(outcome.messages).toEqual([
      expect.stringContaining(
        `the clock's clearTimeout threw clearing the deadline timer; it will do nothing when it fires`,
      ),
    ])
  })

  it('a grace period that cannot be armed: the tool is abandoned at its deadline', async () => {
    const clock = new FaultyClock({ setTimeout: (call) => call === 2 })
    const outcome = await run(clock, async (_exec, time) => (await time.sleep(5_000), 'late'), {
      graceMs: 50,
    })
    expect(outcome.result).toEqual(timedOutResult(100))
    expect(outcome.settledAt).toBe(100)
    expect(outcome.messages).toEqual([
      expect.stringContaining(
        `the clock's setTimeout threw arming the grace period; the tool is abandoned now`,
      ),
      expect.stringContaining('settled after it was abandoned at its 100ms deadline'),
    ])
  })

  it('timers that cannot be cleared when the call settles fire later and do nothing', async () => {
    const clock = new FaultyClock({ clearTimeout: () => true })
    const outcome = await run(
      clock,
      async (exec, time) => (await time.sleep(50, exec.signal), 'done'),
      {
        graceMs: 10,
        extendOnProgress: { maxTotalMs: 1_000 },
      },
    )
    expect(outcome.result).toEqual(ok('done'))
    expect(outcome.settledAt).toBe(50)
    expect(outcome.messages).toEqual([
      expect.stringContaining(`the clock's clearTimeout threw clearing the deadline timer`),
      expect.stringContaining(`the clock's clearTimeout threw clearing the maxTotalMs timer`),
    ])
    expect(clock.time.pending).toBe(0)
  })

  it('a logger that throws as well changes nothing', async () => {
    const clock = new FaultyClock({ setTimeout: (call) => call > 1, clearTimeout: () => true })
    const registry = createToolRegistry({
      logger: {
        warn() {
          throw new Error('the logger is down')
        },
      },
    })
    registry.use(timeoutPolicy({ clock, graceMs: 10 }))
    registry.register({
      name: 'ignores',
      description: 'Ignores its signal.',
      parameters: { type: 'object' },
      timeoutMs: 100,
      execute: async () => (await clock.time.sleep(500), [{ type: 'text', text: 'late' }]),
    })
    const pending = registry.execute({ callId: asCallId('l'), name: 'ignores', arguments: {} })
    await clock.time.advance(1_000)
    expect(await pending).toEqual(timedOutResult(100))
    for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setImmediate(resolve))
    expect(clock.escaped).toEqual([])
    expect(processFailures).toEqual([])
  })
})
