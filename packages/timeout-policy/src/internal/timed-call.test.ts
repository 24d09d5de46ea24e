import { AbortFanOut } from '@toolpipe/core/internal'
import { createToolRegistry, ToolRegistryError } from '@toolpipe/tools'
import type { ToolExecution, ToolExecutionResult } from '@toolpipe/tools'
import { describe, expect, it } from 'vitest'
import { ManualClock } from '../__fixtures__/manual-clock.js'
import { ok, timedOutResult, tool } from '../__fixtures__/policy-registry.js'
import type { Deadline } from './deadline.js'
import { clockWarnings, timeCall } from './timed-call.js'
import type { TimedCalls } from './timed-call.js'

/** The policy's state over a registry with a tool `t` of `timeoutMs`, and a call of it. */
function setup(timeoutMs: unknown) {
  const clock = new ManualClock()
  const registry = createToolRegistry()
  registry.register(tool('t', async () => 'ran'))
  const definition = registry.get('t')!
  ;(definition as { timeoutMs?: unknown }).timeoutMs = timeoutMs
  const calls: TimedCalls = {
    registry,
    settings: { clock, graceMs: undefined, maxTotalMs: undefined },
    fanOut: new AbortFanOut(),
    deadlines: new Map<object, Deadline>(),
    warnAboutClock: clockWarnings(registry),
  }
  const exec = { name: 't', callId: 'c1', signal: undefined } as unknown as ToolExecution
  return { clock, calls, exec }
}

/** A `next` that waits for the signal it finds on `exec` to abort, then rejects with its reason. */
function waitsForAbort(exec: ToolExecution) {
  return (): Promise<ToolExecutionResult> =>
    new Promise((_resolve, reject) => {
      const signal = exec.signal!
      signal.addEventListener('abort', () => {
        reject(signal.reason as Error)
      })
    })
}

describe('timeCall', () => {
  it('just runs a call whose tool declares no timeoutMs, its signal untouched', async () => {
    const { calls, exec } = setup(undefined)
    const result = await timeCall(calls, exec, async () => {
      expect(exec.signal).toBeUndefined()
      return ok('ran')
    })
    expect(result).toEqual(ok('ran'))
  })

  it('runs a timed call under a deadline, answers the timeout result, and restores the signal', async () => {
    const { clock, calls, exec } = setup(100)
    const pending = timeCall(calls, exec, waitsForAbort(exec))
    expect(exec.signal).toBeInstanceOf(AbortSignal)
    await clock.advance(100)
    expect(await pending).toEqual(timedOutResult(100))
    expect(exec.signal).toBeUndefined()
    expect(clock.pending).toBe(0)
  })

  it('refuses a timeoutMs changed after registration to one no timer can hold', async () => {
    const { calls, exec } = setup(2 ** 31)
    await expect(timeCall(calls, exec, async () => ok('ran'))).rejects.toThrow(ToolRegistryError)
    await expect(timeCall(calls, exec, async () => ok('ran'))).rejects.toThrow(
      'tool "t": timeoutMs must be a positive, finite number of milliseconds no larger than 2147483647, got 2147483648',
    )
  })
})
