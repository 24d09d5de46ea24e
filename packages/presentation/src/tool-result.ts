import type { ContentBlock } from '@toolpipe/core'

/** What a tool's `presentResult` is shown of a completed call. */
export interface ToolResult {
  /** The content the model received. */
  content: ContentBlock[]
  isError: boolean
  /** The tool's own presentation payload, from an `execute` that returned `{ content, meta }`. */
  meta?: unknown
}
