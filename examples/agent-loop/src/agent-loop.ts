import { asCallId, snapshotJson } from 'toolpipe'
import type {
  Agent,
  CallId,
  HookContext,
  JsonValue,
  TextBlock,
  ToolCallBlock,
  ToolErrorInfo,
  ToolExecutionResult,
  ToolRegistry,
} from 'toolpipe'
import type { ConversationMessage } from './model/conversation.js'
import type { Model, ModelTurn } from './model/model.js'
import type { SessionEvent } from './session/session-event.js'

/** What {@link runAgentLoop} needs. */
export interface AgentLoopOptions {
  readonly model: Model
  /** Only `schemas` and `execute` are used: the loop never reaches around the pipeline. */
  readonly registry: Pick<ToolRegistry, 'schemas' | 'execute'>
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
 * Each step: ask the model (with `registry.schemas(agent)`, in the model's dialect), append its turn, then run its tool
 * calls one after another through `registry.execute()` — in order, because a later call may
 * depend on an earlier one (edit, then test). Each call is answered by its own `tool` message
 * right away, so every tool call stays adjacent to its result as providers require. A result's
 * `additionalContext` is buffered and appended as `context` messages only after ALL of the
 * step's results.
 *
 * Arguments that are not JSON (or nest deeper than 512 levels) never reach the registry: the call
 * gets an error result the model can correct from, and the log keeps the raw text. If `signal` aborts, calls not yet run are answered with a cancellation error
 * and the loop stops after the step.
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

    const pendingContext: { callId: CallId; context: HookContext }[] = []
    for (const call of turn.toolCalls) {
      const result = await runToolCall(call, step)
      messages.push({
        role: 'tool',
        result: {
          type: 'tool-result',
          toolCallId: call.id,
          content: result.content,
          ...(result.isError ? { isError: true } : {}),
        },
      })
      emit({ type: 'tool/result', step, callId: call.id, name: call.name, result })
      if (result.additionalContext !== undefined) {
        pendingContext.push({ callId: call.id, context: result.additionalContext })
      }
    }
    // Only now, with every call of the step answered, may context messages follow.
    for (const { callId, context } of pendingContext) {
      messages.push({ role: 'context', context })
      emit({
        type: 'context/message',
        step,
        callId,
        source: context.source,
        content: context.content,
      })
    }
    if (isAborted(signal)) return finish(step, 'aborted')
  }
  return finish(maxSteps, 'max-steps')

  async function runToolCall(call: ToolCallBlock, step: number): Promise<ToolExecutionResult> {
    const parsed = parseArguments(call.arguments)
    emit({
      type: 'tool/call',
      step,
      callId: call.id,
      name: call.name,
      agent: agent.id,
      ...(parsed.ok ? { arguments: parsed.value } : { rawArguments: call.arguments }),
    })
    if (!parsed.ok) {
      // The outcome the pipeline gives arguments that are not JSON, with the parser's reason.
      return errorResult(`the arguments of ${call.name} are not valid JSON (${parsed.reason})`, {
        name: 'JsonSnapshotError',
        code: 'NOT_JSON',
      })
    }
    if (isAborted(signal)) {
      // The name and code SPEC §12.4 gives a batch's calls answered without running after an abort.
      return errorResult('the call was cancelled before it ran', {
        name: 'ToolCancelledError',
        code: 'CANCELLED',
      })
    }
    return registry.execute({
      callId: asCallId(call.id),
      name: call.name,
      arguments: parsed.value,
      agent,
      signal,
    })
  }
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
