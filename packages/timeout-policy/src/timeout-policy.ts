import { AbortFanOut } from '@toolpipe/core/internal'
import type { ToolRegistryPlugin } from '@toolpipe/tools'
import type { Deadline } from './internal/deadline.js'
import { readTimeoutOptions } from './internal/read-timeout-options.js'
import { clockWarnings, timeCall } from './internal/timed-call.js'
import type { TimedCalls } from './internal/timed-call.js'
import type { TimeoutClock } from './timeout-clock.js'

/** Options of {@link timeoutPolicy}. */
export interface TimeoutPolicyOptions {
  /**
   * Default: the global `setTimeout`/`clearTimeout`, looked up when each call starts (so fake
   * timers work) and called on the global object, as browsers require. A clock's two functions
   * are read once, when the policy is made, and called on the clock; a clock without them (or
   * whose members cannot be read) is refused then, naming `clock.setTimeout` or
   * `clock.clearTimeout`.
   */
  readonly clock?: TimeoutClock | undefined
  /**
   * How long to wait for a tool after its deadline before abandoning it: from 0 to 2^31−1 ms.
   * Default: wait as long as it takes (cooperative). With a grace period, a tool that ignores its
   * signal cannot hang the agent: the call returns the timeout result, and the tool's late
   * outcome goes to `registry.logger.warn`, never to the caller.
   */
  readonly graceMs?: number | undefined
  /**
   * Lets a tool that reports progress run past its `timeoutMs`: each progress report
   * (`exec.reportProgress`) puts the deadline `timeoutMs` after it, never past `maxTotalMs` after
   * the call started. A tool that stops reporting is stopped `timeoutMs` after its last report
   * (the reason's `withoutProgress` is `true`); one that keeps reporting, at `maxTotalMs` (the
   * reason's `maxTotalMs` says so); one that never reports, at `timeoutMs` as without this
   * option. The result is `Error: tool call timed out after <timeoutMs>ms` in each case (SPEC §7).
   * A `maxTotalMs` no larger than a tool's `timeoutMs` extends nothing. From 1 to 2^31−1 ms.
   * Default: progress changes no deadline.
   */
  readonly extendOnProgress?: { readonly maxTotalMs: number } | undefined
}

/**
 * A registry plugin that enforces each tool's `timeoutMs` through `exec.signal`.
 *
 * For a call whose tool (as visible to the call's scope) declares `timeoutMs`, it replaces
 * `exec.signal` with one that aborts when the caller's signal aborts or when the deadline passes
 * (reason: a {@link TimeoutReason}), awaits the rest of the chain, then restores the caller's
 * signal (or removes it if there was none). If its own deadline fired, the result becomes
 * `Error: tool call timed out after <ms>ms` ({@link ToolTimeoutError}, `TOOL_TIMEOUT`), even when
 * the tool returned something; if the caller aborted first, nothing is replaced. Timers are
 * always cleared. Options it cannot use throw a `TimeoutPolicyError` (`INVALID_OPTIONS`)
 * when the policy is made.
 *
 * Its place among `tools/execute` wrappers decides what it bounds: registered outermost it covers
 * a whole retry loop, innermost each attempt.
 *
 * @example
 * const registry = createToolRegistry()
 * registry.use(timeoutPolicy({ graceMs: 1_000 }))
 * registry.register(slowTool) // slowTool.timeoutMs === 10_000
 */
export function timeoutPolicy(options: TimeoutPolicyOptions = {}): ToolRegistryPlugin {
  const settings = readTimeoutOptions(options)
  return (registry) => {
    const calls: TimedCalls = {
      registry,
      settings,
      fanOut: new AbortFanOut(),
      deadlines: new Map<object, Deadline>(),
      warnAboutClock: clockWarnings(registry),
    }
    const removeProgress =
      settings.maxTotalMs === undefined
        ? undefined
        : registry.on('tools/progress', (exec) => {
            calls.deadlines.get(exec)?.restart()
          })
    const removeWrapper = registry.on('tools/execute', (exec, next) => timeCall(calls, exec, next))
    return () => {
      removeWrapper()
      removeProgress?.()
    }
  }
}
