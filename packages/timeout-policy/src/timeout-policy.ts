import type { ToolExecutionResult, ToolRegistryPlugin } from '@toolpipe/tools'
import { Deadline } from './internal/deadline.js'
import { TimeoutReason } from './timeout-reason.js'
import { ToolTimeoutError } from './tool-timeout-error.js'

/** The timers the policy uses; inject one to control time in tests or to use a custom scheduler. */
export interface TimeoutClock {
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

/** Options of {@link timeoutPolicy}. */
export interface TimeoutPolicyOptions {
  /** Default: the global `setTimeout`/`clearTimeout`, looked up when each call starts. */
  readonly clock?: TimeoutClock | undefined
  /**
   * How long to wait for a tool after its deadline before abandoning it. Default: wait as long as
   * it takes (cooperative). With a grace period, a tool that ignores its signal cannot hang the
   * agent: the call returns the timeout result, and the tool's late outcome goes to
   * `registry.logger.warn`, never to the caller.
   */
  readonly graceMs?: number | undefined
}

/** What the race resolves to when the grace period after the deadline runs out first. */
const abandoned: unique symbol = Symbol('abandoned')

/**
 * A registry plugin that enforces each tool's `timeoutMs` through `exec.signal`.
 *
 * For a call whose tool (as visible to the call's scope) declares `timeoutMs`, it replaces
 * `exec.signal` with one that aborts when the caller's signal aborts or when the deadline passes
 * (reason: a {@link TimeoutReason}), awaits the rest of the chain, then restores the caller's
 * signal (or removes it if there was none). If its own deadline fired, the result becomes
 * `Error: tool call timed out after <ms>ms` ({@link ToolTimeoutError}, `TOOL_TIMEOUT`), even when
 * the tool returned something; if the caller aborted first, nothing is replaced. Timers are
 * always cleared.
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
  const graceMs = options.graceMs
  if (graceMs !== undefined && !(Number.isFinite(graceMs) && graceMs >= 0)) {
    throw new RangeError(
      `timeoutPolicy: graceMs must be a finite number ≥ 0, got ${String(graceMs)}`,
    )
  }
  return (registry) =>
    registry.on('tools/execute', async (exec, next) => {
      const timeoutMs = registry.get(exec.name, exec.agent)?.timeoutMs
      if (timeoutMs === undefined) return next()

      // Created now, so that its stack shows the call rather than a timer callback.
      const reason = new TimeoutReason(timeoutMs)
      const callerSignal = exec.signal
      const deadline = new Deadline({
        clock: options.clock ?? {
          setTimeout: globalThis.setTimeout,
          clearTimeout: globalThis.clearTimeout,
        },
        timeoutMs,
        graceMs,
        reason,
        callerSignal,
      })
      exec.signal = deadline.signal
      try {
        const outcome = next()
        let result: ToolExecutionResult | typeof abandoned
        try {
          result =
            graceMs === undefined
              ? await outcome
              : await Promise.race([
                  outcome,
                  deadline.graceExpired.then((): typeof abandoned => abandoned),
                ])
        } catch (error) {
          // A failure caused by our own deadline is a timeout, whatever shape it took.
          if (!deadline.timedOut) throw error
          result = abandoned
        }
        if (result === abandoned) {
          const about = `toolpipe: tool "${exec.name}" (call "${exec.callId}") settled after it was abandoned at its ${timeoutMs}ms deadline`
          outcome.then(
            (late) => {
              registry.logger.warn(about, late)
            },
            (error: unknown) => {
              registry.logger.warn(about, error)
            },
          )
        }
        return deadline.timedOut
          ? timeoutResult(timeoutMs, reason)
          : (result as ToolExecutionResult)
      } finally {
        deadline.dispose()
        exec.signal = callerSignal
      }
    })
}

function timeoutResult(timeoutMs: number, reason: TimeoutReason): ToolExecutionResult {
  const error = new ToolTimeoutError(timeoutMs, { cause: reason })
  return {
    content: [{ type: 'text', text: `Error: ${error.message}` }],
    isError: true,
    error: { name: error.name, code: error.code },
  }
}
