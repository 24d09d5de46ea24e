import { describeValue, warnSafely } from '@toolpipe/core/internal'
import type { AbortFanOut } from '@toolpipe/core/internal'
import { ToolRegistryError } from '@toolpipe/tools'
import type { ToolExecution, ToolExecutionResult, ToolRegistry } from '@toolpipe/tools'
import { globalClock } from '../timeout-clock.js'
import type { TimeoutReason } from '../timeout-reason.js'
import { ToolTimeoutError } from '../tool-timeout-error.js'
import { Deadline } from './deadline.js'
import type { DeadlineWarn } from './deadline.js'
import { maxTimerMs } from './max-timer-ms.js'
import type { TimeoutSettings } from './read-timeout-options.js'

/** What one installed policy shares across its calls. */
export interface TimedCalls {
  readonly registry: ToolRegistry
  readonly settings: TimeoutSettings
  /** One listener per caller signal, however many timed calls share it. */
  readonly fanOut: AbortFanOut
  /** The deadline of each timed call running, by its execution (one object per call). */
  readonly deadlines: Map<object, Deadline>
  /** Where a deadline reports a clock failure (see {@link clockWarnings}). */
  readonly warnAboutClock: DeadlineWarn
}

/** What the race resolves to when the grace period after the deadline runs out first. */
const abandoned: unique symbol = Symbol('abandoned')

/**
 * The policy's `tools/execute` wrapper: a call whose tool declares `timeoutMs` runs the rest of
 * the chain (`next`) under a {@link Deadline}, and answers the timeout result if the deadline
 * fired; `exec.signal` is the deadline's while the chain runs, the caller's again after. Any
 * other call just runs: it gets `next()`'s own promise, which costs the pipeline nothing more.
 */
export function timeCall(
  calls: TimedCalls,
  exec: ToolExecution,
  next: () => Promise<ToolExecutionResult>,
): Promise<ToolExecutionResult> {
  let timeoutMs: number | undefined
  try {
    timeoutMs = timeoutMsOf(calls.registry, exec)
  } catch (error) {
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- what the registry threw, as it was thrown
    return Promise.reject(error)
  }
  return timeoutMs === undefined ? next() : runTimed(calls, exec, next, timeoutMs)
}

/**
 * {@link timeCall} of a call whose tool declares `timeoutMs`. Not an `async` function: the
 * chain's promise is followed with one `then`, which is all a call that ends in time costs.
 */
function runTimed(
  calls: TimedCalls,
  exec: ToolExecution,
  next: () => Promise<ToolExecutionResult>,
  timeoutMs: number,
): Promise<ToolExecutionResult> {
  const { deadlines, settings } = calls
  const callerSignal = exec.signal
  const deadline = armDeadline(calls, exec, timeoutMs)
  exec.signal = deadline.signal
  // Stacked policies (or a retry wrapper calling next() twice) time the same execution: the
  // innermost deadline hears the progress while it runs, the outer one after. Only progress
  // reads the map: without `extendOnProgress` it is never written.
  const tracked = settings.maxTotalMs !== undefined
  const outer = tracked ? deadlines.get(exec) : undefined
  if (tracked) deadlines.set(exec, deadline)
  /** Timers cleared, the caller's signal back: before the caller sees any outcome. */
  const release = (): void => {
    deadline.dispose()
    exec.signal = callerSignal
    if (tracked) {
      if (outer === undefined) deadlines.delete(exec)
      else deadlines.set(exec, outer)
    }
  }
  let outcome: Promise<ToolExecutionResult>
  try {
    outcome = next()
  } catch (error) {
    release()
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- what next() threw, as it was thrown
    return Promise.reject(error)
  }
  const settled =
    // Stryker disable next-line ConditionalExpression: without a grace period graceExpired never settles, so racing it would change nothing; "→ true" ignores the grace period and fails the tests
    settings.graceMs === undefined
      ? outcome
      : Promise.race([outcome, deadline.graceExpired.then((): typeof abandoned => abandoned)])
  return settled.then(
    (result) => {
      try {
        return answer(calls, exec, timeoutMs, outcome, deadline, result)
      } finally {
        release()
      }
    },
    (error: unknown) => {
      try {
        // A failure caused by our own deadline is a timeout, whatever shape it took.
        if (!deadline.timedOut) throw error
        return answer(calls, exec, timeoutMs, outcome, deadline, abandoned)
      } finally {
        release()
      }
    },
  )
}

/** What a timed call answers: its result, or the timeout result if its own deadline fired. */
function answer(
  calls: TimedCalls,
  exec: ToolExecution,
  timeoutMs: number,
  outcome: Promise<ToolExecutionResult>,
  deadline: Deadline,
  result: ToolExecutionResult | typeof abandoned,
): ToolExecutionResult {
  if (result === abandoned) warnWhenSettled(calls.registry, exec, timeoutMs, outcome)
  const expired = deadline.expired
  return expired === undefined ? (result as ToolExecutionResult) : timeoutResult(expired)
}

/**
 * The call's budget: `undefined` when its tool (as visible to the call's scope) declares none.
 * Registration refuses a budget no timer can hold; a definition changed afterwards gets no timer
 * at all rather than one that fires at once.
 */
function timeoutMsOf(registry: ToolRegistry, exec: ToolExecution): number | undefined {
  const timeoutMs: unknown = registry.get(exec.name, exec.agent)?.timeoutMs
  if (timeoutMs === undefined) return undefined
  if (typeof timeoutMs !== 'number' || !(timeoutMs > 0 && timeoutMs <= maxTimerMs)) {
    throw new ToolRegistryError(
      `tool "${exec.name}": timeoutMs must be a positive, finite number of milliseconds no larger than ${maxTimerMs}, got ${describeValue(timeoutMs)}`,
      'INVALID_TOOL',
    )
  }
  return timeoutMs
}

function armDeadline(calls: TimedCalls, exec: ToolExecution, timeoutMs: number): Deadline {
  const { settings } = calls
  return new Deadline({
    clock: settings.clock ?? globalClock(),
    warn: calls.warnAboutClock,
    about: exec,
    timeoutMs,
    graceMs: settings.graceMs,
    maxTotalMs: settings.maxTotalMs,
    callerSignal: exec.signal,
    fanOut: calls.fanOut,
  })
}

/**
 * The policy's one {@link DeadlineWarn}: a clock failure goes to the registry's logger, naming
 * the call it is `about`.
 */
export function clockWarnings(registry: ToolRegistry): DeadlineWarn {
  return (problem, error, about) => {
    const exec = about as ToolExecution
    warnSafely(
      registry.logger,
      `toolpipe: timeoutPolicy: tool "${exec.name}" (call "${exec.callId}"): ${problem}`,
      error,
    )
  }
}

/** An abandoned call's late outcome is only worth a log line, never the caller's result. */
function warnWhenSettled(
  registry: ToolRegistry,
  exec: ToolExecution,
  timeoutMs: number,
  outcome: Promise<ToolExecutionResult>,
): void {
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

function timeoutResult(reason: TimeoutReason): ToolExecutionResult {
  const error = new ToolTimeoutError(reason.timeoutMs, {
    withoutProgress: reason.withoutProgress,
    maxTotalMs: reason.maxTotalMs,
  })
  return {
    content: [{ type: 'text', text: `Error: ${error.message}` }],
    isError: true,
    error: { name: error.name, code: error.code },
  }
}
