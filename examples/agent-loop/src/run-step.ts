import { asCallId, snapshotJson } from 'toolpipe'
import type {
  Agent,
  Disposer,
  JsonValue,
  ToolCallBlock,
  ToolErrorInfo,
  ToolExecutionInput,
  ToolExecutionResult,
  ToolProgress,
  ToolRegistry,
} from 'toolpipe'
import type { SessionEvent } from './session/session-event.js'

/** What one step of the loop runs its calls with. */
export interface StepContext {
  readonly registry: Pick<ToolRegistry, 'executeBatch' | 'on'>
  readonly agent: Agent
  readonly signal: AbortSignal | undefined
  readonly emit: (event: SessionEvent) => void
}

/** The step's results, in the model's order. */
export async function runStep(
  loop: StepContext,
  calls: readonly ToolCallBlock[],
  step: number,
): Promise<ToolExecutionResult[]> {
  const { registry, agent, signal, emit } = loop
  const results: ToolExecutionResult[] = []
  const batch: { index: number; input: ToolExecutionInput }[] = []
  for (const [index, call] of calls.entries()) {
    const parsed = parseArguments(call.arguments)
    if (parsed.ok) {
      batch.push({
        index,
        input: { callId: asCallId(call.id), name: call.name, arguments: parsed.value, agent },
      })
      continue
    }
    // The outcome the pipeline gives arguments that are not JSON, with the parser's reason.
    const result = errorResult(
      `the arguments of ${call.name} are not valid JSON (${parsed.reason})`,
      { name: 'JsonSnapshotError', code: 'NOT_JSON' },
    )
    const base = { step, callId: call.id, name: call.name }
    emit({ type: 'tool/call', ...base, agent: agent.id, rawArguments: call.arguments })
    emit({ type: 'tool/result', ...base, result })
    results[index] = result
  }
  const stopWatching = watchCalls(loop, step)
  try {
    const batchResults = (
      await registry.executeBatch(
        batch.map(({ input }) => input),
        signal === undefined ? {} : { signal },
      )
    ).results
    for (const [position, { index }] of batch.entries()) {
      results[index] = resultAt(batchResults, position)
    }
  } finally {
    stopWatching()
  }
  return results
}

/**
 * Logs each of the agent's calls as the registry starts it, as an approval is answered from
 * memory, as it reports progress and as it ends (observers are told synchronously, in the order
 * things happen), until the disposer runs.
 */
function watchCalls(loop: StepContext, step: number): Disposer {
  const { registry, agent, emit } = loop
  const scope = { scope: agent }
  const disposers = [
    registry.on(
      'tools/start',
      (exec) => {
        emit({
          type: 'tool/call',
          step,
          callId: exec.callId,
          name: exec.name,
          agent: agent.id,
          arguments: exec.arguments ?? null,
        })
      },
      scope,
    ),
    registry.on(
      'tools/approval',
      (exec, answer) => {
        // The approval service logs the answers it gives; an "always" answer the registry
        // remembered was given by nobody, so the loop logs it.
        if (!answer.remembered) return
        emit({
          type: 'approval',
          callId: exec.callId,
          name: exec.name,
          outcome: answer.outcome.kind,
          answeredBy: 'remembered',
        })
      },
      scope,
    ),
    registry.on(
      'tools/progress',
      (exec, update) => {
        emit(progressEvent(step, exec, update))
      },
      scope,
    ),
    registry.on(
      'tools/result',
      (exec, result) => {
        emit({ type: 'tool/result', step, callId: exec.callId, name: exec.name, result })
      },
      scope,
    ),
  ]
  return () => {
    for (const dispose of disposers) dispose()
  }
}

/** A progress report as the log writes it: only the numbers and the message it has. */
function progressEvent(
  step: number,
  exec: { readonly callId: string; readonly name: string },
  update: ToolProgress,
): SessionEvent {
  return {
    type: 'tool/progress',
    step,
    callId: exec.callId,
    name: exec.name,
    ...(update.progress === undefined ? {} : { progress: update.progress }),
    ...(update.total === undefined ? {} : { total: update.total }),
    ...(update.message === undefined ? {} : { message: update.message }),
  }
}

/** The result at `index`: `executeBatch` gives one per input, so a gap is a broken invariant. */
export function resultAt(
  results: readonly ToolExecutionResult[],
  index: number,
): ToolExecutionResult {
  const result = results[index]
  if (result === undefined) throw new Error(`no result for the tool call at index ${index}`)
  return result
}

type ParsedArguments = { ok: true; value: JsonValue } | { ok: false; reason: string }

function parseArguments(text: string): ParsedArguments {
  // Some OpenAI-compatible servers send "" for a call without arguments.
  if (text.trim() === '') return { ok: true, value: {} }
  try {
    // snapshotJson refuses what the pipeline would (nesting past 512 levels, -0) with a path, so
    // a hostile value never reaches the log's JSON.stringify or the presenters.
    return { ok: true, value: snapshotJson(JSON.parse(text)) }
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) }
  }
}

/** An error result the loop makes itself: coded like the pipeline's, so a log tells them apart. */
function errorResult(message: string, error: ToolErrorInfo): ToolExecutionResult {
  return { content: [{ type: 'text', text: `Error: ${message}` }], isError: true, error }
}
