import { deepFreeze } from '@toolpipe/core'
import type { ContentBlock, JsonValue } from '@toolpipe/core'
import type { ToolExecutionResult } from '../tool-execution.js'
import { ToolPipelineError } from '../tool-pipeline-error.js'
import { checkStructuredOutput } from './check-structured-output.js'
import { describeValue } from './checks.js'
import { checkContent, coreOnly, invalidContent } from './content-mistake.js'
import { copyJson, notJson } from './copy-json.js'
import { resultNotJson } from './error-result.js'
import { readMembers } from './read-members.js'

/**
 * Turns what a tool's `execute` resolved to into a frozen success result, reading it once: content
 * blocks, or `{ content?, structured?, meta? }` with `content` or `structured` (SPEC §12.1).
 * Every part is a deep-frozen JSON copy, so the tool's own objects are neither frozen nor read
 * again; a part that is not JSON gives step 11's `NOT_JSON` error result at once, before any
 * wrapper sees the result. With an `outputSchema`, `structured` is required and checked; without
 * `content`, the content is one text block holding `JSON.stringify(structured)`.
 *
 * @param outputSchema - the tool's `outputSchema`, read once for this call
 * @param contentTypes - the block kinds the registry was told of beyond core's (`contentTypes`)
 * @throws `ToolPipelineError` (`INVALID_TOOL_RESULT`) for anything else, `InvalidContentError`
 * (`INVALID_CONTENT`) for content that is an array but not of `ContentBlock`s (SPEC §22),
 * `OutputInvalidError` (`OUTPUT_INVALID`) for a `structured` value the output schema refuses or a
 * missing one
 */
export function readToolReturn(
  toolName: string,
  outputSchema: unknown,
  value: unknown,
  contentTypes: ReadonlySet<string> = coreOnly,
): ToolExecutionResult {
  let content: unknown
  let structured: unknown
  let meta: unknown
  if (isArray(value)) {
    content = value
  } else {
    // `undefined` for a value that is not an object: then neither member is there.
    const members = readMembers(
      value,
      ['content', 'structured', 'meta'],
      `what tool "${toolName}" returned`,
    )
    content = members?.content
    structured = members?.structured
    meta = members?.meta
  }
  if (content === undefined && structured === undefined) {
    // A tool with an output schema that returned no value at all is told about the schema.
    checkStructuredOutput(toolName, outputSchema, undefined)
    throw invalidReturn(toolName, value)
  }
  const contentCopy = content === undefined ? undefined : copyJson(content)
  const structuredCopy = structured === undefined ? undefined : copyJson(structured)
  const metaCopy = meta === undefined ? undefined : copyJson(meta)
  if (contentCopy === notJson || structuredCopy === notJson || metaCopy === notJson) {
    return resultNotJson()
  }
  if (contentCopy !== undefined) {
    if (!Array.isArray(contentCopy)) throw invalidReturn(toolName, value)
    checkContent(contentCopy, contentTypes, invalidContent(`tool "${toolName}"`))
  }
  checkStructuredOutput(toolName, outputSchema, structuredCopy)
  return Object.freeze(
    assemble(contentCopy ?? textOf(structuredCopy as JsonValue), structuredCopy, metaCopy),
  )
}

function assemble(
  content: ContentBlock[],
  structured: JsonValue | undefined,
  meta: JsonValue | undefined,
): ToolExecutionResult {
  const result: ToolExecutionResult = { content, isError: false }
  if (structured !== undefined) result.structured = structured
  if (meta !== undefined) result.meta = meta
  return result
}

/** The content of a result that only has a structured value: its JSON text, for the model. */
function textOf(structured: JsonValue): ContentBlock[] {
  return deepFreeze([{ type: 'text', text: JSON.stringify(structured) }])
}

function invalidReturn(toolName: string, value: unknown): ToolPipelineError {
  return new ToolPipelineError(
    `tool "${toolName}" returned ${describeValue(value)}; a tool returns content blocks or { content?, structured?, meta? } with content or structured`,
    'INVALID_TOOL_RESULT',
  )
}

/** `Array.isArray`, which throws for a revoked Proxy; this does not. */
function isArray(value: unknown): value is unknown[] {
  try {
    return Array.isArray(value)
    // Stryker disable next-line BlockStatement: an empty catch answers undefined, as falsy as false
  } catch {
    return false
  }
}
