import { Buffer } from 'node:buffer'
import type { ContentBlock } from '@toolpipe/core'
import { beforeAll } from 'vitest'
import type { CutRequest } from '../internal/cut-content.js'
import { encodedSize } from '../internal/encoded-size.js'
import { SpillStore } from '../internal/spill-store.js'
import { loadO200kTokenCounter } from '../token-counter.js'
import type { TokenCounter } from '../token-counter.js'
import { useScratchFolder } from './scratch-folder.js'

/**
 * What a test of `cutContent` needs, for the file that calls this: the o200k counter (loaded
 * once), a fresh spill folder per test, a request with the usual defaults (1,000 tokens, spilled
 * there, call id `call_1`), and what the model is charged for content.
 */
export function useCutRequests(prefix: string): {
  readonly count: TokenCounter
  readonly scratch: () => string
  readonly request: (overrides?: Partial<CutRequest>) => CutRequest
  readonly tokensOf: (content: readonly ContentBlock[]) => number
} {
  let counter: TokenCounter | undefined
  beforeAll(async () => {
    counter = await loadO200kTokenCounter()
  })
  const scratch = useScratchFolder(prefix)
  const count: TokenCounter = (text) => {
    if (counter === undefined) throw new Error('useCutRequests: the counter is not loaded yet')
    return counter(text)
  }
  return {
    count,
    scratch,
    request: (overrides = {}) => ({
      maxTokens: 1_000,
      headTokens: undefined,
      tailTokens: undefined,
      count,
      store: new SpillStore(scratch()),
      callId: 'call_1',
      onSpillFailure: () => undefined,
      ...overrides,
    }),
    tokensOf: (content) => {
      let tokens = 0
      for (const block of content) {
        tokens += block.type === 'text' ? count(block.text) : encodedSize(block)
      }
      return tokens
    },
  }
}

/** A PNG image block whose base64 is `bytes` characters long (a multiple of 4). */
export function imageOf(bytes: number): ContentBlock {
  return {
    type: 'image',
    data: Buffer.alloc((bytes / 4) * 3, 7).toString('base64'),
    mimeType: 'image/png',
  }
}
