import type { HookContext, JsonValue, ToolErrorInfo } from '@toolpipe/core'
import type { ToolExecutionResult } from '../tool-execution.js'
import { invalidDecision, isHookContext } from './checks.js'
import { checkContent, coreOnly, invalidContent } from './content-mistake.js'
import { copyJson, notJson } from './copy-json.js'
import { resultNotJson } from './error-result.js'
import { readMembers } from './read-members.js'

const event = 'tools/execute'
const expected =
  '{ content: ContentBlock[], isError: false, additionalContext?, meta?, structured? } or ' +
  '{ content: ContentBlock[], isError: true, error: { name: string, code: string }, additionalContext?, meta?, structured? }'

/**
 * Reads what a `tools/execute` wrapper returned, each member once, into a fresh frozen result
 * whose parts are deep-frozen JSON copies. A `structured` value a wrapper makes itself is copied
 * as JSON, not checked against the tool's `outputSchema`: that schema binds the tool's body, which
 * the default dispatch checks. An error result must say what it is (`error: { name,
 * code }`, both strings); a success must not carry an `error`. A part that is not JSON makes the
 * result step 11's `NOT_JSON` error result, which the wrappers outside this one see.
 *
 * @param contentTypes - the block kinds the registry was told of beyond core's (`contentTypes`)
 * @throws `ToolPipelineError` (`INVALID_DECISION`) for anything that is not a result,
 * `InvalidContentError` (`INVALID_CONTENT`) for content that is not made of `ContentBlock`s
 */
export function readExecutionResult(
  value: unknown,
  contentTypes: ReadonlySet<string> = coreOnly,
): ToolExecutionResult {
  const members = readMembers(
    value,
    ['content', 'isError', 'error', 'additionalContext', 'meta', 'structured'],
    `a ${event} listener's result`,
  )
  if (members === undefined) throw invalidDecision(event, value, expected)
  const { isError, error, additionalContext, meta, structured } = members
  const content = copyJson(members.content)
  const context = additionalContext === undefined ? undefined : copyJson(additionalContext)
  const metaCopy = meta === undefined ? undefined : copyJson(meta)
  const structuredCopy = structured === undefined ? undefined : copyJson(structured)
  const errorInfo = isError === true ? readErrorInfo(error) : undefined
  if (
    content === notJson ||
    context === notJson ||
    metaCopy === notJson ||
    structuredCopy === notJson
  ) {
    return resultNotJson()
  }
  if (
    !Array.isArray(content) ||
    typeof isError !== 'boolean' ||
    (isError ? errorInfo === undefined : error !== undefined) ||
    (context !== undefined && !isHookContext(context))
  ) {
    throw invalidDecision(event, value, expected)
  }
  checkContent(content, contentTypes, invalidContent(`a ${event} listener`))
  if (context !== undefined) {
    checkContent(
      context.content,
      contentTypes,
      invalidContent(`a ${event} listener (additionalContext)`),
    )
  }
  return Object.freeze(
    assemble(content, errorInfo, context as HookContext | undefined, metaCopy, structuredCopy),
  )
}

function assemble(
  content: ToolExecutionResult['content'],
  error: ToolErrorInfo | undefined,
  additionalContext: HookContext | undefined,
  meta: JsonValue | undefined,
  structured: JsonValue | undefined,
): ToolExecutionResult {
  const result: ToolExecutionResult =
    error === undefined ? { content, isError: false } : { content, isError: true, error }
  if (additionalContext !== undefined) result.additionalContext = additionalContext
  if (meta !== undefined) result.meta = meta
  if (structured !== undefined) result.structured = structured
  return result
}

/** `{ name, code }`, both strings, read once each, as a fresh frozen object. */
function readErrorInfo(error: unknown): ToolErrorInfo | undefined {
  const members = readMembers(error, ['name', 'code'], `a ${event} listener's result.error`)
  const name = members?.name
  const code = members?.code
  return typeof name === 'string' && typeof code === 'string'
    ? Object.freeze({ name, code })
    : undefined
}
