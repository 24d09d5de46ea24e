import type {
  HookContext,
  ReasoningBlock,
  TextBlock,
  ToolCallBlock,
  ToolResultBlock,
} from 'toolpipe'

/**
 * One message of the conversation the loop keeps, in toolpipe's provider-neutral vocabulary. A
 * model adapter (such as the OpenAI one) maps it to its provider's wire format.
 *
 * - `assistant`: what the model said, with its tool calls as `tool-call` blocks (raw JSON text).
 * - `tool`: the answer to exactly one tool call, as a `tool-result` block.
 * - `context`: a hook's `additionalContext`, appended after all of a step's tool results and
 *   marked with its source, so plugin text is never mistaken for the user's words.
 */
export type ConversationMessage =
  | { readonly role: 'system'; readonly text: string }
  | { readonly role: 'user'; readonly text: string }
  | {
      readonly role: 'assistant'
      readonly content: readonly (TextBlock | ReasoningBlock | ToolCallBlock)[]
    }
  | { readonly role: 'tool'; readonly result: ToolResultBlock }
  | { readonly role: 'context'; readonly context: HookContext }
