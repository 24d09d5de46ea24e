import type { Dialect, ToolCallBlock, ToolSchema } from 'toolpipe'
import type { ConversationMessage } from './conversation.js'

/** What the loop asks a model: the conversation so far and the tools it may call. */
export interface ModelRequest {
  readonly step: number
  readonly messages: readonly ConversationMessage[]
  /**
   * `registry.schemas(agent, { dialect: model.dialect })`: name, description and the parameters in
   * the model's schema dialect, nothing else.
   */
  readonly tools: readonly ToolSchema[]
  readonly signal?: AbortSignal | undefined
}

/** What a scripted step is there to show; the demo prints it as the step's heading. */
export interface Narration {
  readonly title: string
  readonly note?: string | undefined
}

/** One assistant turn: text and/or tool calls (several at once is allowed). */
export interface ModelTurn {
  readonly text?: string | undefined
  /** The model's visible reasoning, when the provider returns it (DeepSeek's reasoning_content). */
  readonly reasoning?: string | undefined
  readonly toolCalls: readonly ToolCallBlock[]
  readonly narration?: Narration | undefined
}

/**
 * The loop's view of a language model. Implementations: the scripted model (offline,
 * deterministic) and the OpenAI-compatible model. A failure to reach the model rejects with a
 * `DemoError` whose message is one line a person can act on.
 */
export interface Model {
  /** How the session log and the header name this model, such as `scripted` or `openai deepseek-chat`. */
  readonly description: string
  /** The model's own name, as traces give it (`gen_ai.request.model`): `scripted`, `deepseek-chat`. */
  readonly name?: string | undefined
  /** The schema dialect the model's provider takes (SPEC §9.3); `json-schema` when absent. */
  readonly dialect?: Dialect | undefined
  next(request: ModelRequest): Promise<ModelTurn>
}
