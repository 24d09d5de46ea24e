/**
 * The toolpipe rule names (`*` wildcard) a Gemini rule's `toolName` and `mcpName` stand for
 * (SPEC §26: Gemini CLI's files work unchanged). Gemini CLI names an MCP tool by its fully
 * qualified name `mcp_<server>_<tool>` and toolpipe by `mcp__<server>__<tool>` (SPEC §18.1), so
 * each FQN and FQN wildcard is written as toolpipe's (its policy engine docs, "Tool Name" and
 * "Special syntax for MCP tools"):
 *
 * - `mcp_server_tool` → `mcp__server__tool`, split on the first `_` after `mcp_`, as Gemini CLI's
 *   parser splits it (its docs warn against `_` in a server's name). A deny or ask rule
 *   (`failClosed`) stands for every split of the name (`mcp_my_server_x` → `mcp__my__server_x`
 *   and `mcp__my_server__x`), as Gemini CLI matches the whole name: a server whose name has `_`
 *   in it is still denied its tool (SPEC §26, fail closed); an allow keeps the first split only,
 *   never allowing more than Gemini CLI would;
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
  failClosed = false,
): string[] | undefined {
  if (mcpName !== undefined) return (toolNames ?? ['*']).map((tool) => `mcp__${mcpName}__${tool}`)
  if (toolNames === undefined) return undefined
  const names = toolNames.flatMap((name) => fromQualifiedName(name, failClosed))
  return [...new Set(names)]
}

const prefix = 'mcp_'

/**
 * Gemini CLI's `mcp_server_tool` (or a wildcard of it) as toolpipe's `mcp__server__tool`: split on
 * its first `_`, or (`every`) on each `_` that leaves both parts non-empty, the first split first.
 */
function fromQualifiedName(name: string, every: boolean): string[] {
  // `mcp__…` is toolpipe's own spelling (Gemini CLI refuses it: its server would be empty).
  if (!name.startsWith(prefix) || name.startsWith('mcp__')) return [name]
  const rest = name.slice(prefix.length)
  if (rest === '*') return ['mcp__*__*']
  const names: string[] = []
  for (let split = rest.indexOf('_'); split !== -1; split = rest.indexOf('_', split + 1)) {
    if (split === 0 || split === rest.length - 1) continue
    names.push(`mcp__${rest.slice(0, split)}__${rest.slice(split + 1)}`)
    if (!every) break
  }
  // `mcp_server` alone is no qualified name (Gemini CLI needs both parts): it stays as written.
  return names.length === 0 ? [name] : names
}
