import { asCallId, deepFreeze, describeThrown, snapshotJson } from '@toolpipe/core'
import type { Agent, CallId, HookContext } from '@toolpipe/core'
import { presentCallSafely } from '@toolpipe/presentation'
import type { ApprovalService } from '../approval.js'
import type { PostToolDecision, PreToolDecision } from '../tool-decisions.js'
import type {
  ExecuteWrapper,
  PostExecuteListener,
  PreExecuteListener,
  ResultObserver,
} from '../tool-events.js'
import type {
  ToolExecution,
  ToolExecutionInput,
  ToolExecutionResult,
  ToolExecutionToken,
  ToolGuard,
} from '../tool-execution.js'
import { ToolNotFoundError } from '../tool-not-found-error.js'
import { ToolPipelineError } from '../tool-pipeline-error.js'
import {
  checkExecutionResult,
  checkInput,
  checkPostDecision,
  checkPreDecision,
  describeValue,
  normalizeToolReturn,
} from './checks.js'
import { hasListenerFor, runWaterfall } from './compose.js'
import type { ListenerEntry } from './compose.js'
import { errorResult, failureResult } from './error-result.js'
import { ExecutionRecord } from './execution-record.js'
import type { ToolLayers } from './tool-layers.js'

/*
 * The whole of SPEC §6.3 in one file, in the order the steps run, so that a reader can follow a
 * call from `execute()` to its observers without jumping around; the checks of what plugin code
 * returns live in checks.ts, the waterfall in compose.ts.
 */

/** Everything of the registry that one call reads. */
export interface Pipeline {
  readonly layers: ToolLayers
  readonly approval: ApprovalService | undefined
  readonly logger: { warn(message: string, ...details: unknown[]): void }
  readonly guards: { readonly entries: readonly ListenerEntry<ToolGuard>[] }
  readonly preExecute: { readonly entries: readonly ListenerEntry<PreExecuteListener>[] }
  readonly execute: { readonly entries: readonly ListenerEntry<ExecuteWrapper>[] }
  readonly postExecute: { readonly entries: readonly ListenerEntry<PostExecuteListener>[] }
  readonly result: { readonly entries: readonly ListenerEntry<ResultObserver>[] }
}

const allow: PreToolDecision = Object.freeze({ kind: 'allow' })
const accept: PostToolDecision = Object.freeze({ kind: 'accept' })

/**
 * Runs one tool call through the pipeline (SPEC §6.3). Never rejects: every failure becomes an
 * error result the model can read, and the turn goes on. Stages without listeners are skipped
 * outright, so a call through a bare registry costs one snapshot, one dispatch and one freeze.
 */
export async function executeCall(
  pipeline: Pipeline,
  input: ToolExecutionInput,
): Promise<ToolExecutionResult> {
  // 1. Read each input field exactly once.
  let callId: unknown,
    name: unknown,
    rawArguments: unknown,
    agent: unknown,
    parent: unknown,
    signal: unknown
  let problem: ToolPipelineError | undefined
  try {
    callId = input.callId
    name = input.name
    rawArguments = input.arguments
    agent = input.agent
    parent = input.parent
    signal = input.signal
  } catch (error) {
    problem = new ToolPipelineError(
      `the execution input could not be read: ${describeThrown(error)}`,
      'INVALID_INPUT',
      { cause: error },
    )
  }
  problem ??= checkInput(callId, name, agent, parent, signal)

  // 2. Snapshot and deep-freeze the arguments; the caller's object is never frozen or reused.
  let args: unknown
  let argumentsAreJson = false
  if (problem === undefined) {
    try {
      args = snapshotJson(rawArguments, { freeze: true })
      argumentsAreJson = true
    } catch {
      // Reported below with the message SPEC §6.3 fixes, whatever the reason was.
    }
  }
  const exec =
    problem === undefined
      ? new ExecutionRecord(
          callId as CallId,
          name as string,
          args,
          agent as Agent | undefined,
          parent as ToolExecutionToken | undefined,
          signal as AbortSignal | undefined,
        )
      : new ExecutionRecord(
          asCallId(typeof callId === 'string' ? callId : ''),
          typeof name === 'string' ? name : '',
          undefined,
          undefined,
          undefined,
          undefined,
        )

  let result: ToolExecutionResult
  if (problem !== undefined) {
    result = errorResult(problem)
  } else if (!argumentsAreJson) {
    result = notJson('tool execution arguments must be losslessly JSON-serializable')
  } else {
    // Steps 3–9: policy, approval, guards, dispatch, review; a throw anywhere is an error result.
    try {
      const denial = hasListenerFor(pipeline.preExecute.entries, exec.agent)
        ? await decide(pipeline, exec)
        : runGuards(pipeline.guards.entries, exec)
      // 6. A denied call does not run; post-execute still reviews the denial.
      result = denial === undefined ? await dispatch(pipeline, exec) : failureResult(denial)
    } catch (error) {
      // 9.
      result = errorResult(error)
    }
    if (hasListenerFor(pipeline.postExecute.entries, exec.agent)) {
      try {
        result = await review(pipeline, exec, result)
      } catch (error) {
        result = errorResult(error)
      }
    }
  }

  // 10. Snapshot the final result; freeze it and the execution.
  const final = finalizeResult(result)
  ExecutionRecord.settle(exec)

  // 11. Tell every observer, synchronously, before resolving.
  notifyObservers(pipeline, exec, final)

  // 12.
  return final
}

