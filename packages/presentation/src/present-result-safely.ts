import { deepFreeze } from '@toolpipe/core'
import { contentOrUndefined } from './internal/read-content.js'
import { readProperty, runPresenter } from './internal/run-presenter.js'
import { parseToolResultView } from './parse-tool-result-view.js'
import { presentCallSafely } from './present-call-safely.js'
import type { PresentableTool } from './presentable-tool.js'
import type { ToolResult } from './tool-result.js'
import type { GenericResultView, ToolResultView } from './tool-result-view.js'

/**
 * The completed card of a call: the tool's `presentResult(args, result)` when it returns a valid
 * view, otherwise a generic card that keeps the pending title (that of
 * {@link presentCallSafely} for the same `args`) and shows the raw result content:
 * `{ card: 'generic', title, content: result.content }`. A missing presenter, `undefined`, a
 * throw (of anything) and an invalid view all fall back. Never throws, whatever `tool` and
 * `result` are.
 *
 * The card is a detached, deep-frozen copy. In the fallback, `content` is left out when
 * `result.content` is not valid content.
 *
 * @param tool - anything with a `name` and, optionally, `presentCall` / `presentResult`
 * @param args - the call's parsed arguments, the same the pending card was made from
 * @param result - the call's result content and error flag (and the tool's `meta`)
 * @example
 * const view = presentResultSafely(shellTool, { command: 'npm test' }, result)
 * if (view.card === 'terminal' && view.exitCode !== undefined) console.log(`exit ${view.exitCode}`)
 */
export function presentResultSafely(
  tool: PresentableTool,
  args: unknown,
  result: ToolResult,
): ToolResultView {
  const output = runPresenter(tool, 'presentResult', [args, result])
  const view = output === undefined ? undefined : parseToolResultView(output)
  if (view !== undefined) return view
  const fallback: GenericResultView = {
    card: 'generic',
    title: presentCallSafely(tool, args).title,
  }
  const content = contentOrUndefined(readProperty(result, 'content'))
  if (content !== undefined) fallback.content = content
  return deepFreeze(fallback)
}
