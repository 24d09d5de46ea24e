import { readdir } from 'node:fs/promises'
import type { ContentBlock } from '@toolpipe/core'
import { describe, expect, it } from 'vitest'
import { imageOf as image, useCutRequests } from '../__fixtures__/cut-requests.js'
import { cutContent } from './cut-content.js'
import { encodedSize } from './encoded-size.js'

const { scratch, request, tokensOf } = useCutRequests('cut-content-joint-')

describe('cutContent, blocks whose own lines do not fit side by side', () => {
  // SPEC §20: the cut fits the budget, and a block that gave way is named by a line with its type
  // and size. Three hundred lines of their own (5 tokens each at the least) took 1,500 tokens of a
  // 1,000-token budget; one line names them all.
  it('names many blocks that gave way in one line, with their size, when their own lines do not fit', async () => {
    const blocks = Array.from({ length: 300 }, () => image(2_000))
    const cut = await cutContent(blocks, request({ maxTokens: 1_000 }))
    expect(cut?.content).toEqual([
      { type: 'text', text: '[… 300 image blocks omitted (image/png, 600000 bytes)]' },
    ])
    // Each block is still saved, and the record says where.
    expect(await readdir(scratch())).toHaveLength(300)
    expect(cut?.reason.match(/image block of 2000 bytes replaced; full output in /g)).toHaveLength(
      300,
    )
  })

  it('puts the one line in the first block’s place, keeps the text around it, and names mixed types', async () => {
    const reasoning: ContentBlock = { type: 'reasoning', text: 'thinking '.repeat(250) }
    const blocks = Array.from({ length: 100 }, (_, index) => (index % 2 ? reasoning : image(2_000)))
    const bytes = 50 * 2_000 + 50 * encodedSize(reasoning)
    const first = { type: 'text', text: 'before' } as const
    const last = { type: 'text', text: 'after' } as const
    const cut = await cutContent([first, ...blocks, last], request({ maxTokens: 400 }))
    expect(cut?.content).toEqual([
      first,
      { type: 'text', text: `[… 100 blocks omitted (50 image, 50 reasoning; ${bytes} bytes)]` },
      last,
    ])
    expect(tokensOf(cut?.content ?? [])).toBeLessThanOrEqual(400)
  })

  it('keeps a line for each block while those lines fit', async () => {
    const cut = await cutContent([image(2_000), image(2_000)], request({ maxTokens: 1_000 }))
    const lines = cut?.content.map((block) => (block.type === 'text' ? block.text : block.type))
    expect(lines).toHaveLength(2)
    for (const line of lines ?? []) {
      expect(line).toMatch(/^\[… image block omitted \(image\/png, 2000 bytes\); it is in /u)
    }
  })
})
