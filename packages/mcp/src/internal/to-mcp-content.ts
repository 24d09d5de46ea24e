import type { ContentBlock } from '@toolpipe/core'
import type { ContentBlock as McpContentBlock } from '@modelcontextprotocol/sdk/types.js'

/**
 * A result's content blocks as MCP content: `text` and `image` as they are, `reasoning` as its
 * text, and every other block (`tool-call`, `tool-result`, blocks added by declaration merging)
 * as a text block holding its JSON, so that nothing the tool returned is lost on the way.
 */
export function toMcpContent(blocks: readonly ContentBlock[]): McpContentBlock[] {
  return blocks.map(toMcpBlock)
}

function toMcpBlock(block: ContentBlock): McpContentBlock {
  switch (block.type) {
    case 'text':
    case 'reasoning':
      return { type: 'text', text: block.text }
    case 'image':
      return { type: 'image', data: block.data, mimeType: block.mimeType }
    default:
      return { type: 'text', text: JSON.stringify(block) }
  }
}
