import { AbortFanOut, describeValue } from '@toolpipe/core/internal'
import { ToolRegistryError } from '@toolpipe/tools'
import type { ToolExecutionResult, ToolRegistryLogger, ToolRegistryPlugin } from '@toolpipe/tools'
import { Deadline } from './internal/deadline.js'
import { globalClock } from './timeout-clock.js'
import type { TimeoutClock } from './timeout-clock.js'
import { TimeoutReason } from './timeout-reason.js'
import { ToolTimeoutError } from './tool-timeout-error.js'

/** Options of {@link timeoutPolicy}. */
export interface TimeoutPolicyOptions {
  /**
   * Default: the global `setTimeout`/`clearTimeout`, looked up when each call starts (so fake
   * timers work) and called on the global object, as browsers require.
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
   * (`… timed out after <timeoutMs>ms without progress`); one that keeps reporting, at
   * `maxTotalMs` (`… timed out after <maxTotalMs>ms`); one that never reports, at `timeoutMs`
   * as without this option. A `maxTotalMs` no larger than a tool's `timeoutMs` extends nothing.
   * From 1 to 2^31−1 ms. Default: progress changes no deadline.
   */
  readonly extendOnProgress?: { readonly maxTotalMs: number } | undefined
}

/** The longest delay a timer honours: 2^31−1 ms (about 24.8 days). Longer ones fire at once. */
const maxTimerMs = 2_147_483_647

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
  if (
    graceMs !== undefined &&
    (typeof graceMs !== 'number' || !(graceMs >= 0 && graceMs <= maxTimerMs))
  ) {
    throw new RangeError(
      `timeoutPolicy: graceMs must be a number of milliseconds ≥ 0 and no larger than ${maxTimerMs}, got ${String(graceMs)}`,
    )
  }
  const maxTotalMs = readMaxTotalMs(options.extendOnProgress)
  return (registry) => {
    // One listener per caller signal, however many timed calls share it.
    const fanOut = new AbortFanOut()
    /** The deadline of each timed call running, by its execution (one object per call). */
    const deadlines = new Map<object, Deadline>()
    const removeProgress =
      maxTotalMs === undefined
        ? undefined
        : registry.on('tools/progress', (exec) => {
            deadlines.get(exec)?.restart()
          })
    const removeWrapper = registry.on('tools/execute', async (exec, next) => {
      const timeoutMs: unknown = registry.get(exec.name, exec.agent)?.timeoutMs
      if (timeoutMs === undefined) return next()
      // Registration refuses such a budget; a definition changed afterwards gets no timer at all
      // rather than one that fires at once.
      if (typeof timeoutMs !== 'number' || !(timeoutMs > 0 && timeoutMs <= maxTimerMs)) {
        throw new ToolRegistryError(
          `tool "${exec.name}": timeoutMs must be a positive, finite number of milliseconds no larger than ${maxTimerMs}, got ${describeValue(timeoutMs)}`,
          'INVALID_TOOL',
        )
      }

      // Created now, so that its stack shows the call rather than a timer callback.
      const reason = new TimeoutReason(timeoutMs)
      const callerSignal = exec.signal
      const clock = options.clock ?? globalClock()
      const deadline = new Deadline({
        clock,
        warn: (problem, error) => {
          warnSafely(
            registry.logger,
            `toolpipe: timeoutPolicy: tool "${exec.name}" (call "${exec.callId}"): ${problem}`,
            error,
          )
        },
        timeoutMs,
        graceMs,
        reason,
        maxTotalMs,
        callerSignal,
        fanOut,
      })
      exec.signal = deadline.signal
      // Stacked policies (or a retry wrapper calling next() twice) time the same execution: the
      // innermost deadline hears the progress while it runs, the outer one after.
      const outer = deadlines.get(exec)
      if (maxTotalMs !== undefined) deadlines.set(exec, deadline)
      try {
        const outcome = next()
        let result: ToolExecutionResult | typeof abandoned
        try {
          result =
            // Stryker disable next-line ConditionalExpression: without a grace period graceExpired never settles, so racing it would change nothing; "→ true" ignores the grace period and fails the tests
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
              warnSafely(registry.logger, about, late)
            },
            (error: unknown) => {
              warnSafely(registry.logger, about, error)
            },
          )
        }
        const expired = deadline.expired
        return expired === undefined ? (result as ToolExecutionResult) : timeoutResult(expired)
      } finally {
        deadline.dispose()
        exec.signal = callerSignal
        if (outer === undefined) deadlines.delete(exec)
        else deadlines.set(exec, outer)
      }
    })
    return () => {
      removeWrapper()
      removeProgress?.()
    }
  }
}

/** `extendOnProgress`, read once: its `maxTotalMs`, or `undefined` without it. */
function readMaxTotalMs(extendOnProgress: unknown): number | undefined {
  if (extendOnProgress === undefined) return undefined
  const maxTotalMs: unknown =
    typeof extendOnProgress === 'object' && extendOnProgress !== null
      ? (extendOnProgress as { maxTotalMs?: unknown }).maxTotalMs
      : undefined
  if (typeof maxTotalMs !== 'number' || !(maxTotalMs > 0 && maxTotalMs <= maxTimerMs)) {
    throw new RangeError(
      `timeoutPolicy: extendOnProgress must be { maxTotalMs } with a positive number of milliseconds no larger than ${maxTimerMs}, got ${describeValue(extendOnProgress)}`,
    )
  }
  return maxTotalMs
}

/** A late outcome is only worth a log line: a logger that throws must not make it more. */
function warnSafely(logger: ToolRegistryLogger, message: string, detail: unknown): void {
  try {
    logger.warn(message, detail)
  } catch {
    // Nowhere left to report it; above all, not an unhandled rejection.
  }
}

function timeoutResult(reason: TimeoutReason): ToolExecutionResult {
  const error = new ToolTimeoutError(reason.timeoutMs, { withoutProgress: reason.withoutProgress })
  return {
    content: [{ type: 'text', text: `Error: ${error.message}` }],
    isError: true,
    error: { name: error.name, code: error.code },
  }
}
