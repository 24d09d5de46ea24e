import type { ToolCallView } from './tool-call-view.js'
import type { ToolResult } from './tool-result.js'
import type { ToolResultView } from './tool-result-view.js'

/**
 * What {@link presentCallSafely} and {@link presentResultSafely} need of a tool: its name and its
 * optional presenters. `@toolpipe/tools`' `ToolDefinition` is one.
 */
export interface PresentableTool {
  readonly name: string
  /**
   * The pending card of one call, from its parsed arguments, or `undefined` for the generic
   * card. Pure: a UI calls it live and again when it replays a session log.
   */
  presentCall?(args: unknown): ToolCallView | undefined
  /**
   * The completed card of one call, from the same arguments and the result, or `undefined` to
   * keep the pending title and show the raw result content. Pure, for the same reason.
   */
  presentResult?(args: unknown, result: ToolResult): ToolResultView | undefined
}
