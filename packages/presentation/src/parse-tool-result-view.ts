import { deepFreeze } from '@toolpipe/core'
import { readToolResultView } from './internal/read-view.js'
import type { ToolResultView } from './tool-result-view.js'

/**
 * A checked, detached, deep-frozen copy of `value` as a {@link ToolResultView}, or `undefined`
 * when it is not a valid one ({@link checkToolResultView} says why). Never throws.
 *
 * @example
 * parseToolResultView({ card: 'terminal', output: 'ok\n', exitCode: 0 }) // the same card, frozen
 * parseToolResultView({ card: 'terminal', exitCode: 1, signal: 'SIGKILL' }) // undefined
 */
export function parseToolResultView(value: unknown): ToolResultView | undefined {
  const { view } = readToolResultView(value)
  return view === undefined ? undefined : deepFreeze(view)
}
