import { Buffer } from 'node:buffer'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ContentBlock } from '@toolpipe/core'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { propertyParameters } from '../../../../property-runs.shared.js'
import { loadO200kTokenCounter } from '../token-counter.js'
import type { TokenCounter } from '../token-counter.js'
import { cutContent } from './cut-content.js'
import { encodedSize } from './encoded-size.js'
import { blockNotice } from './omission-notice.js'
import { SpillStore } from './spill-store.js'

let count: TokenCounter
let scratch: string
beforeAll(async () => {
  count = await loadO200kTokenCounter()
  scratch = await mkdtemp(join(tmpdir(), 'cut-content-small-'))
})
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true })
})

const word = fc.constantFrom(
  'GET /api/items 200',
  'ERROR',
  '日本語テキスト',
  '😀',
  'x',
  '\n',
  '{"k": [1,2]}',
)
const text = fc
  .array(word, { maxLength: 600 })
  .map((words): ContentBlock => ({ type: 'text', text: words.join(' ') }))
const image = fc
  .tuple(fc.integer({ min: 0, max: 600 }), fc.constantFrom('image/png', 'image/svg+xml'))
  .map(([bytes, mimeType]): ContentBlock => ({
    type: 'image',
    data: Buffer.alloc(bytes, 7).toString('base64'),
    mimeType,
  }))

/** What the model is charged for `content`: text by the counter, the rest by encoded size. */
function tokensOf(content: readonly ContentBlock[]): number {
  let tokens = 0
  for (const block of content) {
    tokens += block.type === 'text' ? count(block.text) : encodedSize(block)
  }
  return tokens
}

/**
 * The least `content` can cost cut to `maxTokens`: the text down to nothing, each other block
 * kept, or its shortest line (`[… image block omitted]`) in its place where that costs less or
 * the block alone exceeds the budget.
 */
function leastCost(content: readonly ContentBlock[], maxTokens: number): number {
  let least = 0
  for (const block of content) {
    if (block.type === 'text') continue
    const line = count(blockNotice(block.type, undefined, 0, { kind: 'dropped' }, 'type-only'))
    const bytes = encodedSize(block)
    least += bytes > maxTokens ? line : Math.min(bytes, line)
  }
  return least
}

// SPEC §20: "the cut text as a whole fits the budget"; "a block that alone exceeds the budget is
// replaced by a text line naming its type and size" (shorter lines for a small budget).
describe('cutContent, for budgets of 1 to 100 tokens and mixed text and images', () => {
  it('fits the budget whenever the shortest lines can, and costs no more than they otherwise', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(text, image), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 1, max: 100 }),
        fc.boolean(),
        fc.option(fc.integer({ min: 0, max: 300 }), { nil: undefined }),
        async (content, maxTokens, spills, headTokens) => {
          const cut = await cutContent(content, {
            maxTokens,
            headTokens,
            tailTokens: undefined,
            count,
            store: spills ? new SpillStore(scratch) : undefined,
            callId: 'c',
            onSpillFailure: () => undefined,
          })
          if (cut === undefined) {
            expect(tokensOf(content)).toBeLessThanOrEqual(maxTokens)
            return
          }
          const least = leastCost(content, maxTokens)
          expect(tokensOf(cut.content)).toBeLessThanOrEqual(Math.max(maxTokens, least))
          // Every block other than text is still there, or a line naming its type is: its own
          // line, or one line for several (`[… 3 image blocks omitted …]`).
          const others = content.filter((block) => block.type !== 'text')
          let named = 0
          for (const block of cut.content) {
            if (block.type !== 'text') named++
            else if (block.text.startsWith('[… image block omitted')) named++
            else named += Number(/^\[… (\d+) image blocks omitted/u.exec(block.text)?.[1] ?? 0)
          }
          expect(named).toBe(others.length)
        },
      ),
      propertyParameters(150),
    )
  })
})
