import type { ArgIssue } from '@toolpipe/schema'
import { ToolPipelineError } from '../tool-pipeline-error.js'
import { copyJson, notJson } from './copy-json.js'
import { describeValue } from './checks.js'

/** What an empty check admits: no issue. */
const none: readonly ArgIssue[] = Object.freeze([])

/**
 * Reads what a tool's `checkArgs` returned: an array of argument issues, each a plain object with
 * a string `code` and `message` and a `path` of keys and indexes. Copied as deep-frozen JSON, read
 * once. `[]` admits the arguments.
 *
 * @throws `ToolPipelineError` (`INVALID_ARG_ISSUES`) for anything else
 */
export function readArgIssues(toolName: string, value: unknown): readonly ArgIssue[] {
  // Stryker disable next-line BlockStatement: a fast path; the copy of [] is answered with none below
  try {
    // Stryker disable next-line ConditionalExpression: a fast path; the copy of [] is answered with none below
    if (Array.isArray(value) && value.length === 0) return none
  } catch {
    // A revoked Proxy, or a length that cannot be read: the copy below reports it.
  }
  const copy = copyJson(value)
  if (copy !== notJson && Array.isArray(copy)) {
    // Stryker disable next-line ConditionalExpression: the fast path above already answered every []; a frozen empty copy would be the same answer
    if (copy.length === 0) return none
    if (copy.every(isArgIssue)) return copy as unknown as readonly ArgIssue[]
  }
  throw new ToolPipelineError(
    `the checkArgs of tool "${toolName}" returned ${describeValue(value)}; ` +
      'expected an array of argument issues ({ code, path, message })',
    'INVALID_ARG_ISSUES',
  )
}

function isArgIssue(value: unknown): boolean {
  // Stryker disable next-line ConditionalExpression: a primitive has no string code either, and the member tests below refuse it ("→ false" for the whole test reads members of null and fails the tests)
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const { code, path, message } = value as Partial<Record<'code' | 'path' | 'message', unknown>>
  return (
    typeof code === 'string' &&
    typeof message === 'string' &&
    Array.isArray(path) &&
    path.every((key) => typeof key === 'string' || typeof key === 'number')
  )
}
