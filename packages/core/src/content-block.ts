import type { CallId } from './call-id.js'

/** Plain text, for the model or from it. */
export interface TextBlock {
  type: 'text'
  text: string
}

/** The model's visible reasoning. */
export interface ReasoningBlock {
  type: 'reasoning'
  text: string
}

/** An image, base64-encoded. */
export interface ImageBlock {
  type: 'image'
  /** Base64 data, without a `data:` prefix. */
  data: string
  mimeType: string
}

/** A tool call as the model wrote it. */
export interface ToolCallBlock {
  type: 'tool-call'
  id: CallId
  name: string
  /** The raw JSON text of the arguments, exactly as the model produced it. */
  arguments: string
}

/** The result of a tool call, answered back to the model. */
export interface ToolResultBlock {
  type: 'tool-result'
  toolCallId: CallId
  content: ContentBlock[]
  isError?: boolean
}

/**
 * Every kind of content block, keyed by its `type`. Add a kind of your own by declaration
 * merging; it then becomes a member of {@link ContentBlock} everywhere.
 *
 * @example
 * declare module '@toolpipe/core' {
 *   interface ContentBlockMap {
 *     'resource-link': { type: 'resource-link'; uri: string }
 *   }
 * }
 */
export interface ContentBlockMap {
  text: TextBlock
  reasoning: ReasoningBlock
  image: ImageBlock
  'tool-call': ToolCallBlock
  'tool-result': ToolResultBlock
}

/** One block of message content: a union discriminated on `type`, open to extension. */
export type ContentBlock = ContentBlockMap[keyof ContentBlockMap]
