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
 * Whether `content` fits `maxTokens` by size alone, without counting a token: its UTF-8 size is
 * within the budget. String lengths bound the size both ways (a UTF-16 unit is one to three UTF-8
 * bytes), so a small result costs one loop over its blocks and no encoding, and a huge one is
 * known to be over without encoding it either.
 */
export function fitsBySize(content: readonly ContentBlock[], maxTokens: number): boolean {
  let units = 0
  for (const block of content) {
    if (block.type === 'text') units += block.text.length
    else if (block.type === 'image') units += block.data.length
    else return sizeOf(content) <= maxTokens
  }
  if (units * 3 <= maxTokens) return true
  return units <= maxTokens && sizeOf(content) <= maxTokens
}

function sizeOf(content: readonly ContentBlock[]): number {
  let size = 0
  for (const block of content) size += encodedSize(block)
  return size
}
