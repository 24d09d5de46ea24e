import type {
  Agent,
  SchemasDialect,
  TextBlock,
  ToolCallBlock,
  ToolExecutionResult,
  ToolRegistry,
  ToolSchema,
} from 'toolpipe'
import type { ConversationMessage } from './model/conversation.js'
import type { Model, ModelTurn } from './model/model.js'
import { resultAt, runStep } from './run-step.js'
import type { StepContext } from './run-step.js'
import type { SessionEvent } from './session/session-event.js'

/**
 * The tools of one conversation as the loop uses them: a registry, or a tool-search session's
 * view of one (`DemoRegistry.conversation()`), which shows the model the tools it found so far.
 */
export interface AgentLoopTools {
  schemas(agent: Agent, options: { readonly dialect: SchemasDialect }): ToolSchema[]
  executeBatch: ToolRegistry['executeBatch']
  on: ToolRegistry['on']
}

/** What {@link runAgentLoop} needs. */
export interface AgentLoopOptions {
  readonly model: Model
  /**
   * `schemas` for the model, `executeBatch` to run a step's calls, and `on` to hear of each call's
   * start, progress and result as they happen: the loop never reaches around the pipeline.
   */
  readonly registry: AgentLoopTools
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
 * Each step: ask the model (with the tools' `schemas(agent)`, in the model's dialect: a tool-search session shows what its searches found so far), append its
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
  const loop: StepContext = { registry, agent, signal, emit }

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
    const results = await runStep(loop, turn.toolCalls, step)
    appendResults(messages, turn.toolCalls, results, step, emit)
    if (isAborted(signal)) return finish(step, 'aborted')
  }
  return finish(maxSteps, 'max-steps')
}

/**
 * Appends one `tool` message per call, in the model's order, then the step's context messages:
 * only with every call of the step answered may they follow.
 */
function appendResults(
  messages: ConversationMessage[],
  calls: readonly ToolCallBlock[],
  results: readonly ToolExecutionResult[],
  step: number,
  emit: (event: SessionEvent) => void,
): void {
  for (const [index, call] of calls.entries()) {
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
  for (const [index, call] of calls.entries()) {
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
