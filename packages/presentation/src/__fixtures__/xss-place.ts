import type { ContentBlock } from '@toolpipe/core'
import type { RenderCardHtmlOptions } from '../render-card-html.js'
import { renderCardHtml } from '../render-card-html.js'
import type { ToolCallView } from '../tool-call-view.js'
import type { ToolResultView } from '../tool-result-view.js'

/** One place a payload goes: a card with the payload in that place and plain text elsewhere. */
export interface Place {
  readonly name: string
  readonly render: (payload: string, options: RenderCardHtmlOptions) => string
  /**
   * Whether the payload's text must show verbatim in the card (for payloads without control,
   * bidirectional or invisible characters, line breaks or escape sequences): escaping must lose
   * nothing. `hidden`: the payload must not appear at all (an image's data).
   */
  readonly shows: 'verbatim' | 'hidden' | 'transformed'
}

/** A pending call card. */
export const call = (view: ToolCallView, options: RenderCardHtmlOptions): string =>
  renderCardHtml(view, { ...options, state: 'pending' })
/** A completed result card. */
export const result = (view: ToolResultView, options: RenderCardHtmlOptions): string =>
  renderCardHtml(view, { ...options, state: 'completed' })

/** One text block of `payload`. */
export const text = (payload: string): ContentBlock[] => [{ type: 'text', text: payload }]
/** One file diff, as a diff card's `diffs`. */
export const diff = (path: string, oldText: string | null, newText: string) => [
  { path, oldText, newText },
]

/** `payload` in a text block `depth` tool results deep. */
export function nested(payload: string, depth: number): ContentBlock {
  let block: ContentBlock = { type: 'text', text: payload }
  for (let level = 0; level < depth; level += 1) {
    block = { type: 'tool-result', toolCallId: 'c' as never, content: [block] }
  }
  return block
}
