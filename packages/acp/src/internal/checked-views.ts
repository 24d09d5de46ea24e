import type { ContentBlock } from '@toolpipe/core'
import { parseToolCallView, parseToolResultView } from '@toolpipe/presentation'
import type { ToolCallView, ToolResultView } from '@toolpipe/presentation'

// Views come from plugin code: the presentation package's parsers read each getter once, check
// every field and return a detached copy. An invalid view becomes a generic card titled '', and
// an empty title is treated as no title everywhere in the bridge.

/** A checked, detached copy of a pending view; an invalid one becomes `{ card: 'generic', title: '', kind: 'other' }`. */
export function checkedCallView(view: unknown): ToolCallView {
  return parseToolCallView(view) ?? { card: 'generic', title: '', kind: 'other' }
}

/** A checked, detached copy of a completed view; an invalid one becomes `{ card: 'generic', title: '' }`. */
export function checkedResultView(view: unknown): ToolResultView {
  return parseToolResultView(view) ?? { card: 'generic', title: '' }
}

/** A checked, detached copy of content blocks, or `undefined` when they are not valid content. */
export function checkedContent(blocks: unknown): ContentBlock[] | undefined {
  const view = parseToolResultView({ card: 'generic', content: blocks })
  return view?.card === 'generic' ? view.content : undefined
}
