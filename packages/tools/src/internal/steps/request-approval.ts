import { presentCallSafely } from '@toolpipe/presentation'
import type { ApprovalOutcome, ApprovalRequest } from '../../approval.js'
import type { ToolDefinition } from '../../tool-definition.js'
import type { ToolErrorResult, ToolExecution } from '../../tool-execution.js'
import { deniedResult, failureResult } from '../error-result.js'
import type { Pipeline } from '../pipeline.js'
import { readApprovalOutcome } from '../read-approval-outcome.js'
import { notifyApproval } from './notify-approval.js'

/**
 * Step 6: an `ask` goes to the approval service with the call's pending card. Returns `undefined`
 * when the call may go on (`allowed-once`), otherwise the denial (`ToolDeniedError`, with the
 * reasons SPEC §6.3 fixes). When the service was asked, its answer (or failure) and the time it
 * took go to the `tools/approval` observers before anything else happens.
 *
 * @throws what the service throws, or `InvalidApprovalError` for an answer that is not an outcome
 */
export async function requestApproval(
  pipeline: Pipeline,
  exec: ToolExecution,
  tool: ToolDefinition,
  reason: string | undefined,
): Promise<ToolErrorResult | undefined> {
  const name = exec.name
  const service = pipeline.approval
  if (service === undefined) {
    return deniedResult(
      reason ?? `tool "${name}" requires approval, but no approval service is configured`,
      'APPROVAL_UNAVAILABLE',
    )
  }
  const agent = exec.agent
  if (agent === undefined) {
    return deniedResult(
      `tool "${name}" requires approval, but the call has no agent to route it through`,
      'APPROVAL_UNAVAILABLE',
    )
  }
  const signal = exec.signal
  const request: ApprovalRequest = Object.freeze({
    agent,
    toolName: name,
    callId: exec.callId,
    ...(reason === undefined ? {} : { reason }),
    ...(signal === undefined ? {} : { signal }),
    // The card of the definition this call resolved to: what the person approves is what runs.
    view: presentCallSafely(tool, exec.arguments),
  })
  const asked = performance.now()
  let outcome: ApprovalOutcome
  try {
    outcome = readApprovalOutcome(await service.request(request))
  } catch (error) {
    const durationMs = performance.now() - asked
    // The name and code the call's error result will carry (step 10 makes it from `error`).
    notifyApproval(pipeline, exec, { durationMs, error: failureResult(error, 'listener').error })
    throw error
  }
  notifyApproval(pipeline, exec, { outcome, durationMs: performance.now() - asked })
  switch (outcome.kind) {
    case 'allowed-once':
      return undefined
    case 'rejected':
      return deniedResult(
        outcome.reason === undefined
          ? `the user rejected tool "${name}"`
          : `the user rejected tool "${name}": ${outcome.reason}`,
        'APPROVAL_REJECTED',
      )
    case 'cancelled':
      return deniedResult(`approval for tool "${name}" was cancelled`, 'APPROVAL_CANCELLED')
    case 'unavailable':
      return deniedResult(
        `tool "${name}" requires approval, but no approval channel is available`,
        'APPROVAL_UNAVAILABLE',
      )
  }
}
