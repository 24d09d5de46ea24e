import { asCallId } from '@toolpipe/core'
import { createToolRegistry } from '@toolpipe/tools'
import type { ToolDefinition, ToolExecution } from '@toolpipe/tools'
import { describe, expect, it } from 'vitest'
import { ManualClock } from './__fixtures__/manual-clock.js'
import { timedOutResult } from './__fixtures__/policy-registry.js'
import { TimeoutReason } from './timeout-reason.js'
import { TimeoutPolicyError } from './timeout-policy-error.js'
import { timeoutPolicy } from './timeout-policy.js'
import type { TimeoutPolicyOptions } from './timeout-policy.js'

// SPEC §22: timeoutPolicy({ extendOnProgress: { maxTotalMs } }): a progress report restarts the
// deadline, never past maxTotalMs from the start; silent tools are still killed.

/** A tool with `timeoutMs: 100` that reports progress at the given times, then answers at `doneAt`. */
function reporting(reportsAt: readonly number[], doneAt: number, clock: ManualClock) {
  const seen: { reason?: unknown } = {}
  const definition: ToolDefinition = {
    name: 'build',
    description: 'Build, reporting progress.',
    parameters: { type: 'object' },
    timeoutMs: 100,
    async execute(_args, exec: ToolExecution) {
      const signal = exec.signal
      let now = 0
      try {
        for (const at of reportsAt) {
          await clock.sleep(at - now, signal)
          now = at
          exec.reportProgress({ progress: at })
        }
        await clock.sleep(doneAt - now, signal)
      } catch (error) {
        seen.reason = signal?.reason
        throw error
      }
      return [{ type: 'text', text: 'built' }]
    },
  }
  return { definition, seen }
}

function setup(options: Omit<TimeoutPolicyOptions, 'clock'>) {
  const clock = new ManualClock()
  const registry = createToolRegistry()
  const uninstall = registry.use(timeoutPolicy({ ...options, clock }))
  return { clock, registry, uninstall }
}

async function run(
  registry: ReturnType<typeof setup>['registry'],
  clock: ManualClock,
  ms: number,
  signal?: AbortSignal,
) {
  const pending = registry.execute({
    callId: asCallId('c1'),
    name: 'build',
    arguments: {},
    ...(signal === undefined ? {} : { signal }),
  })
  await clock.advance(ms)
  return pending
}

