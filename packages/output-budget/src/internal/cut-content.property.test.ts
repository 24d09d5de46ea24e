import { Buffer } from 'node:buffer'
import type { ContentBlock } from '@toolpipe/core'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { propertyParameters } from '../../../../property-runs.shared.js'
import { isWellFormed } from '../__fixtures__/outputs.js'
import { loadO200kTokenCounter } from '../token-counter.js'
import type { TokenCounter } from '../token-counter.js'
import { cutContent } from './cut-content.js'

let count: TokenCounter
beforeAll(async () => {
  count = await loadO200kTokenCounter()
})

/** A line of output: log-like words, paths, numbers, CJK, emoji, long runs of one character. */
const line = fc.oneof(
  fc
    .array(fc.constantFrom('GET', '/api/items', '200', 'ERROR', 'at', 'x.ts:12', '=', '{"a":1}'), {
      maxLength: 12,
    })
    .map((words) => words.join(' ')),
  fc.string({ unit: 'grapheme', maxLength: 60 }),
  fc.string({ unit: fc.constantFrom('你', '好', '😀', 'é', ' '), maxLength: 40 }),
  fc.integer({ min: 1, max: 400 }).map((length) => ' '.repeat(length)),
)
const text = fc.array(line, { minLength: 1, maxLength: 400 }).map((lines) => lines.join('\n'))

describe('cutContent, for any text and budget', () => {
  it('keeps a prefix and a suffix of the text around one notice, within the budget', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(text, { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 120, max: 3_000 }),
        fc.option(fc.integer({ min: 0, max: 2_000 }), { nil: undefined }),
        async (texts, maxTokens, headTokens) => {
          const content: ContentBlock[] = texts.map((value) => ({ type: 'text', text: value }))
          const cut = await cutContent(content, {
            maxTokens,
            headTokens,
            tailTokens: undefined,
            count,
            store: undefined,
            callId: 'c',
            onSpillFailure: () => undefined,
          })
          const document = texts.join('\n')
          if (cut === undefined) {
            expect(texts.reduce((sum, value) => sum + count(value), 0)).toBeLessThanOrEqual(
              maxTokens,
            )
            return
          }
          const kept = cut.content.map((block) => (block.type === 'text' ? block.text : ''))
          expect(kept.reduce((sum, value) => sum + count(value), 0)).toBeLessThanOrEqual(maxTokens)
          const joined = kept.join('\n')
          const notices = [
            ...joined.matchAll(
              /\[… (\d+) tokens omitted \((\d+) bytes\); the full output was dropped …\]/g,
            ),
          ]
          expect(notices).toHaveLength(1)
          const [notice] = notices
          const before = joined.slice(0, notice?.index).replace(/\n$/, '')
          const after = joined
            .slice((notice?.index ?? 0) + (notice?.[0].length ?? 0))
            .replace(/^\n/, '')
          expect(document.startsWith(before)).toBe(true)
          expect(document.endsWith(after)).toBe(true)
          expect(isWellFormed(joined)).toBe(true)
          // The bytes the notice names are exactly those between what was kept.
          const omittedBytes = Number(notice?.[2])
          const slack =
            Buffer.byteLength(document) - Buffer.byteLength(before) - Buffer.byteLength(after)
          expect(slack - omittedBytes).toBeGreaterThanOrEqual(0)
          expect(slack - omittedBytes).toBeLessThanOrEqual(2)
        },
      ),
      propertyParameters(60),
    )
  })
})
