import { Buffer } from 'node:buffer'
import type { ContentBlock } from '@toolpipe/core'

/**
 * The UTF-8 bytes a block costs at most in tokens: its text for a text block, its base64 data for
 * an image, its JSON for any other block (a token is at least one byte, so this is an upper
 * bound on what a text costs, and the conservative price of everything that is not text).
 */
export function encodedSize(block: ContentBlock): number {
  switch (block.type) {
    case 'text':
      return Buffer.byteLength(block.text)
    case 'image':
      return Buffer.byteLength(block.data)
    default:
      return Buffer.byteLength(JSON.stringify(block))
  }
}

/**
 * Whether `content` surely fits `maxTokens` without counting a token: its UTF-8 size is within the
 * budget. A first pass bounds the size by string lengths (a UTF-16 unit is at most three UTF-8
 * bytes), so a small result costs one loop over its blocks and no encoding at all.
 */
export function fitsBySize(content: readonly ContentBlock[], maxTokens: number): boolean {
  let bound = 0
  for (const block of content) {
    if (block.type === 'text') bound += block.text.length
    else if (block.type === 'image') bound += block.data.length
    else return sizeOf(content) <= maxTokens
  }
  return bound * 3 <= maxTokens || sizeOf(content) <= maxTokens
}

function sizeOf(content: readonly ContentBlock[]): number {
  let size = 0
  for (const block of content) size += encodedSize(block)
  return size
}
