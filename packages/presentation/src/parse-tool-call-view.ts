import { deepFreeze } from '@toolpipe/core'
import { readToolCallView } from './internal/read-view.js'
import type { ToolCallView } from './tool-call-view.js'

/**
 * A checked, detached, deep-frozen copy of `value` as a {@link ToolCallView}, or `undefined`
 * when it is not a valid one ({@link checkToolCallView} says why). Never throws. For a bridge or
 * UI that receives views from elsewhere (a log, another process) and needs a copy it can trust.
 *
 * @example
 * parseToolCallView({ card: 'terminal', title: 'npm test' }) // { card: 'terminal', title: 'npm test' }
 * parseToolCallView({ card: 'terminal', title: 'npm test', exitcode: 0 }) // undefined
 */
export function parseToolCallView(value: unknown): ToolCallView | undefined {
  const { view } = readToolCallView(value)
  return view === undefined ? undefined : deepFreeze(view)
}
