/**
 * The toolpipe rule names (`*` wildcard) a Gemini rule's `toolName` and `mcpName` stand for
 * (SPEC §26: Gemini CLI's files work unchanged). Gemini CLI names an MCP tool by its fully
 * qualified name `mcp_<server>_<tool>` and toolpipe by `mcp__<server>__<tool>` (SPEC §18.1), so
 * each FQN and FQN wildcard is written as toolpipe's (its policy engine docs, "Tool Name" and
 * "Special syntax for MCP tools"):
 *
 * - `mcp_server_tool` → `mcp__server__tool`, split on the first `_` after `mcp_`, as Gemini CLI's
 *   parser splits it (its docs warn against `_` in a server's name);
 * - `mcp_server_*` → `mcp__server__*` (every tool of a server), `mcp_*_tool` → `mcp__*__tool`
 *   (one tool of every server), `mcp_*` → `mcp__*__*` (every MCP tool);
 * - `mcpName = "server"` with `toolName = "tool"` (or none, or `"*"`) → `mcp__server__tool`
 *   (`mcp__server__*`), `mcpName = "*"` → `mcp__*__…` (every server).
 *
 * Other names stand for themselves: built-in names (either family's: SPEC §26's aliases), `*`,
 * a harness's own tool names, and toolpipe's `mcp__server__tool` as toolpipe writes it.
 * Undefined: the rule names no tool (any tool).
 */
export function geminiToolNames(
  toolNames: readonly string[] | undefined,
  mcpName: string | undefined,
): string[] | undefined {
  if (mcpName !== undefined) return (toolNames ?? ['*']).map((tool) => `mcp__${mcpName}__${tool}`)
  return toolNames?.map(fromQualifiedName)
}

const prefix = 'mcp_'

/** Gemini CLI's `mcp_server_tool` (or a wildcard of it) as toolpipe's `mcp__server__tool`. */
function fromQualifiedName(name: string): string {
  // `mcp__…` is toolpipe's own spelling (Gemini CLI refuses it: its server would be empty).
  if (!name.startsWith(prefix) || name.startsWith('mcp__')) return name
  const rest = name.slice(prefix.length)
  if (rest === '*') return 'mcp__*__*'
  const split = rest.indexOf('_')
  // `mcp_server` alone is no qualified name (Gemini CLI needs both parts): it stays as written.
  if (split <= 0 || split === rest.length - 1) return name
  return `mcp__${rest.slice(0, split)}__${rest.slice(split + 1)}`
}