describe('timeoutPolicy({ extendOnProgress })', () => {
  it('lets a tool that keeps reporting run past its timeoutMs', async () => {
    const { clock, registry } = setup({ extendOnProgress: { maxTotalMs: 1_000 } })
    const { definition } = reporting([80, 160, 240, 320], 400, clock)
    registry.register(definition)
    expect(await run(registry, clock, 1_000)).toEqual({
      content: [{ type: 'text', text: 'built' }],
      isError: false,
    })
    expect(clock.pending).toBe(0)
  })

  it('kills the same tool at its timeoutMs without the option', async () => {
    const { clock, registry } = setup({})
    const { definition } = reporting([80, 160, 240, 320], 400, clock)
    registry.register(definition)
    expect(await run(registry, clock, 1_000)).toEqual(timedOutResult(100))
  })

  it('still kills a silent tool at its timeoutMs', async () => {
    const { clock, registry } = setup({ extendOnProgress: { maxTotalMs: 1_000 } })
    const { definition, seen } = reporting([], 400, clock)
    registry.register(definition)
    expect(await run(registry, clock, 1_000)).toEqual(timedOutResult(100))
    expect(seen.reason).toMatchObject({ timeoutMs: 100, withoutProgress: false })
  })

  it('kills a tool timeoutMs after its last report, in SPEC §7’s words; the reason says why', async () => {
    const { clock, registry } = setup({ extendOnProgress: { maxTotalMs: 1_000 } })
    const { definition, seen } = reporting([80, 160], 400, clock)
    registry.register(definition)
    const pending = registry.execute({ callId: asCallId('c2'), name: 'build', arguments: {} })
    await clock.advance(259)
    expect(seen.reason).toBeUndefined()
    await clock.advance(1)
    expect(await pending).toEqual(timedOutResult(100))
    expect(seen.reason).toBeInstanceOf(TimeoutReason)
    expect(seen.reason).toMatchObject({
      timeoutMs: 100,
      withoutProgress: true,
      maxTotalMs: undefined,
      message: 'tool call timed out after 100ms',
    })
  })

  it('never extends past maxTotalMs from the start, however often the tool reports (SPEC §7: <ms> is the tool’s timeoutMs)', async () => {
    const { clock, registry } = setup({ extendOnProgress: { maxTotalMs: 300 } })
    const reports = Array.from({ length: 20 }, (_, index) => (index + 1) * 50)
    const { definition, seen } = reporting(reports, 5_000, clock)
    registry.register(definition)
    const pending = registry.execute({ callId: asCallId('c3'), name: 'build', arguments: {} })
    await clock.advance(299)
    expect(seen.reason).toBeUndefined()
    await clock.advance(1)
    expect(await pending).toEqual(timedOutResult(100))
    expect(seen.reason).toMatchObject({ timeoutMs: 100, maxTotalMs: 300, withoutProgress: false })
    expect(clock.pending).toBe(0)
  })

  it.each([
    ['never reports', [], 1_000],
    ['reports, then falls silent (the audit’s case)', [10], 1_000],
    ['reports until maxTotalMs', Array.from({ length: 30 }, (_, index) => (index + 1) * 20), 250],
  ])(
    'SPEC §7 and §22: a tool that %s gets exactly `Error: tool call timed out after <timeoutMs>ms`',
    async (_case, reports, maxTotalMs) => {
      const { clock, registry } = setup({ extendOnProgress: { maxTotalMs } })
      registry.register(reporting(reports, 5_000, clock).definition)
      const result = await run(registry, clock, 2_000)
      expect(result.content).toEqual([
        { type: 'text', text: 'Error: tool call timed out after 100ms' },
      ])
      expect(result.error).toEqual({ name: 'ToolTimeoutError', code: 'TOOL_TIMEOUT' })
    },
  )

  it('extends nothing when maxTotalMs is no larger than the timeoutMs, and never shortens it', async () => {
    const { clock, registry } = setup({ extendOnProgress: { maxTotalMs: 60 } })
    const { definition } = reporting([50, 90], 400, clock)
    registry.register(definition)
    const pending = registry.execute({ callId: asCallId('c4'), name: 'build', arguments: {} })
    await clock.advance(99)
    await clock.advance(1)
    expect(await pending).toEqual(timedOutResult(100))
  })

  it('changes nothing after the caller aborted: the caller’s cancellation stands', async () => {
    const { clock, registry } = setup({ extendOnProgress: { maxTotalMs: 1_000 } })
    const controller = new AbortController()
    const definition: ToolDefinition = {
      name: 'build',
      description: 'Build.',
      parameters: { type: 'object' },
      timeoutMs: 100,
      async execute(_args, exec) {
        await clock.sleep(50)
        controller.abort(new Error('stop'))
        exec.reportProgress({ progress: 1 })
        await clock.sleep(500)
        return [{ type: 'text', text: `reason: ${(exec.signal?.reason as Error).message}` }]
      },
    }
    registry.register(definition)
    expect(await run(registry, clock, 1_000, controller.signal)).toEqual({
      content: [{ type: 'text', text: 'reason: stop' }],
      isError: false,
    })
  })

  it('stops listening to progress when the plugin is disposed', async () => {
    const { clock, registry, uninstall } = setup({ extendOnProgress: { maxTotalMs: 1_000 } })
    uninstall()
    registry.use(timeoutPolicy({ clock }))
    const { definition } = reporting([80, 160], 400, clock)
    registry.register(definition)
    expect(await run(registry, clock, 1_000)).toEqual(timedOutResult(100))
  })

  it('refuses an extendOnProgress it cannot use, when the policy is made', () => {
    for (const extendOnProgress of [{}, { maxTotalMs: 0 }, { maxTotalMs: 2 ** 31 }, 5_000, null]) {
      expect(() => timeoutPolicy({ extendOnProgress: extendOnProgress as never })).toThrow(
        TimeoutPolicyError,
      )
    }
    expect(() => timeoutPolicy({ extendOnProgress: { maxTotalMs: -1 } })).toThrow(
      'timeoutPolicy: extendOnProgress must be { maxTotalMs } with a positive number of milliseconds no larger than 2147483647, got an object with keys ["maxTotalMs"]',
    )
  })
})
