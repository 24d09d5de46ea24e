import { describeThrown, describeType } from '@toolpipe/core/internal'
import { PaginatedResultSchema } from '@modelcontextprotocol/sdk/types.js'
import type { Tool } from '@modelcontextprotocol/sdk/types.js'
import type { McpClient } from '../mcp-client.js'
import { McpProtocolError } from '../mcp-protocol-error.js'
import { checkListedTool } from './check-listed-tool.js'
import type { UnusableTool } from './check-listed-tool.js'

/** A bound on what a server can make a listing cost: pages, and tools in all. */
export const maxPages = 1_000
export const maxTools = 10_000

/** What one listing gave: the tools the SDK can read, in the server's order, and the rest. */
export interface ToolListing {
  readonly tools: Tool[]
  /** The entries that are not tools (SPEC §22: each warned about, none fails the listing). */
  readonly unusable: UnusableTool[]
}

/**
 * Every tool of the server: `tools/list`, then again with each `nextCursor` until there is none.
 * A server that hands out a cursor it handed out before, a cursor on its 1,000th page, or more
 * than 10,000 entries in all (on the last page too) is refused rather than followed: the entries
 * of a page are counted before they are read.
 *
 * Each page is requested with `client.request` and the SDK's lenient `PaginatedResultSchema` (a
 * result with an optional string `nextCursor`, its other members passed through), and each of
 * its `tools` is checked on its own against the SDK's `ToolSchema` (SPEC §13: one definition per
 * tool): with `ListToolsResultSchema`, one entry without a `name` or with an `inputSchema` of
 * `type: 'array'` made the SDK refuse the page, and no tool was mounted. Not `client.listTools()`
 * either: that also compiles every listed output schema into the client's cache, and one schema
 * its validator cannot compile makes it throw away the whole page. Output schemas are checked one
 * tool at a time by the mount instead.
 *
 * @throws {McpProtocolError} `MCP_PROTOCOL_ERROR` when a page cannot be had or has no `tools`
 * array, or the listing exceeds its bounds
 */
export async function listAllTools(
  client: McpClient,
  requestTimeoutMs: number | undefined,
): Promise<ToolListing> {
  const listing: ToolListing = { tools: [], unusable: [] }
  const cursors = new Set<string>()
  const options = requestTimeoutMs === undefined ? undefined : { timeout: requestTimeoutMs }
  let listed = 0
  let cursor: string | undefined
  for (let page = 1; ; page++) {
    const result = await requestPage(client, cursor, options)
    const entries = pageEntries(client, result.tools, listed)
    // One at a time: spreading a page of thousands into push() could overflow the stack.
    for (let index = 0; index < entries.length; index++) {
      const checked = checkListedTool(entries[index], listed + index)
      if (checked.tool === undefined) listing.unusable.push(checked.unusable)
      else listing.tools.push(checked.tool)
    }
    listed += entries.length
    cursor = result.nextCursor
    if (cursor === undefined) return listing
    if (cursors.has(cursor)) {
      throw refused(client, `does not end: cursor ${JSON.stringify(cursor)} came twice`)
    }
    if (page >= maxPages) throw refused(client, `was refused: more than ${String(maxPages)} pages`)
    cursors.add(cursor)
  }
}

/**
 * The entries of a page's `tools`, counted against the bound before any is read, and copied: a
 * server in the same process (the in-memory transport) hands over its own objects, and one whose
 * array cannot be read fails the listing with a protocol error, not a `TypeError`.
 */
function pageEntries(client: McpClient, tools: unknown, listed: number): unknown[] {
  const entries: unknown[] = []
  let length: number
  try {
    length = Array.isArray(tools) ? tools.length : -1
  } catch (error) {
    throw unreadable(client, error)
  }
  if (length < 0) {
    throw refused(client, `failed: its tools are ${describeType(tools)}, not an array`)
  }
  if (listed + length > maxTools) {
    throw refused(client, `was refused: more than ${String(maxTools)} tools`)
  }
  try {
    for (let index = 0; index < length; index++) entries.push((tools as unknown[])[index])
  } catch (error) {
    throw unreadable(client, error)
  }
  return entries
}

/** `listing the tools of MCP server "x" failed: <what was thrown>`, the thrown value its cause. */
function unreadable(client: McpClient, error: unknown): McpProtocolError {
  return new McpProtocolError(
    `listing the tools of ${serverOf(client)} failed: ${describeThrown(error)}`,
    'MCP_PROTOCOL_ERROR',
    { cause: error },
  )
}

/** One page, read loosely: only its `nextCursor` is checked here, each tool by the caller. */
async function requestPage(
  client: McpClient,
  cursor: string | undefined,
  options: { timeout: number } | undefined,
): Promise<{ tools?: unknown; nextCursor?: string | undefined }> {
  try {
    return await client.request(
      { method: 'tools/list', ...(cursor === undefined ? {} : { params: { cursor } }) },
      PaginatedResultSchema,
      options,
    )
  } catch (error) {
    throw unreadable(client, error)
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
