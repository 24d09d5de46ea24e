import type { Agent } from '@toolpipe/core'
import type { ToolDecision } from '../tool-decision.js'
import type { PreToolDecision } from '../tool-decisions.js'
import type { ToolDefinition } from '../tool-definition.js'
import type { ToolErrorResult, ToolExecution, ToolExecutionResult } from '../tool-execution.js'
import { ToolNotFoundError } from '../tool-not-found-error.js'
import { hasListenerFor } from './compose.js'
import { notJson } from './copy-json.js'
import { argumentsNotJson, deniedResult, errorResult } from './error-result.js'
import { ExecutionRecord } from './execution-record.js'
import type { Pipeline } from './pipeline.js'
import { dispatch } from './steps/dispatch.js'
import { notifyObservers } from './steps/notify-observers.js'
import { notifyStart } from './steps/notify-start.js'
import { recordDecision, recordsDecisions } from './steps/record-decision.js'
import { readInput } from './steps/read-input.js'
import type { InputReading } from './steps/read-input.js'
import { requestApproval } from './steps/request-approval.js'
import { resolveTool } from './steps/resolve-tool.js'
import { reviewResult } from './steps/review-result.js'
import { runGuards } from './steps/run-guards.js'
import { runPreExecute } from './steps/run-pre-execute.js'
import { shownFailure } from './shown-failure.js'
import { shownReason } from './shown-reason.js'
import { settleExecution } from './steps/settle-execution.js'
import { snapshotArguments } from './steps/snapshot-arguments.js'
import { validateArguments } from './steps/validate-arguments.js'

/*
 * SPEC §6.3 as a table of contents: one function per numbered step, each in steps/ under its own
 * name, called here in the order the steps run. Step 10 (failures become results) is everywhere:
 * every step that runs plugin code catches what it throws (error-result.ts).
 */

/**
 * Runs one tool call through the pipeline (SPEC §6.3). Never rejects, never throws: every
 * failure becomes an error result the model can read, and the turn goes on. Stages without
 * listeners are skipped outright.
 *
 * @param scopeAgent - set by a `ScopedTools` handle: the call's agent, not read from `input`
 */
export function executeCall(
  pipeline: Pipeline,
  input: unknown,
  scopeAgent?: Agent,
): Promise<ToolExecutionResult> {
  // 1. Read each input field exactly once.
  return runCall(pipeline, readInput(input, scopeAgent))
}

/**
 * Steps 2–13 of a call whose input step 1 read (a batch reads its calls' inputs up front, to
 * schedule them, SPEC §12.4). Never rejects, never throws.
 *
 * @param decided - the call's result decided before it started (a batch aborted before its turn):
 * the call then ends like one whose arguments are not JSON, with only its observers told
 */
export async function runCall(
  pipeline: Pipeline,
  reading: InputReading,
  decided?: ToolErrorResult,
): Promise<ToolExecutionResult> {
  // 2. Snapshot and deep-freeze the arguments.
  // Stryker disable next-line ConditionalExpression: a refused input has no arguments: copying them gives notJson too
  const args = reading.problem === undefined ? snapshotArguments(reading.rawArguments) : notJson
  const exec = recordCall(pipeline, reading, args)
  // Tell every `tools/start` observer, synchronously, still in the caller's stack.
  notifyStart(pipeline, exec)
  let result: ToolExecutionResult | undefined = endedBeforeResolving(reading, args, decided)
  if (result === undefined) {
    const call = exec as ExecutionRecord & ToolExecution
    // 3. Resolve the tool once. 4. Validate its arguments once. Both before anyone is asked.
    const tool = resolveTool(pipeline, call)
    if (tool === undefined) {
      result = unknownTool(pipeline, call)
    } else {
      const invalid = validateArguments(pipeline, tool, call)
      result = invalid instanceof Promise ? await invalid : invalid
      if (result === undefined) {
        // 5–7. Policy, approval and guards; 8. dispatch when nothing denied the call. Each step's
        // value is awaited here, not in a function of its own: no promise of its own per call.
        try {
          let denial: ToolErrorResult | undefined | Promise<ToolErrorResult | undefined>
          // Stryker disable next-line ConditionalExpression: a fast path; the pre-execute chain with no listener for the call allows it, then the same guards run
          if (hasListenerFor(pipeline.preExecuteListeners.entries, call.agent)) {
            // 5. The pre-execute waterfall, then what it decided (which never throws).
            const started = runPreExecute(pipeline, call)
            const returned = started.returned
            const decision = started.read(returned instanceof Promise ? await returned : returned)
            denial = followPolicy(pipeline, call, tool, decision)
          } else {
            denial = runGuards(pipeline, call)
          }
          result = denial instanceof Promise ? await denial : denial
          if (result === undefined) {
            const dispatched = dispatch(pipeline, call, tool)
            const returned = dispatched.returned
            result = dispatched.read(returned instanceof Promise ? await returned : returned)
          }
        } catch (error) {
          result = shownFailure(pipeline, call, error) // 10. A listener, guard or wrapper failed.
        }
      }
    }
    // 9. Post-execute reviews every outcome from step 3 on, denials and failures included.
    // Stryker disable next-line ConditionalExpression: a fast path; the post-execute chain with no listener for the call accepts the result as it is
    if (hasListenerFor(pipeline.postExecuteListeners.entries, call.agent)) {
      result = await reviewResult(pipeline, call, result)
    }
  }
  // 11. The execution becomes immutable.
  settleExecution(exec)
  // 12. Tell every observer, synchronously, before resolving.
  notifyObservers(pipeline, exec, result)
  // 13.
  return result
}

