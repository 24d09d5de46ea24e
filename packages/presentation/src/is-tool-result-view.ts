import { readToolResultView } from './internal/read-view.js'
import type { ToolResultView } from './tool-result-view.js'

/**
 * Whether `value` is a valid {@link ToolResultView}: the runtime check for a presenter's output
 * (plugin code). {@link checkToolResultView} says what is wrong. Never throws.
 *
 * @example
 * isToolResultView({ card: 'terminal', output: 'ok\n', exitCode: 0 }) // true
 * isToolResultView({ card: 'terminal', exitCode: 1, signal: 'SIGKILL' }) // false: exclusive
 */
export function isToolResultView(value: unknown): value is ToolResultView {
  return readToolResultView(value).issues.length === 0
}
