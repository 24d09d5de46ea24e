import { isPlainObject } from '@toolpipe/core/internal'
import type { ToolExecutionResult } from '@toolpipe/tools'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { toMcpContent } from './to-mcp-content.js'

/**
 * A pipeline result as an MCP tool result: its content mapped (text and image as they are, other
 * blocks as text), then the content of any context a post-execute policy added for the model (the
 * result is the one place MCP gives it); `structured` as `structuredContent` when it is an object
 * (what MCP carries; a tool with an output schema always has one); on an error result,
 * `isError: true` and the error's name and code in `_meta['toolpipe/error']`.
 */
export function toCallToolResult(result: ToolExecutionResult): CallToolResult {
  const content = toMcpContent(result.content)
  if (result.additionalContext !== undefined) {
    // One push per block: spreading them into one call would throw a RangeError past the
    // engine's argument limit, and a policy may add any number.
    for (const block of toMcpContent(result.additionalContext.content)) content.push(block)
  }
  const answer: CallToolResult = { content }
  if (isPlainObject(result.structured)) answer.structuredContent = result.structured
  if (result.isError) {
    answer.isError = true
    answer._meta = { 'toolpipe/error': { name: result.error.name, code: result.error.code } }
  }
  return answer
}
