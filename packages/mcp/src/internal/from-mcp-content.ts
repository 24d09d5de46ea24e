import type { ContentBlock } from '@toolpipe/core'
import { isPlainObject } from '@toolpipe/core/internal'
import { ContentBlockSchema } from '@modelcontextprotocol/sdk/types.js'
import type { ContentBlock as McpContentBlock } from '@modelcontextprotocol/sdk/types.js'

/**
 * An MCP tool result's content as toolpipe content blocks, for the model to read:
 *
 * | MCP content | becomes |
 * | --- | --- |
 * | `text` | a `text` block |
 * | `image` | an `image` block (base64 data and MIME type) |
 * | `audio` | a `text` block `[audio (<mimeType>) omitted]`: toolpipe has no audio block |
 * | `resource` with `text` | a `text` block `[resource <uri>]` and the text on the next line |
 * | `resource` with an image `blob` | an `image` block |
 * | `resource` with another `blob` | a `text` block `[binary resource <uri> (<mimeType>) omitted]` |
 * | `resource_link` | a `text` block `[resource link "<name>": <uri>]` |
 * | an object of another `type` | a `text` block holding its JSON |
 * | a malformed block of a known type, or no object | itself: the pipeline refuses it |
 *
 * A block the server got wrong (`{ type: 'text', text: 5 }`, an image without data) is handed on
 * as it came, so that the call fails as any tool's malformed content does (SPEC §22:
 * `InvalidContentError` / `INVALID_CONTENT`, naming the block's index).
 */
export function fromMcpContent(blocks: readonly unknown[]): ContentBlock[] {
  return blocks.map((block) => {
    const parsed = ContentBlockSchema.safeParse(block)
    if (parsed.success) return fromMcpBlock(parsed.data)
    if (isPlainObject(block) && typeof block.type === 'string' && !mcpTypes.has(block.type)) {
      return { type: 'text', text: JSON.stringify(block) }
    }
    return block as ContentBlock
  })
}

/** The kinds of MCP content this reads (`ContentBlockSchema`'s). */
const mcpTypes: ReadonlySet<string> = new Set([
  'text',
  'image',
  'audio',
  'resource',
  'resource_link',
])

function fromMcpBlock(block: McpContentBlock): ContentBlock {
  switch (block.type) {
    case 'text':
      return { type: 'text', text: block.text }
    case 'image':
      return { type: 'image', data: block.data, mimeType: block.mimeType }
    case 'audio':
      return { type: 'text', text: `[audio (${block.mimeType}) omitted]` }
    case 'resource': {
      const { resource } = block
      if ('text' in resource)
        return { type: 'text', text: `[resource ${resource.uri}]\n${resource.text}` }
      if (resource.mimeType?.startsWith('image/') === true) {
        return { type: 'image', data: resource.blob, mimeType: resource.mimeType }
      }
      return {
        type: 'text',
        text: `[binary resource ${resource.uri} (${resource.mimeType ?? 'unknown type'}) omitted]`,
      }
    }
    case 'resource_link':
      return { type: 'text', text: `[resource link ${JSON.stringify(block.name)}: ${block.uri}]` }
    default:
      return { type: 'text', text: JSON.stringify(block) }
  }
}
