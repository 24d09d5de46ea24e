import { setImmediate as nextMacrotask } from 'node:timers/promises'
import { callInput } from '@toolpipe/call-inputs'
import { createToolRegistry } from '@toolpipe/tools'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { NodeLikeTimers } from './__fixtures__/node-like-timers.js'
import { ok, timedOutResult, tool, untilAborted } from './__fixtures__/policy-registry.js'
import { globalClock } from './timeout-clock.js'
import { timeoutPolicy } from './timeout-policy.js'

/** The Node timer behind a handle the global clock gave. */
function nodeTimer(handle: unknown): NodeJS.Timeout {
  return (handle as { handle: NodeJS.Timeout }).handle
}

/**
 * Node-like global timers installed, then the policy's modules loaded afresh: the global clock
 * parks only under the global timers its module loaded with (SPEC §7), so these must be them.
 * Returns the global clock over them, and the policy of the same load.
 */
async function nodeLike() {
  const timers = new NodeLikeTimers()
  vi.stubGlobal('setTimeout', timers.setTimeout)
  vi.stubGlobal('clearTimeout', timers.clearTimeout)
  vi.resetModules()
  const loaded = await import('./timeout-clock.js')
  const { timeoutPolicy: policy } = await import('./timeout-policy.js')
  return { timers, clock: loaded.globalClock(), timeoutPolicy: policy }
}

/** Timers that keep this process alive now. */
function referencedTimers(): number {
  return process.getActiveResourcesInfo().filter((resource) => resource === 'Timeout').length
}

describe('globalClock', () => {
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })

  it('parks a cleared timer, unreferenced, and re-arms it from now for the next deadline of the same duration', async () => {
    const { timers, clock } = await nodeLike()
    const fired: string[] = []
    const first = clock.setTimeout(() => fired.push('first'), 1_000)
    clock.clearTimeout(first)
    expect(timers.count).toBe(1)
    expect(nodeTimer(first).hasRef()).toBe(false)
    timers.advance(400)
    const second = clock.setTimeout(() => fired.push('second'), 1_000)
    expect(second).toBe(first)
    expect(nodeTimer(second).hasRef()).toBe(true)
    expect(timers.count).toBe(1)
    // Past the first deadline's time, short of the second's: 1,000 ms from when it was armed.
    timers.advance(999)
    expect(fired).toEqual([])
    timers.advance(1)
    expect(fired).toEqual(['second'])
    expect(timers.count).toBe(0)
  })

  it('forgets a parked timer that fires, doing nothing', async () => {
    const { timers, clock } = await nodeLike()
    const fired: string[] = []
    const first = clock.setTimeout(() => fired.push('first'), 1_000)
    clock.clearTimeout(first)
    timers.advance(1_000)
    expect(fired).toEqual([])
    expect(timers.count).toBe(0)
    const next = clock.setTimeout(() => fired.push('next'), 1_000)
    expect(next).not.toBe(first)
    // Cleared twice, or after it fired: nothing is armed, nothing happens.
    clock.clearTimeout(first)
    timers.advance(1_000)
    expect(fired).toEqual(['next'])
    clock.clearTimeout(next)
    clock.clearTimeout(next)
    expect(timers.count).toBe(0)
  })

  it('parks one timer per duration, and at most eight durations', async () => {
    const { timers, clock } = await nodeLike()
    const a = clock.setTimeout(() => undefined, 1_000)
    const b = clock.setTimeout(() => undefined, 1_000)
    clock.clearTimeout(a)
    clock.clearTimeout(b)
    expect(timers.count).toBe(1)
    const other = clock.setTimeout(() => undefined, 2_000)
    expect(other).not.toBe(a)
    clock.clearTimeout(other)
    expect(timers.count).toBe(2)
    const many = Array.from({ length: 10 }, (_, index) =>
      clock.setTimeout(() => undefined, 3_000 + index),
    )
    for (const handle of many) clock.clearTimeout(handle)
    expect(timers.count).toBe(8)
  })

  it('clears every timer under fake timers, whose handles are not Node timers', () => {
    vi.useFakeTimers()
    const clock = globalClock()
    clock.clearTimeout(clock.setTimeout(() => undefined, 1_000))
    expect(vi.getTimerCount()).toBe(0)
  })

  it('never lets a parked timer keep the process alive (Node timers)', () => {
    const clock = globalClock()
    const handle = clock.setTimeout(() => undefined, 60_000)
    expect(nodeTimer(handle).hasRef()).toBe(true)
    clock.clearTimeout(handle)
    expect(nodeTimer(handle).hasRef()).toBe(false)
    const again = clock.setTimeout(() => undefined, 60_000)
    expect(again).toBe(handle)
    expect(nodeTimer(again).hasRef()).toBe(true)
    clock.clearTimeout(again)
    expect(nodeTimer(again).hasRef()).toBe(false)
  })

  it('clears a handle that cannot be armed again (a browser gives numbers)', () => {
    const cleared: unknown[] = []
    const pending = new Map<number, () => void>()
    let nextId = 1
    vi.stubGlobal('setTimeout', (callback: () => void) => {
      pending.set(nextId, callback)
      return nextId++
    })
    vi.stubGlobal('clearTimeout', (id: number) => {
      cleared.push(id)
      pending.delete(id)
    })
    // New global functions, a clock of their own: nothing parked under the old ones is used.
    const clock = globalClock()
    const handle = clock.setTimeout(() => undefined, 1_000)
    clock.clearTimeout(handle)
    expect(cleared).toEqual([1])
    expect(pending.size).toBe(0)
    expect(clock.setTimeout(() => undefined, 1_000)).not.toBe(handle)
  })

  it('leaves no referenced timer behind a timed call that ended', async () => {
    const registry = createToolRegistry()
    registry.use(timeoutPolicy())
    registry.register(tool('fast', async () => 'quick', 45_000))
    const before = referencedTimers()
    expect(await registry.execute(callInput('fast'))).toEqual(ok('quick'))
    expect(await registry.execute(callInput('fast'))).toEqual(ok('quick'))
    expect(referencedTimers()).toBe(before)
  })

  it('times a call out on the parked timer it re-armed, timeoutMs after the call started', async () => {
    const { timers, timeoutPolicy: policy } = await nodeLike()
    const registry = createToolRegistry()
    registry.use(policy())
    registry.register(tool('fast', async () => 'quick', 1_000))
    registry.register(tool('slow', untilAborted, 1_000))
    expect(await registry.execute(callInput('fast'))).toEqual(ok('quick'))
    expect(timers.count).toBe(1)
    timers.advance(600)
    let settled = false
    const pending = registry.execute(callInput('slow')).finally(() => (settled = true))
    await nextMacrotask()
    expect(timers.count).toBe(1)
    timers.advance(999)
    await nextMacrotask()
    expect(settled).toBe(false)
    timers.advance(1)
    expect(await pending).toEqual(timedOutResult(1_000))
    expect(timers.count).toBe(0)
  })
})
