import { readToolResultView } from './internal/read-view.js'
import type { ViewIssue } from './view-issue.js'

/**
 * Checks that `value` is a valid {@link ToolResultView} and lists every problem found, as plain
 * data with a path. Never throws, whatever `value` is (a Proxy, a throwing getter, a cycle).
 *
 * Refused: a `card` other than `generic`, `terminal`, `diff`; a member the card does not have
 * (such as `exitcode`); a terminal result with both `exitCode` and `signal`, or an `exitCode`
 * that is not an integer; invalid content blocks; a diff card without `diffs`. A member present
 * as `undefined` counts as absent.
 *
 * @returns the issues, `[]` when the view is valid
 * @example
 * checkToolResultView({ card: 'terminal', exitCode: 1, signal: 'SIGTERM' })
 * // [{ code: 'exclusive', path: ['signal'], message: '"exitCode" and "signal" exclude each other: …' }]
 */
export function checkToolResultView(value: unknown): ViewIssue[] {
  return [...readToolResultView(value).issues]
}
