import { describeThrown, formatJsonPath, quoteString } from '@toolpipe/core/internal'
import { ToolSchema } from '@modelcontextprotocol/sdk/types.js'
import type { Tool } from '@modelcontextprotocol/sdk/types.js'

/** A listed entry that is not a tool: which one, and what is wrong with it. */
export interface UnusableTool {
  /**
   * `tool "name"`; `the tool at index 3` (in the whole listing, from 0) when it has no name that
   * is a non-empty string.
   */
  readonly label: string
  /** What the SDK's `ToolSchema` says is wrong: its first issues, each with its path. */
  readonly problem: string
}

/** What {@link checkListedTool} gives: the tool as the SDK reads it, or why it cannot be used. */
export type CheckedTool =
  | { readonly tool: Tool; readonly unusable?: undefined }
  | { readonly tool?: undefined; readonly unusable: UnusableTool }

/** The issues a problem names; the rest are counted. */
const shownIssues = 3

/**
 * One entry of a `tools/list` page, checked on its own against the SDK's `ToolSchema` (SPEC §13,
 * §22): a tool the SDK would refuse (no `name`, an `inputSchema` whose `type` is not `object`) is
 * left out by itself instead of failing the listing. Never throws: an entry whose getters throw
 * (a server in the same process can hand over any object) is unusable too.
 *
 * @param index - the entry's place in the whole listing, which names a tool that has no name
 */
export function checkListedTool(entry: unknown, index: number): CheckedTool {
  let parsed: ReturnType<typeof ToolSchema.safeParse>
  try {
    parsed = ToolSchema.safeParse(entry)
  } catch (error) {
    return { unusable: { label: labelOf(entry, index), problem: describeThrown(error) } }
  }
  if (parsed.success) return { tool: parsed.data }
  const { issues } = parsed.error
  const problems = issues.slice(0, shownIssues).map((issue) => {
    const path = formatJsonPath(
      issue.path.filter((key): key is string | number => typeof key !== 'symbol'),
      '',
    )
    return path === '' ? issue.message : `${path}: ${issue.message}`
  })
  if (issues.length > shownIssues) problems.push(`and ${String(issues.length - shownIssues)} more`)
  return { unusable: { label: labelOf(entry, index), problem: problems.join('; ') } }
}

/** `tool "name"` for an entry whose name is a non-empty string, else `the tool at index 3`. */
function labelOf(entry: unknown, index: number): string {
  try {
    const name = (entry as { name?: unknown } | null)?.name
    if (typeof name === 'string' && name !== '') return `tool ${quoteString(name)}`
  } catch {
    // A name that cannot be read is no name: the index says which entry it was.
  }
  return `the tool at index ${String(index)}`
}
