import type { ToolDecision } from '../../tool-decision.js'
import type { ToolExecution } from '../../tool-execution.js'
import { callObservers } from '../call-observers.js'
import type { Pipeline } from '../pipeline.js'
import { shownDecision } from '../shown-reason.js'

/**
 * SPEC §18.5: tells every `tools/decision` observer of the call, synchronously, in registration
 * order, of one frozen decision, its reason as the `tools/shown` filters clean it (SPEC §25: no
 * secret a hook or guard echoed reaches an audit log). A returned promise is not awaited; a throw
 * or rejection goes to `logger.warn` and reaches neither the call nor the other observers. Never
 * throws.
 */
export function recordDecision(
  pipeline: Pipeline,
  exec: ToolExecution<unknown>,
  decision: ToolDecision,
): void {
  const entries = pipeline.decisionObservers.entries
  // Stryker disable next-line ConditionalExpression: a fast path; with no observer the loop below tells nobody
  if (entries.length === 0) return
  const shown = shownDecision(pipeline, exec, decision)
  callObservers(
    entries,
    exec.agent,
    pipeline.logger,
    (observe) => observe(exec as ToolExecution, shown),
    () =>
      `toolpipe: a tools/decision observer failed for call "${exec.callId}" of tool "${exec.name}"`,
  )
}

/** Whether anyone listens for decisions: the pipeline builds its records only then. */
export function recordsDecisions(pipeline: Pipeline): boolean {
  return pipeline.decisionObservers.entries.length > 0
}
