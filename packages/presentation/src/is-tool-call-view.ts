import { readToolCallView } from './internal/read-view.js'
import type { ToolCallView } from './tool-call-view.js'

/**
 * Whether `value` is a valid {@link ToolCallView}: the runtime check for a presenter's output
 * (plugin code). {@link checkToolCallView} says what is wrong. Never throws.
 *
 * To use a plugin's view, prefer {@link presentCallSafely}: it returns the checked copy, which a
 * getter or a later mutation by the plugin cannot change.
 *
 * @example
 * isToolCallView({ card: 'terminal', title: 'npm test' }) // true
 * isToolCallView({ card: 'diff', title: 'edit a.ts' }) // false: a diff card needs `diffs`
 */
export function isToolCallView(value: unknown): value is ToolCallView {
  return readToolCallView(value).issues.length === 0
}
