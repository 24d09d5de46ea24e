import type { ToolDescriptor } from '@toolpipe/tools'
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js'
import type { ListToolsResult } from '@modelcontextprotocol/sdk/types.js'
import { toMcpTool } from './to-mcp-tool.js'

/**
 * One page of `tools/list`: `pageSize` tools after the one the cursor names (the cursor is the
 * name of the last tool of the page before), with a `nextCursor` when more follow; without a
 * `pageSize`, every tool after it, so a listing from the start is one page (SPEC §13). Continuing
 * after a name keeps the listing right when tools come and go between pages, as long as that
 * one stays.
 *
 * @throws McpError `InvalidParams` for a cursor naming no listed tool (the client lists again)
 */
export function listPage(
  descriptors: readonly ToolDescriptor[],
  cursor: string | undefined,
  pageSize: number | undefined,
): ListToolsResult {
  let start = 0
  if (cursor !== undefined) {
    const after = descriptors.findIndex((descriptor) => descriptor.name === cursor)
    if (after === -1) {
      throw new McpError(
        ErrorCode.InvalidParams,
        `invalid cursor ${JSON.stringify(cursor)}: the tool it continues after is no longer listed; list again from the start`,
      )
    }
    start = after + 1
  }
  const end = pageSize === undefined ? descriptors.length : start + pageSize
  const page = descriptors.slice(start, end)
  const last = page.at(-1)
  return {
    tools: page.map(toMcpTool),
    ...(end < descriptors.length && last !== undefined ? { nextCursor: last.name } : {}),
  }
}
