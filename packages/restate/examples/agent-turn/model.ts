import type { JsonValue } from '@toolpipe/core'
import type { ToolExecutionResult, ToolSchema } from '@toolpipe/tools'

/** One tool call the model asked for. */
export interface ModelToolCall {
  readonly id: string
  readonly name: string
  readonly arguments: JsonValue
}

/** What the model said in one step: text, and the tool calls to run before its next step. */
export interface ModelReply {
  readonly text: string
  readonly toolCalls: readonly ModelToolCall[]
}

/** The turn so far, as the handler keeps it (and returns it at the end). */
export type TranscriptEntry =
  | { readonly role: 'user'; readonly text: string }
  | {
      readonly role: 'assistant'
      readonly text: string
      readonly toolCalls: readonly ModelToolCall[]
    }
  | {
      readonly role: 'tool'
      readonly callId: string
      readonly name: string
      readonly result: ToolExecutionResult
    }

/** What a model is asked: the transcript and the tools it may call. */
export interface ModelRequest {
  readonly transcript: readonly TranscriptEntry[]
  readonly tools: readonly ToolSchema[]
}

/**
 * A language model, as the agent turn uses it. The handler calls it inside `ctx.run`, so each
 * step's reply is journaled: a replay does not ask the model again, and a model that answers
 * differently the second time cannot send the replay down another path.
 */
export interface Model {
  reply(request: ModelRequest): Promise<ModelReply>
}
