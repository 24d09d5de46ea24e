import { beforeAll, describe, expect, it } from 'vitest'
import { cjkWithEmoji, isWellFormed, lockfileDiff, serviceLog } from '../__fixtures__/outputs.js'
import { loadO200kTokenCounter } from '../token-counter.js'
import type { TokenCounter } from '../token-counter.js'
import { countWithin, fitPrefix, fitSuffix } from './token-search.js'

let count: TokenCounter
beforeAll(async () => {
  count = await loadO200kTokenCounter()
})

/** A counter that records the length of every text it is given. */
function spy(counter: TokenCounter): { count: TokenCounter; lengths: number[] } {
  const lengths: number[] = []
  return {
    lengths,
    count: (text) => {
      lengths.push(text.length)
      return counter(text)
    },
  }
}

const texts = {
  'a service log': serviceLog(300_000),
  'a lockfile diff': lockfileDiff(300_000),
  'Chinese with emoji': cjkWithEmoji(150_000),
}

describe('countWithin', () => {
  it('answers the exact count of a text within the limit', () => {
    const text = serviceLog(20_000)
    expect(countWithin(text, 1e9, count)).toBe(count(text))
    expect(countWithin(text, count(text), count)).toBe(count(text))
  })

  it('answers undefined for a text over the limit, by one token too', () => {
    const text = serviceLog(20_000)
    expect(countWithin(text, count(text) - 1, count)).toBeUndefined()
  })

  it('counts a prefix of a long text, not all of it, to know it is over', () => {
    const text = serviceLog(4_000_000)
    const counter = spy(count)
    expect(countWithin(text, 2_000, counter.count)).toBeUndefined()
    expect(Math.max(...counter.lengths)).toBeLessThanOrEqual(32_000)
  })

  it('goes on past a prefix that is only a little over (a word cut in two)', () => {
    // Every prefix of "aaaa…" but the whole counts one token more than the limit allows.
    const text = 'x'.repeat(10_000)
    const byLength = (part: string) => (part.length === text.length ? 10 : 11)
    expect(countWithin(text, 10, byLength)).toBe(10)
  })
})

describe.each(Object.entries(texts))('fitPrefix and fitSuffix on %s', (_name, text) => {
  it.each([1, 50, 1_000, 12_000])('keep at most %i tokens, and most of them', (limit) => {
    const head = fitPrefix(text, limit, count, text.length)
    expect(count(text.slice(0, head.index))).toBe(head.tokens)
    expect(head.tokens).toBeLessThanOrEqual(limit)
    // A head ends on a line break when one lies in its last fifth: up to a line short of full.
    if (limit >= 1_000) expect(head.tokens).toBeGreaterThanOrEqual(limit * 0.75)
    const tail = fitSuffix(text, limit, count, head.index)
    expect(count(text.slice(tail.index))).toBe(tail.tokens)
    expect(tail.tokens).toBeLessThanOrEqual(limit)
    expect(tail.index).toBeGreaterThanOrEqual(head.index)
    if (limit >= 1_000) expect(tail.tokens).toBeGreaterThanOrEqual(limit * 0.75)
  })

  it('never cuts a character in two', () => {
    for (const limit of [7, 33, 501, 2_049]) {
      const head = fitPrefix(text, limit, count, text.length)
      const tail = fitSuffix(text, limit, count, head.index)
      expect(isWellFormed(text.slice(0, head.index))).toBe(true)
      expect(isWellFormed(text.slice(tail.index))).toBe(true)
    }
  })
})

describe('fitPrefix and fitSuffix', () => {
  it('end the head and start the tail on a line break when one is near', () => {
    const text = serviceLog(100_000)
    const head = fitPrefix(text, 2_000, count, text.length)
    expect(text[head.index - 1]).toBe('\n')
    const tail = fitSuffix(text, 2_000, count, head.index)
    expect(text[tail.index - 1]).toBe('\n')
  })

  it('cut a text without line breaks anywhere', () => {
    const text = 'word '.repeat(50_000)
    const head = fitPrefix(text, 1_000, count, text.length)
    expect(head.tokens).toBeGreaterThanOrEqual(980)
    expect(head.tokens).toBeLessThanOrEqual(1_000)
  })

  it('take the whole text when it fits, and nothing for a limit of 0', () => {
    expect(fitPrefix('short', 100, count, 5)).toEqual({ index: 5, tokens: 1 })
    expect(fitPrefix('short', 0, count, 5)).toEqual({ index: 0, tokens: 0 })
    expect(fitSuffix('short', 0, count, 0)).toEqual({ index: 5, tokens: 0 })
  })

  it('never reach into the head', () => {
    const text = serviceLog(10_000)
    const tail = fitSuffix(text, 1e6, count, 4_000)
    expect(tail.index).toBe(4_000)
  })

  it('need a handful of counts, each about the size of what they keep', () => {
    const text = serviceLog(2_000_000)
    const counter = spy(count)
    fitPrefix(text, 10_000, counter.count, text.length)
    expect(counter.lengths.length).toBeLessThanOrEqual(8)
    expect(Math.max(...counter.lengths)).toBeLessThanOrEqual(10_000 * 5)
  })
})
