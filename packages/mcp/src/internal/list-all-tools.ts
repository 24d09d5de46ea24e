import { describeThrown } from '@toolpipe/core/internal'
import { ListToolsResultSchema } from '@modelcontextprotocol/sdk/types.js'
import type { Tool } from '@modelcontextprotocol/sdk/types.js'
import type { McpClient } from '../mcp-client.js'
import { McpProtocolError } from '../mcp-protocol-error.js'

/** A bound on what a server can make a listing cost: pages, and tools in all. */
export const maxPages = 1_000
export const maxTools = 10_000

/**
 * Every tool of the server: `tools/list`, then again with each `nextCursor` until there is none.
 * A server that hands out a cursor it handed out before, a cursor on its 1,000th page, or more
 * than 10,000 tools in all (on the last page too) is refused rather than followed: the tools of a
 * page are counted before they are kept.
 *
 * Each page is requested with `client.request` and the SDK's own `ListToolsResultSchema`, not
 * `client.listTools()`: that method also compiles every listed output schema into the client's
 * cache, and one schema its validator cannot compile makes it throw away the whole page. Output
 * schemas are checked one tool at a time by the mount instead.
 *
 * @throws {McpProtocolError} `MCP_PROTOCOL_ERROR` when a page cannot be had, or the listing
 * exceeds its bounds
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
    let result: { tools: Tool[]; nextCursor?: string | undefined }
    try {
      result = await client.request(
        { method: 'tools/list', ...(cursor === undefined ? {} : { params: { cursor } }) },
        ListToolsResultSchema,
        options,
      )
    } catch (error) {
      throw new McpProtocolError(
        `listing the tools of ${serverOf(client)} failed: ${describeThrown(error)}`,
        'MCP_PROTOCOL_ERROR',
        { cause: error },
      )
    }
    if (tools.length + result.tools.length > maxTools) {
      throw refused(client, `was refused: more than ${String(maxTools)} tools`)
    }
    // One at a time: spreading a page of thousands into push() could overflow the stack.
    for (const tool of result.tools) tools.push(tool)
    cursor = result.nextCursor
    if (cursor === undefined) return tools
    if (cursors.has(cursor)) {
      throw refused(client, `does not end: cursor ${JSON.stringify(cursor)} came twice`)
    }
    if (page >= maxPages) throw refused(client, `was refused: more than ${String(maxPages)} pages`)
    cursors.add(cursor)
  }
}

/** `listing the tools of MCP server "x" <what happened>`. */
function refused(client: McpClient, what: string): McpProtocolError {
  return new McpProtocolError(
    `listing the tools of ${serverOf(client)} ${what}`,
    'MCP_PROTOCOL_ERROR',
  )
}

/** The server, as messages name it: `MCP server "name"` once initialized. */
export function serverOf(client: McpClient): string {
  const name = client.getServerVersion()?.name
  return name === undefined ? 'the MCP server' : `MCP server ${JSON.stringify(name)}`
}
