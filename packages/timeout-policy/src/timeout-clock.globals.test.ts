import { callInput } from '@toolpipe/call-inputs'
import { createToolRegistry } from '@toolpipe/tools'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ok, tool } from './__fixtures__/policy-registry.js'
import { timeoutPolicy } from './timeout-policy.js'

/**
 * SPEC §7 "Timers are always cleared", §11 "The default clock calls the global timers with the
 * global object as `this`": the default clock parks a Node timer (issue #44) only under the global
 * timers its module loaded with; under a spy, fake timers or a wrapper, every timer is cleared
 * through the global `clearTimeout`.
 */

const deadlineMs = 600_000

/** A registry with the policy on the default clock and one tool, `fast`, that answers at once. */
function fastRegistry() {
  const registry = createToolRegistry()
  registry.use(timeoutPolicy())
  registry.register(tool('fast', async () => 'quick', deadlineMs))
  return registry
}

/** The prototype of Node's `Timeout`, whose `unref` parks a timer and `refresh` re-arms it. */
function timeoutPrototype(): object {
  const probe = setTimeout(() => undefined, 1)
  clearTimeout(probe)
  return Object.getPrototypeOf(probe) as object
}

/** Timers that keep this process alive now. */
function referencedTimers(): number {
  return process.getActiveResourcesInfo().filter((resource) => resource === 'Timeout').length
}

describe('the default clock under replaced global timers (SPEC §7, §11)', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('clears the one timer of a call that returns at once through a spied clearTimeout, on the global object, with the handle setTimeout returned', async () => {
    const setTimeoutSpy = vi.spyOn(globalThis, 'setTimeout')
    const clearTimeoutSpy = vi.spyOn(globalThis, 'clearTimeout')
    const registry = fastRegistry()
    expect(await registry.execute(callInput('fast'))).toEqual(ok('quick'))
    const armed = setTimeoutSpy.mock.calls.flatMap((call, index) =>
      call[1] === deadlineMs ? [setTimeoutSpy.mock.results[index]?.value as unknown] : [],
    )
    expect(armed).toHaveLength(1)
    expect(clearTimeoutSpy).toHaveBeenCalledTimes(1)
    expect(clearTimeoutSpy.mock.contexts[0]).toBe(globalThis)
    expect(clearTimeoutSpy.mock.calls[0]?.[0]).toBe(armed[0])

    // Nothing parked: the next call arms a timer of its own and clears it the same way.
    expect(await registry.execute(callInput('fast'))).toEqual(ok('quick'))
    expect(setTimeoutSpy.mock.calls.filter((call) => call[1] === deadlineMs)).toHaveLength(2)
    expect(clearTimeoutSpy).toHaveBeenCalledTimes(2)
    expect(clearTimeoutSpy.mock.contexts[1]).toBe(globalThis)
  })

  it('clears the global setTimeout’s own handle when only clearTimeout is spied on', async () => {
    const clearTimeoutSpy = vi.spyOn(globalThis, 'clearTimeout')
    expect(await fastRegistry().execute(callInput('fast'))).toEqual(ok('quick'))
    expect(clearTimeoutSpy).toHaveBeenCalledTimes(1)
    expect(clearTimeoutSpy.mock.contexts[0]).toBe(globalThis)
    const handle = clearTimeoutSpy.mock.calls[0]?.[0] as object | undefined
    expect(handle?.constructor.name).toBe('Timeout')
  })

  it('clears, never parks, the timer of a wrapped setTimeout', async () => {
    const setTimeoutSpy = vi.spyOn(globalThis, 'setTimeout')
    const before = referencedTimers()
    expect(await fastRegistry().execute(callInput('fast'))).toEqual(ok('quick'))
    const index = setTimeoutSpy.mock.calls.findIndex((call) => call[1] === deadlineMs)
    const handle = setTimeoutSpy.mock.results[index]?.value as NodeJS.Timeout
    // A parked timer is unreferenced; a cleared one keeps its flag and is no longer pending.
    expect(handle.hasRef()).toBe(true)
    expect(referencedTimers()).toBe(before)
  })

  it('parks again under the untouched globals: a second call re-arms the first one’s timer', async () => {
    const prototype = timeoutPrototype()
    const unref = vi.spyOn(prototype as { unref(): unknown }, 'unref')
    const refresh = vi.spyOn(prototype as { refresh(): unknown }, 'refresh')
    // Spied on and restored: the very functions of the module's load are back.
    vi.spyOn(globalThis, 'clearTimeout').mockRestore()
    const registry = fastRegistry()
    expect(await registry.execute(callInput('fast'))).toEqual(ok('quick'))
    const parked = [...unref.mock.contexts]
    expect(parked.length).toBeGreaterThan(0)
    expect(await registry.execute(callInput('fast'))).toEqual(ok('quick'))
    expect(refresh.mock.contexts.some((timer) => parked.includes(timer))).toBe(true)
  })
})
