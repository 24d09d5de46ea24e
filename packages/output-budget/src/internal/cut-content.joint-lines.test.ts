import { Buffer } from 'node:buffer'
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ContentBlock } from '@toolpipe/core'
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { loadO200kTokenCounter } from '../token-counter.js'
import type { TokenCounter } from '../token-counter.js'
import { cutContent } from './cut-content.js'
import type { CutRequest } from './cut-content.js'
import { encodedSize } from './encoded-size.js'
import { SpillStore } from './spill-store.js'

let count: TokenCounter
let scratch: string
beforeAll(async () => {
  count = await loadO200kTokenCounter()
})
beforeEach(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'cut-content-joint-'))
})
afterEach(async () => {
  await rm(scratch, { recursive: true, force: true })
})

function request(overrides: Partial<CutRequest> = {}): CutRequest {
  return {
    maxTokens: 1_000,
    headTokens: undefined,
    tailTokens: undefined,
    count,
    store: new SpillStore(scratch),
    callId: 'call_1',
    onSpillFailure: () => undefined,
    ...overrides,
  }
}

/** What the model is charged for `content`: text by the counter, the rest by encoded size. */
function tokensOf(content: readonly ContentBlock[]): number {
  let tokens = 0
  for (const block of content)
    tokens += block.type === 'text' ? count(block.text) : encodedSize(block)
  return tokens
}

const image = (bytes: number): ContentBlock => ({
  type: 'image',
  data: Buffer.alloc((bytes / 4) * 3, 7).toString('base64'),
  mimeType: 'image/png',
})

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
    expect(await readdir(scratch)).toHaveLength(300)
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
