import { describeThrown } from '@toolpipe/core/internal'
import type { Tool } from '@modelcontextprotocol/sdk/types.js'
import type { McpClient } from '../mcp-client.js'
import { McpProtocolError } from '../mcp-protocol-error.js'

/** A bound on what a server can make a listing cost: pages, and tools in all. */
const maxPages = 1_000
const maxTools = 10_000

/**
 * Every tool of the server: `tools/list`, then again with each `nextCursor` until there is none.
 * A server that hands out a cursor it handed out before, or more than 1,000 pages or 10,000 tools,
 * is refused rather than followed forever.
 *
 * @throws {McpProtocolError} `MCP_PROTOCOL_ERROR` when a page cannot be had
 */
export async function listAllTools(
  client: McpClient,
  requestTimeoutMs: number | undefined,
): Promise<Tool[]> {
  const tools: Tool[] = []
  const cursors = new Set<string>()
  const options = requestTimeoutMs === undefined ? undefined : { timeout: requestTimeoutMs }
  let cursor: string | undefined
  for (let page = 1; ; page++) {
    let result: Awaited<ReturnType<McpClient['listTools']>>
    try {
      result = await client.listTools(cursor === undefined ? undefined : { cursor }, options)
    } catch (error) {
      throw new McpProtocolError(
        `listing the tools of ${serverOf(client)} failed: ${describeThrown(error)}`,
        'MCP_PROTOCOL_ERROR',
        { cause: error },
      )
    }
    tools.push(...result.tools)
    cursor = result.nextCursor
    if (cursor === undefined) return tools
    if (cursors.has(cursor) || page >= maxPages || tools.length > maxTools) {
      throw new McpProtocolError(
        `listing the tools of ${serverOf(client)} does not end: ${cursors.has(cursor) ? `cursor ${JSON.stringify(cursor)} came twice` : `more than ${String(maxPages)} pages or ${String(maxTools)} tools`}`,
        'MCP_PROTOCOL_ERROR',
      )
    }
    cursors.add(cursor)
  }
}

/** The server, as messages name it: `MCP server "name"` once initialized. */
export function serverOf(client: McpClient): string {
  const name = client.getServerVersion()?.name
  return name === undefined ? 'the MCP server' : `MCP server ${JSON.stringify(name)}`
}