/**
 * Steps 3–5, when pre-execute listeners apply. Returns the reason the call is denied, or undefined
 * when it may run.
 */
async function decide(pipeline: Pipeline, exec: ExecutionRecord): Promise<string | undefined> {
  // 3. The pre-execute waterfall; outer listeners may overrule inner ones.
  const decision = await runWaterfall(
    pipeline.preExecute.entries,
    exec.agent,
    (listener, next) => listener(exec, next),
    checkPreDecision,
    () => allow,
  )
  if (decision.kind === 'deny') return decision.reason
  // 4. Ask: only allowed-once lets the call go on.
  if (decision.kind === 'ask') {
    const denial = await requestApproval(pipeline, exec, decision.reason)
    if (denial !== undefined) return denial
  }
  // 5. Guards: global ones in registration order, then the scope's. The first reason denies.
  return runGuards(pipeline.guards.entries, exec)
}

async function requestApproval(
  pipeline: Pipeline,
  exec: ExecutionRecord,
  reason: string | undefined,
): Promise<string | undefined> {
  const name = exec.name
  const service = pipeline.approval
  if (service === undefined) {
    return reason ?? `tool "${name}" requires approval, but no approval service is configured`
  }
  const agent = exec.agent
  if (agent === undefined) {
    return `tool "${name}" requires approval, but the call has no agent to route it through`
  }
  const tool = pipeline.layers.get(name, agent) ?? { name }
  const signal = exec.signal
  const outcome: unknown = await service.request(
    Object.freeze({
      agent,
      toolName: name,
      callId: exec.callId,
      ...(reason === undefined ? {} : { reason }),
      ...(signal === undefined ? {} : { signal }),
      view: presentCallSafely(tool, exec.arguments),
    }),
  )
  const answer = outcome as Partial<Record<'kind' | 'reason', unknown>> | null | undefined
  switch (answer?.kind) {
    case 'allowed-once':
      return undefined
    case 'rejected':
      return typeof answer.reason === 'string' && answer.reason !== ''
        ? `the user rejected tool "${name}": ${answer.reason}`
        : `the user rejected tool "${name}"`
    case 'cancelled':
      return `approval for tool "${name}" was cancelled`
    case 'unavailable':
      return `tool "${name}" requires approval, but no approval channel is available`
    default:
      throw new ToolPipelineError(
        `the approval service answered ${describeValue(outcome)}, which is not an approval outcome`,
        'INVALID_APPROVAL_OUTCOME',
      )
  }
}

function runGuards(
  entries: readonly ListenerEntry<ToolGuard>[],
  exec: ExecutionRecord,
): string | undefined {
  for (const scoped of [false, true]) {
    for (const { listener: guard, scope } of entries) {
      if (scoped ? scope !== exec.agent || scope === undefined : scope !== undefined) continue
      const verdict: unknown = guard(exec)
      if (verdict === undefined) continue
      if (typeof verdict === 'string') return verdict
      throw new ToolPipelineError(
        `a guard returned ${describeValue(verdict)}; a guard returns a denial reason or undefined, synchronously`,
        'INVALID_GUARD_RESULT',
      )
    }
  }
  return undefined
}

