import { presentCallSafely } from '@toolpipe/presentation'
import type { Agent } from '@toolpipe/core'
import type { ApprovalOutcome, ApprovalRequest, ApprovalService } from '../../approval.js'
import type { ToolDefinition } from '../../tool-definition.js'
import type { ToolErrorResult, ToolExecution } from '../../tool-execution.js'
import { deniedResult, failureResult } from '../error-result.js'
import type { ExecutionRecord } from '../execution-record.js'
import type { Pipeline } from '../pipeline.js'
import { readApprovalOutcome } from '../read-approval-outcome.js'
import { warnSafely } from '@toolpipe/core/internal'
import { notifyApproval } from './notify-approval.js'
import { recordDecision, recordsDecisions } from './record-decision.js'
import { validateArguments } from './validate-arguments.js'
import { shownValue } from '../../provided-values.js'

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
  remember: boolean,
): Promise<ToolErrorResult | undefined> {
  const name = exec.name
  const service = pipeline.approval
  if (service === undefined) return noService(pipeline, exec, reason)
  const agent = exec.agent
  if (agent === undefined) {
    return unavailable(
      pipeline,
      exec,
      `tool "${name}" requires approval, but the call has no agent to route it through`,
    )
  }
  const memory = pipeline.approvalMemory
  // SPEC §18.3: an `ask` with `remember: false` is neither answered nor stored by the memory.
  const remembered = remember ? memory.recall(agent, name) : undefined
  if (remembered !== undefined) {
    notifyApproval(pipeline, exec, { outcome: remembered, durationMs: 0, remembered: true })
    const denial = verdict(name, remembered)
    recordAnswer(pipeline, exec, remembered, denial, 'approval-memory')
    return denial
  }
  const ticket = memory.ticket(agent)
  const request = approvalRequest(pipeline, exec, agent, tool, reason)
  const outcome = await ask(pipeline, exec, service, request)
  if (remember && (outcome.kind === 'allowed-always' || outcome.kind === 'rejected-always')) {
    memory.remember(ticket, name, outcome)
  }
  if (outcome.kind === 'allowed-once' && outcome.arguments !== undefined) {
    // The person edited the call: step 4's rules again, on the edit.
    const edited = validateArguments(pipeline, tool, exec, outcome.arguments)
    const invalid = edited instanceof Promise ? await edited : edited
    if (invalid === undefined) recordAnswer(pipeline, exec, outcome, undefined, 'approval')
    return invalid
  }
  const denial = verdict(name, outcome)
  recordAnswer(pipeline, exec, outcome, denial, 'approval')
  return denial
}

/**
 * SPEC §26: an ask nobody can answer says so, to the model and (once per tool) to the developer.
 */
function noService(
  pipeline: Pipeline,
  exec: ToolExecution,
  reason: string | undefined,
): ToolErrorResult {
  const name = exec.name
  if (!pipeline.unanswered.has(name)) {
    pipeline.unanswered.add(name)
    warnSafely(
      pipeline.logger,
      `toolpipe: tool "${name}" needs approval${reason === undefined ? '' : ` (${reason})`}, but no approval service is configured (createToolRegistry({ approval }))`,
    )
  }
  return unavailable(
    pipeline,
    exec,
    reason === undefined
      ? `tool "${name}" requires approval, but no approval service is configured`
      : `needs approval (${reason}); no approval service is configured`,
  )
}

/**
 * What the approval service is asked: the call as it will run, with its pending card, both as a
 * person may be shown them (`tools/shown`: a secret in the arguments is not put in front of them).
 */
function approvalRequest(
  pipeline: Pipeline,
  exec: ToolExecution,
  agent: Agent,
  tool: ToolDefinition,
  reason: string | undefined,
): ApprovalRequest {
  const signal = exec.signal
  return Object.freeze({
    agent,
    toolName: exec.name,
    callId: exec.callId,
    // The validated, frozen arguments (SPEC §22): what the person approves is what runs.
    arguments: shownValue(pipeline.provided, exec.arguments),
    ...(reason === undefined ? {} : { reason }),
    ...(signal === undefined ? {} : { signal }),
    // The card of the definition this call resolved to: what the person approves is what runs.
    view: shownValue(pipeline.provided, presentCallSafely(tool, exec.arguments)),
  })
}

/**
 * The service's answer, read as an outcome, with the `tools/approval` observers told of it and
 * the time it took; a failure of the service (or an answer that is not an outcome) is told and
 * recorded as a denial, then thrown.
 */
async function ask(
  pipeline: Pipeline,
  exec: ToolExecution,
  service: ApprovalService,
  request: ApprovalRequest,
): Promise<ApprovalOutcome> {
  const asked = performance.now()
  let outcome: ApprovalOutcome
  try {
    outcome = readApprovalOutcome(await service.request(request))
  } catch (error) {
    const durationMs = performance.now() - asked
    // The name and code the call's error result will carry (step 10 makes it from `error`).
    const failure = failureResult(error, 'listener').error
    notifyApproval(pipeline, exec, { durationMs, error: failure, remembered: false })
    recordDecision(
      pipeline,
      exec,
      Object.freeze({
        stage: 'approval',
        outcome: 'deny',
        source: Object.freeze({ kind: 'approval', id: failure.code }),
      }),
    )
    throw error
  }
  notifyApproval(pipeline, exec, {
    outcome,
    durationMs: performance.now() - asked,
    remembered: false,
  })
  return outcome
}

/**
 * Records an approval's answer (SPEC §18.5): `edit` for edited arguments that passed, else
 * `allow` or `deny`, from the service or from the scope's memory.
 */
function recordAnswer(
  pipeline: Pipeline,
  exec: ToolExecution,
  outcome: ApprovalOutcome,
  denial: ToolErrorResult | undefined,
  kind: 'approval' | 'approval-memory',
): void {
  if (!recordsDecisions(pipeline)) return
  const edited = outcome.kind === 'allowed-once' && outcome.arguments !== undefined
  const reason =
    outcome.kind === 'rejected' || outcome.kind === 'rejected-always' ? outcome.reason : undefined
  recordDecision(
    pipeline,
    exec,
    Object.freeze({
      stage: 'approval',
      outcome: edited ? 'edit' : denial === undefined ? 'allow' : 'deny',
      source: Object.freeze({ kind, id: outcome.kind }),
      ...(reason === undefined ? {} : { reason }),
    }),
  )
}

/** An `ask` nobody can answer: denied, and recorded as the approval stage's decision. */
function unavailable(pipeline: Pipeline, exec: ToolExecution, reason: string): ToolErrorResult {
  recordDecision(
    pipeline,
    exec,
    Object.freeze({
      stage: 'approval',
      outcome: 'deny',
      source: Object.freeze({ kind: 'approval', id: 'unavailable' }),
      reason,
    }),
  )
  return deniedResult(reason, 'APPROVAL_UNAVAILABLE')
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
