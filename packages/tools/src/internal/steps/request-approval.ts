import { presentCallSafely } from '@toolpipe/presentation'
import type { ApprovalOutcome, ApprovalRequest } from '../../approval.js'
import type { ToolDefinition } from '../../tool-definition.js'
import type { ToolErrorResult, ToolExecution } from '../../tool-execution.js'
import { deniedResult, failureResult } from '../error-result.js'
import type { ExecutionRecord } from '../execution-record.js'
import type { Pipeline } from '../pipeline.js'
import { readApprovalOutcome } from '../read-approval-outcome.js'
import { notifyApproval } from './notify-approval.js'
import { validateArguments } from './validate-arguments.js'

/**
 * Step 6: an `ask` is answered from the scope's memory of always-answers (SPEC §12.3) or goes to
 * the approval service with the call's pending card. Returns `undefined` when the call may go on
 * (`allowed-once`, `allowed-always`), otherwise the denial (`ToolDeniedError`, with the reasons
 * SPEC §6.3 fixes). An always-answer is remembered for the call's (scope, tool). Arguments a
 * person edited are validated again by step 4's rules and, when they pass, become the call's
 * arguments; when not, the call ends with `INVALID_ARGS` naming the edit. Either way, the answer
 * (or the service's failure) and the time it took go to the `tools/approval` observers first.
 *
 * @throws what the service throws, or `InvalidApprovalError` for an answer that is not an outcome
 */
export async function requestApproval(
  pipeline: Pipeline,
  exec: ExecutionRecord & ToolExecution,
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
  const memory = pipeline.approvalMemory
  const remembered = memory.recall(agent, name)
  if (remembered !== undefined) {
    notifyApproval(pipeline, exec, { outcome: remembered, durationMs: 0, remembered: true })
    return verdict(name, remembered)
  }
  const ticket = memory.ticket(agent)
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
  if (outcome.kind === 'allowed-always' || outcome.kind === 'rejected-always') {
    memory.remember(ticket, name, outcome)
  }
  if (outcome.kind === 'allowed-once' && outcome.arguments !== undefined) {
    // The person edited the call: step 4's rules again, on the edit.
    return validateArguments(pipeline, tool, exec, outcome.arguments)
  }
  return verdict(name, outcome)
}

/** The denial an outcome stands for, or `undefined` for an allowing one. */
function verdict(name: string, outcome: ApprovalOutcome): ToolErrorResult | undefined {
  switch (outcome.kind) {
    // Stryker disable StringLiteral: an allowing outcome falls out of the switch to the same undefined
    case 'allowed-once':
    case 'allowed-always':
      return undefined
    // Stryker restore StringLiteral
    case 'rejected':
    case 'rejected-always':
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