/** Step 7: the tools/execute wrappers around the default dispatch. */
function dispatch(pipeline: Pipeline, exec: ExecutionRecord): Promise<ToolExecutionResult> {
  const entries = pipeline.execute.entries
  if (!hasListenerFor(entries, exec.agent)) return runTool(pipeline, exec)
  return runWaterfall(
    entries,
    exec.agent,
    (wrapper, next) => wrapper(exec, next),
    checkExecutionResult,
    () => runTool(pipeline, exec),
  )
}

/** The default dispatch: look the tool up in the call's visible set and run it. Never throws. */
async function runTool(pipeline: Pipeline, exec: ExecutionRecord): Promise<ToolExecutionResult> {
  const tool = pipeline.layers.get(exec.name, exec.agent)
  if (tool === undefined) return errorResult(new ToolNotFoundError(exec.name))
  try {
    return normalizeToolReturn(exec.name, await tool.execute(exec.arguments, exec))
  } catch (error) {
    // A throw inside the tool becomes an error result before any wrapper sees it.
    return errorResult(error)
  }
}

/** Step 8: post-execute may replace content and context, or block; an error stays an error. */
async function review(
  pipeline: Pipeline,
  exec: ExecutionRecord,
  result: ToolExecutionResult,
): Promise<ToolExecutionResult> {
  const isError = result.isError
  const reviewed = Object.freeze({ ...result })
  const decision = await runWaterfall(
    pipeline.postExecute.entries,
    exec.agent,
    (listener, next) => listener(exec, reviewed, next),
    checkPostDecision,
    () => accept,
  )
  if (decision.kind === 'block') {
    return withContext({ content: decision.feedback, isError: true }, decision.additionalContext)
  }
  const accepted: ToolExecutionResult = { ...reviewed, isError }
  if (decision.content !== undefined) accepted.content = decision.content
  return withContext(accepted, decision.additionalContext)
}

function withContext(
  result: ToolExecutionResult,
  context: HookContext | undefined,
): ToolExecutionResult {
  if (context !== undefined) result.additionalContext = context
  return result
}

/** Step 10: a detached, deep-frozen JSON snapshot of the result, or the NOT_JSON error result. */
function finalizeResult(result: ToolExecutionResult): ToolExecutionResult {
  const { content, isError, error, additionalContext, meta } = result
  const draft: ToolExecutionResult = { content, isError }
  if (error !== undefined) draft.error = error
  if (additionalContext !== undefined) draft.additionalContext = additionalContext
  if (meta !== undefined) draft.meta = meta
  try {
    return snapshotJson(draft, { freeze: true }) as unknown as ToolExecutionResult
  } catch {
    return deepFreeze(notJson('tool result must be losslessly JSON-serializable'))
  }
}

/** Step 11: observers see the frozen call; their failures are logged and go no further. */
function notifyObservers(
  pipeline: Pipeline,
  exec: ExecutionRecord,
  result: ToolExecutionResult,
): void {
  for (const { listener: observe, scope } of pipeline.result.entries) {
    if (scope !== undefined && scope !== exec.agent) continue
    try {
      const returned: unknown = observe(exec, result)
      if (returned !== undefined) {
        Promise.resolve(returned).catch((error: unknown) => {
          warnObserverFailure(pipeline, exec, error)
        })
      }
    } catch (error) {
      warnObserverFailure(pipeline, exec, error)
    }
  }
}

function warnObserverFailure(pipeline: Pipeline, exec: ToolExecution, error: unknown): void {
  try {
    pipeline.logger.warn(
      `toolpipe: a tools/result observer failed for call "${exec.callId}" of tool "${exec.name}"`,
      error,
    )
  } catch {
    // A throwing logger must not reach the caller either.
  }
}

/** The JSON-safe error result of SPEC §6.3 steps 2 and 10. */
function notJson(message: string): ToolExecutionResult {
  return { ...failureResult(message), error: { name: 'JsonSnapshotError', code: 'NOT_JSON' } }
}