/** The one place an execution record is made, whatever happened so far. */
function recordCall(
  pipeline: Pipeline,
  reading: InputReading,
  args: ReturnType<typeof snapshotArguments> | typeof notJson,
): ExecutionRecord {
  return new ExecutionRecord(
    {
      callId: reading.callId,
      name: reading.name,
      arguments: args === notJson ? undefined : args,
      agent: reading.agent,
      // Stryker disable next-line ConditionalExpression: a refused input has no parent (the test is there for the types)
      parent: reading.problem === undefined ? reading.parent : undefined,
      // Stryker disable next-line ConditionalExpression: a refused input has no signal (the test is there for the types)
      signal: reading.problem === undefined ? reading.signal : undefined,
    },
    pipeline,
  )
}

/**
 * The result of a call that ends with only its observers told (SPEC §6.3 step 1–2): a refused
 * input, arguments that are not JSON, or a call of an aborted batch that had not started (SPEC
 * §12.4). `undefined` for a call that goes on to step 3.
 */
function endedBeforeResolving(
  reading: InputReading,
  args: unknown,
  decided: ToolErrorResult | undefined,
): ToolErrorResult | undefined {
  if (reading.problem !== undefined) return errorResult(reading.problem.message, reading.problem)
  if (args === notJson) return argumentsNotJson()
  return decided
}

/**
 * Steps 5–7 after the waterfall decided: a denial, an edit validated again, an approval asked
 * for, then the guards. Returns the denial (or the failure of a listener, the approval service
 * or a guard) as the call's error result, or `undefined` when the call may run. Synchronous
 * unless it validates asynchronously or asks. A denial's or an ask's reason is read through the
 * `tools/shown` filters once (SPEC §25), for the record, the denied result and the approval
 * request alike. Never throws.
 */
function followPolicy(
  pipeline: Pipeline,
  exec: ExecutionRecord & ToolExecution,
  tool: ToolDefinition,
  decision: PreToolDecision,
): ToolErrorResult | undefined | Promise<ToolErrorResult | undefined> {
  try {
    if (decision.kind === 'deny') {
      // SPEC §25: the reason as a person may be shown it (a hook or policy may echo a secret).
      const reason = shownReason(pipeline, decision.reason)
      recordDecision(pipeline, exec, policyDecision('deny', reason))
      return deniedResult(reason, decision.code ?? 'POLICY_DENIED')
    }
    if (decision.arguments === undefined && decision.kind === 'allow') {
      // 7. Guards: global ones in registration order, then the scope's.
      return runGuards(pipeline, exec)
    }
  } catch (error) {
    // 10.
    return shownFailure(pipeline, exec, error)
  }
  return editOrAsk(pipeline, exec, tool, decision)
}

/** Steps 5–7 for a decision that edits the call or asks. Never rejects. */
async function editOrAsk(
  pipeline: Pipeline,
  exec: ExecutionRecord & ToolExecution,
  tool: ToolDefinition,
  decision: PreToolDecision & { kind: 'allow' | 'ask' },
): Promise<ToolErrorResult | undefined> {
  try {
    if (decision.arguments !== undefined) {
      // SPEC §18.4: the decision edited the call. Step 4's rules again, on the edit, which then
      // is what the approval card, the guards, the wrappers and the body see.
      const edited = validateArguments(pipeline, tool, exec, decision.arguments, 'policy')
      const invalid = edited instanceof Promise ? await edited : edited
      if (invalid !== undefined) return invalid
      recordDecision(pipeline, exec, policyDecision('edit', undefined))
    }
    if (decision.kind === 'ask') {
      const reason =
        decision.reason === undefined ? undefined : shownReason(pipeline, decision.reason)
      recordDecision(pipeline, exec, policyDecision('ask', reason))
      // 6. Ask (the scope's remembered answers first, unless the decision says not to): only an
      // allowing outcome lets the call go on; arguments a person edited are validated again by
      // step 4's rules and replace them.
      const denial = await requestApproval(
        pipeline,
        exec,
        tool,
        reason,
        decision.remember !== false,
      )
      if (denial !== undefined) return denial
    }
    // 7. Guards: global ones in registration order, then the scope's.
    return runGuards(pipeline, exec)
  } catch (error) {
    // 10.
    return shownFailure(pipeline, exec, error)
  }
}

/** The decision record of step 5's outcome (SPEC §18.5). */
function policyDecision(
  outcome: 'deny' | 'ask' | 'edit',
  reason: string | undefined,
): ToolDecision {
  return Object.freeze({
    stage: 'policy',
    outcome,
    source: policySource,
    ...(reason === undefined ? {} : { reason }),
  })
}

const policySource = Object.freeze({ kind: 'pre-execute' })

/**
 * Step 3's error result, and, for a tool registered where the call's scope cannot see it, the
 * decision record of what hid it (SPEC §18.5).
 */
function unknownTool(pipeline: Pipeline, exec: ToolExecution): ToolErrorResult {
  const error = new ToolNotFoundError(exec.name)
  if (recordsDecisions(pipeline)) {
    const hiddenBy = pipeline.layers.hiddenBy(exec.name, exec.agent)
    if (hiddenBy !== undefined) {
      recordDecision(
        pipeline,
        exec,
        Object.freeze({
          stage: 'restriction',
          outcome: 'deny',
          source: Object.freeze({ kind: hiddenBy }),
          reason: error.message,
        }),
      )
    }
  }
  return errorResult(error.message, { name: error.name, code: error.code })
}
