import { deepFreeze, snapshotJson } from '@toolpipe/core'
import { parseToolCallView } from './parse-tool-call-view.js'
import { maxViewDepth } from './internal/read-context.js'
import { runPresenter, toolName } from './internal/run-presenter.js'
import type { PresentableTool } from './presentable-tool.js'
import type { GenericCallView, ToolCallView } from './tool-call-view.js'

/**
 * The pending card of a call: the tool's `presentCall(args)` when it returns a valid view,
 * otherwise `{ card: 'generic', title: <tool name>, kind: 'other', rawInput: args }`. A missing
 * presenter, `undefined`, a throw (of anything) and an invalid view all fall back. Never throws,
 * whatever `tool` is.
 *
 * The card is a detached, deep-frozen copy: neither a getter nor a later mutation by the plugin
 * can change what the UI shows, and the card can be logged and replayed as JSON. In the fallback,
 * `rawInput` is a copy of `args`, left out when `args` is not JSON data (or `undefined`) or is
 * nested too deep for a card (more than 511 containers, the card itself being the 512th), so
 * the fallback is always a valid card.
 *
 * @param tool - anything with a `name` and, optionally, a `presentCall` (a `ToolDefinition`)
 * @param args - the call's parsed arguments, as the presenter receives them
 * @example
 * const view = presentCallSafely(shellTool, { command: 'npm test' })
 * if (view.card === 'terminal') console.log(`$ ${view.title}`)
 */
export function presentCallSafely(tool: PresentableTool, args: unknown): ToolCallView {
  const output = runPresenter(tool, 'presentCall', [args])
  const view = output === undefined ? undefined : parseToolCallView(output)
  if (view !== undefined) return view
  const fallback: GenericCallView = { card: 'generic', title: toolName(tool), kind: 'other' }
  try {
    // The card is a level of its own: rawInput may nest one level less than a snapshot can.
    fallback.rawInput = snapshotJson(args, { maxDepth: maxViewDepth - 1 })
  } catch {
    // Arguments that are not JSON data cannot be part of a card, which must survive a log.
  }
  return deepFreeze(fallback)
}
