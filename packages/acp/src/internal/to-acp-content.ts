import type { ToolCallContent } from '@agentclientprotocol/sdk'
import type { ContentBlock } from '@toolpipe/core'
import { codeFence } from './code-fence.js'

/** One ACP content item holding `text`. */
export function textItem(text: string): ToolCallContent {
  return { type: 'content', content: { type: 'text', text } }
}

/**
 * Content blocks as ACP tool call content, in order. Blocks are checked cards' content (see
 * `checked-views.ts`), so their core fields have the right types.
 *
 * - `text` and `image` map to ACP's own blocks; extra members a block may carry are left out.
 * - `reasoning` becomes text: a tool call's content has no thought kind in ACP.
 * - `tool-call` becomes text naming the tool, with its raw arguments in a `json` code block.
 * - `tool-result` contributes its own content, flattened: the nested call has its own card.
 * - Kinds added by declaration merging are skipped, as renderers skip kinds they do not know.
 */
export function toAcpContent(blocks: readonly ContentBlock[]): ToolCallContent[] {
  const items: ToolCallContent[] = []
  appendBlocks(items, blocks)
  return items
}

function appendBlocks(items: ToolCallContent[], blocks: readonly ContentBlock[]): void {
  for (const block of blocks) {
    switch (block.type) {
      case 'text':
      case 'reasoning':
        items.push(textItem(block.text))
        break
      case 'image':
        items.push({
          type: 'content',
          content: { type: 'image', data: block.data, mimeType: block.mimeType },
        })
        break
      case 'tool-call':
        items.push(textItem(`Tool call: ${block.name}\n\n${codeFence(block.arguments, 'json')}`))
        break
      case 'tool-result':
        appendBlocks(items, block.content)
        break
      default:
        break
    }
  }
}
