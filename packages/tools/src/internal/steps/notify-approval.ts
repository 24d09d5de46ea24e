import { deepFreeze } from '@toolpipe/core'
import type { ApprovalAnswer } from '../../tool-events.js'
import type { ToolExecution } from '../../tool-execution.js'
import { callObservers } from '../call-observers.js'
import type { Pipeline } from '../pipeline.js'

/**
 * Within step 6: every `tools/approval` observer of the call, synchronously, in registration order,
 * with a deep-frozen copy of what the approval service answered (or how it failed) and how long
 * it took. A returned promise is not awaited; a throw or rejection goes to `logger.warn` and
 * reaches neither the call nor the other observers.
 */
export function notifyApproval(
  pipeline: Pipeline,
  exec: ToolExecution,
  answer: ApprovalAnswer,
): void {
  const entries = pipeline.approvalObservers.entries
  // Stryker disable next-line ConditionalExpression: a fast path; with no observer the loop below tells nobody
  if (entries.length === 0) return
  const frozen = deepFreeze(answer)
  callObservers(
    entries,
    exec.agent,
    pipeline.logger,
    (observe) => observe(exec, frozen),
    () =>
      `toolpipe: a tools/approval observer failed for call "${exec.callId}" of tool "${exec.name}"`,
  )
}
