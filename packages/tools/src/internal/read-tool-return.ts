import type { ToolExecutionResult } from '../tool-execution.js'
import { ToolPipelineError } from '../tool-pipeline-error.js'
import { describeValue, isContent } from './checks.js'
import { copyJson, notJson } from './copy-json.js'
import { resultNotJson } from './error-result.js'
import { readMembers } from './read-members.js'

/**
 * Turns what a tool's `execute` resolved to into a frozen success result, reading it once: content
 * blocks, or `{ content, meta }`. Content and meta are deep-frozen JSON copies, so the tool's own
 * objects are neither frozen nor read again; a part that is not JSON gives step 11's `NOT_JSON`
 * error result at once, before any wrapper sees the result.
 *
 * @throws `ToolPipelineError` (`INVALID_TOOL_RESULT`) for anything else
 */
export function readToolReturn(toolName: string, value: unknown): ToolExecutionResult {
  let content: unknown
  let meta: unknown
  if (isArray(value)) {
    content = value
  } else if (typeof value === 'object' && value !== null) {
    const members = readMembers(value, ['content', 'meta'], `what tool "${toolName}" returned`)
    content = members?.content
    meta = members?.meta
  }
  if (content !== undefined) {
    const contentCopy = copyJson(content)
    const metaCopy = meta === undefined ? undefined : copyJson(meta)
    if (contentCopy === notJson || metaCopy === notJson) return resultNotJson()
    if (isContent(contentCopy)) {
      return Object.freeze(
        metaCopy === undefined
          ? { content: contentCopy, isError: false }
          : { content: contentCopy, isError: false, meta: metaCopy },
      )
    }
  }
  throw new ToolPipelineError(
    `tool "${toolName}" returned ${describeValue(value)}; a tool returns content blocks or { content, meta }`,
    'INVALID_TOOL_RESULT',
  )
}

/** `Array.isArray`, which throws for a revoked Proxy; this does not. */
function isArray(value: unknown): value is unknown[] {
  try {
    return Array.isArray(value)
  } catch {
    return false
  }
}
