import { asCallId, snapshotJson } from 'toolpipe'
import type {
  Agent,
  Disposer,
  JsonValue,
  TextBlock,
  ToolCallBlock,
  ToolErrorInfo,
  ToolExecutionInput,
  ToolExecutionResult,
  ToolRegistry,
} from 'toolpipe'
import type { ConversationMessage } from './model/conversation.js'
import type { Model, ModelTurn } from './model/model.js'
import type { SessionEvent } from './session/session-event.js'

/** What {@link runAgentLoop} needs. */
export interface AgentLoopOptions {
  readonly model: Model
  /**
   * `schemas` for the model, `executeBatch` to run a step's calls, and `on` to hear of each call's
   * start, progress and result as they happen: the loop never reaches around the pipeline.
   */
  readonly registry: Pick<ToolRegistry, 'schemas' | 'executeBatch' | 'on'>
  readonly agent: Agent
  /** The conversation so far (system prompt, the user's task); copied, not mutated. */
  readonly messages: readonly ConversationMessage[]
  /** How many model turns at most. Default 20. */
  readonly maxSteps?: number | undefined
  /** Told about every message the loop appends, in order: the session log and the renderer. */
  readonly onEvent?: ((event: SessionEvent) => void) | undefined
  readonly signal?: AbortSignal | undefined
}

/** How the loop ended, and the whole conversation. */
export interface AgentLoopOutcome {
  readonly messages: readonly ConversationMessage[]
  readonly steps: number
  readonly reason: 'answered' | 'max-steps' | 'aborted'
}

/**
 * Runs model ↔ tools until the model answers without calling a tool.
 *
 * Each step: ask the model (with `registry.schemas(agent)`, in the model's dialect), append its
 * turn, then run its tool calls as one `registry.executeBatch()`: consecutive calls to
 * `concurrencySafe` tools (the read-only ones) run at the same time, and any other call waits for
 * everything before it and holds back everything after it, so a later call may still depend on an
 * earlier one (edit, then test). The registry's `tools/start`, `tools/progress` and `tools/result`
 * observers tell the loop of each call as it happens, for the log and the screen. The results come
 * back in the model's order, and each call is answered by its own `tool` message, so every tool
 * call stays adjacent to its result as providers require; the step's `additionalContext` follows
 * as `context` messages only after ALL of the step's results.
 *
 * Arguments that are not JSON (or nest deeper than 512 levels) never reach the registry: the call
 * gets an error result the model can correct from, and the log keeps the raw text. If `signal`
 * aborts, the running calls see it, the calls not yet started end with `CANCELLED`, and the loop
 * stops after the step.
 *
 * @example
 * const outcome = await runAgentLoop({ model, registry, agent, messages, onEvent: log.write })
 */
export async function runAgentLoop(options: AgentLoopOptions): Promise<AgentLoopOutcome> {
  const { model, registry, agent, signal } = options
  const maxSteps = options.maxSteps ?? 20
  const emit = options.onEvent ?? (() => undefined)
  const messages: ConversationMessage[] = [...options.messages]

  const finish = (steps: number, reason: AgentLoopOutcome['reason']): AgentLoopOutcome => {
    emit({ type: 'session/end', steps, reason })
    return { messages, steps, reason }
  }

  for (let step = 1; step <= maxSteps; step++) {
    if (isAborted(signal)) return finish(step - 1, 'aborted')
    const tools = registry.schemas(agent, { dialect: model.dialect ?? 'json-schema' })
    const turn = await model.next({ step, messages, tools, signal })
    messages.push(assistantMessage(turn))
    emit({
      type: 'assistant/turn',
      step,
      ...(turn.text === undefined || turn.text === '' ? {} : { text: turn.text }),
      ...(turn.narration === undefined ? {} : { narration: turn.narration }),
      toolCallIds: turn.toolCalls.map((call) => call.id),
    })
    if (turn.toolCalls.length === 0) return finish(step, 'answered')

    const results = await runStep(turn.toolCalls, step)
    for (const [index, call] of turn.toolCalls.entries()) {
      const result = resultAt(results, index)
      messages.push({
        role: 'tool',
        result: {
          type: 'tool-result',
          toolCallId: call.id,
          content: result.content,
          ...(result.isError ? { isError: true } : {}),
        },
      })
    }
    // Only now, with every call of the step answered, may context messages follow.
    for (const [index, call] of turn.toolCalls.entries()) {
      const context = results[index]?.additionalContext
      if (context === undefined) continue
      messages.push({ role: 'context', context })
      emit({
        type: 'context/message',
        step,
        callId: call.id,
        source: context.source,
        content: context.content,
      })
    }
    if (isAborted(signal)) return finish(step, 'aborted')
  }
  return finish(maxSteps, 'max-steps')

  /** The step's results, in the model's order. */
  async function runStep(
    calls: readonly ToolCallBlock[],
    step: number,
  ): Promise<ToolExecutionResult[]> {
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
    const stopWatching = watchCalls(step)
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
  function watchCalls(step: number): Disposer {
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
          emit({
            type: 'tool/progress',
            step,
            callId: exec.callId,
            name: exec.name,
            ...(update.progress === undefined ? {} : { progress: update.progress }),
            ...(update.total === undefined ? {} : { total: update.total }),
            ...(update.message === undefined ? {} : { message: update.message }),
          })
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
}

/** The result at `index`: `executeBatch` gives one per input, so a gap is a broken invariant. */
function resultAt(results: readonly ToolExecutionResult[], index: number): ToolExecutionResult {
  const result = results[index]
  if (result === undefined) throw new Error(`no result for the tool call at index ${index}`)
  return result
}

/** A function, not an inline check: the signal can abort while the loop awaits. */
function isAborted(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true
}

function assistantMessage(turn: ModelTurn): ConversationMessage {
  const content: (TextBlock | ToolCallBlock | { type: 'reasoning'; text: string })[] = []
  if (turn.reasoning !== undefined && turn.reasoning !== '') {
    content.push({ type: 'reasoning', text: turn.reasoning })
  }
  if (turn.text !== undefined && turn.text !== '') content.push({ type: 'text', text: turn.text })
  content.push(...turn.toolCalls)
  return { role: 'assistant', content }
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
