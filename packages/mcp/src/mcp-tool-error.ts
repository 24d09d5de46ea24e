import { HarnessError } from '@toolpipe/core'

/**
 * A mounted MCP tool answered with `isError: true`: the call's error result carries the server's
 * text (`Error: <what the server said>`), so the model can correct its call, and code
 * `MCP_TOOL_ERROR`, so a harness can tell a tool's own failure from a broken connection.
 */
export class McpToolError extends HarnessError<'MCP_TOOL_ERROR'> {
  override readonly name = 'McpToolError'

  constructor(message: string, options?: ErrorOptions) {
    super(message, 'MCP_TOOL_ERROR', options)
  }
}
