import { readToolCallView } from './internal/read-view.js'
import type { ViewIssue } from './view-issue.js'

/**
 * Checks that `value` is a valid {@link ToolCallView} and lists every problem found, as plain
 * data with a path. Never throws, whatever `value` is (a Proxy, a throwing getter, a cycle).
 *
 * Refused: a `card` other than `generic`, `terminal`, `diff`; a member the card does not have
 * (such as `Title`); a missing or mistyped `title`; a `kind` outside {@link ToolCallKind}; a
 * `rawInput` that is not JSON data; invalid content blocks; a location whose `line` is not a
 * positive integer; a diff card without `diffs`. A member present as `undefined` counts as absent.
 *
 * @returns the issues, `[]` when the view is valid
 * @example
 * checkToolCallView({ card: 'generic', title: 'read', locations: [{ path: 'a.ts', line: 0 }] })
 * // [{ code: 'invalid_value', path: ['locations', 0, 'line'],
 * //    message: '"locations[0].line" must be a positive integer, got 0', … }]
 */
export function checkToolCallView(value: unknown): ViewIssue[] {
  return [...readToolCallView(value).issues]
}
