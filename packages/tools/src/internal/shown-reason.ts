import { warnSafely } from '@toolpipe/core/internal'
import { shownValue } from '../provided-values.js'
import type { ToolDecision } from '../tool-decision.js'
import type { ToolExecution } from '../tool-execution.js'
import type { Pipeline } from './pipeline.js'

/** What stands for a reason a filter turned into something other than text. */
const withheld = '[reason withheld]'

/**
 * A reason a policy, a guard or a plugin wrote, as the registry's `tools/shown` filters clean it
 * (SPEC §25): a hook or a guard may echo a secret into it, and it reaches the model (the denied
 * result), the post-execute listeners, the observers, a person (the approval request) and the
 * audit log. The reason itself when no filter is provided or none changed it.
 *
 * @throws what a filter throws: the caller's step fails, and the reason is shown nowhere
 */
export function shownReason(pipeline: Pipeline, reason: string): string {
  const shown: unknown = shownValue(pipeline.provided, reason)
  return typeof shown === 'string' ? shown : withheld
}

/**
 * `decision` with its reason as the `tools/shown` filters clean it ({@link shownReason}): every
 * record the `tools/decision` observers (an audit log, a span) are told of, whoever made it. A
 * filter that throws leaves the reason out, with a warning. Never throws.
 */
export function shownDecision(
  pipeline: Pipeline,
  exec: ToolExecution<unknown>,
  decision: ToolDecision,
): ToolDecision {
  const { reason } = decision
  if (reason === undefined) return decision
  let shown: string | undefined
  try {
    shown = shownReason(pipeline, reason)
  } catch (error) {
    warnSafely(
      pipeline.logger,
      `toolpipe: a tools/shown filter failed on a decision reason of call "${exec.callId}" of tool "${exec.name}"; the reason is left out of the record`,
      error,
    )
  }
  if (shown === reason) return decision
  if (shown !== undefined) return Object.freeze({ ...decision, reason: shown })
  const { stage, outcome, source } = decision
  return Object.freeze({ stage, outcome, source })
}
