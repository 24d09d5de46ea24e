import { Buffer } from 'node:buffer'
import { describe, expect, it } from 'vitest'
import { cutToFit } from './fit-text.js'
import type { PreviewRequest } from './fit-text.js'

/** One token per character: every limit below can be checked by length. */
const count = (text: string): number => text.length
const dropped = { kind: 'dropped' } as const

function fit(texts: string[], limit: number, preview: Partial<PreviewRequest> = {}) {
  const document = texts.join('\n')
  const request = { count, headTokens: undefined, tailTokens: undefined, ...preview }
  return cutToFit(texts, document, Buffer.byteLength(document), limit, dropped, request)
}

const notice = (omitted: number) =>
  `[… ${omitted} tokens omitted (${omitted} bytes); the full output was dropped …]`

describe('cutToFit', () => {
  it('keeps an even head and tail of one text around the notice, within the limit', () => {
    const text = `${'a'.repeat(500)}${'z'.repeat(500)}`
    const { texts, tokens, cut } = fit([text], 300)
    expect(tokens).toBeLessThanOrEqual(300)
    expect(cut.head).toMatch(/^a+$/)
    expect(cut.tail).toMatch(/^z+$/)
    expect(Math.abs(cut.head.length - cut.tail.length)).toBeLessThanOrEqual(1)
    expect(texts).toEqual([`${cut.head}\n${notice(cut.omittedTokens)}\n${cut.tail}`])
    expect(cut.head.length + cut.omittedLength + cut.tail.length).toBe(1_000)
  })

  it('keeps blocks wholly in the head or tail, puts the notice in the first block cut, and leaves out blocks wholly omitted', () => {
    const blocks = ['first', 'm'.repeat(400), 'n'.repeat(400), 'last']
    const { texts, cut } = fit(blocks, 150, { headTokens: 20, tailTokens: 10 })
    expect(texts[0]).toBe('first')
    expect(texts[1]).toBe(`${'m'.repeat(cut.head.length - 6)}\n${notice(cut.omittedTokens)}`)
    expect(texts[2]).toBe(cut.tail.slice(0, -'\nlast'.length))
    expect(texts[3]).toBe('last')
    expect(cut.head.length).toBeLessThanOrEqual(20)
    expect(cut.tail.length).toBeLessThanOrEqual(10)
  })

  it('scales a configured preview down to what the limit leaves beside the notice', () => {
    const { texts, tokens, cut } = fit(['x'.repeat(5_000)], 150, {
      headTokens: 1_000,
      tailTokens: 0,
    })
    expect(tokens).toBeLessThanOrEqual(150)
    expect(cut.tail).toBe('')
    expect(cut.head.length).toBeGreaterThan(0)
    expect(texts[0]?.startsWith(cut.head)).toBe(true)
  })

  it('gives the notice alone when the limit leaves no room for a preview', () => {
    const { texts, cut, tokens } = fit(['y'.repeat(2_000)], 70)
    expect(cut.head).toBe('')
    expect(cut.tail).toBe('')
    expect(texts).toEqual([notice(2_000)])
    expect(tokens).toBeLessThanOrEqual(70)
  })

  // SPEC §20: "the cut text as a whole fits the budget", however small.
  it.each([
    [30, '[… 2000 tokens omitted]'],
    [10, '[…]'],
    [2, '…'],
    [0, ''],
  ])('gives a shorter notice when the limit (%i) is smaller than the notice: %j', (limit, text) => {
    const { texts, tokens } = fit(['y'.repeat(2_000)], limit)
    expect(texts).toEqual([text])
    expect(tokens).toBeLessThanOrEqual(limit)
  })
})

describe('cutToFit, with less than nothing left', () => {
  // SPEC §20: the lines of replaced blocks took the whole budget; the text costs the least it can.
  it('gives no text at all for a limit below zero', () => {
    const { texts, tokens } = fit(['y'.repeat(2_000)], -3)
    expect(texts).toEqual([''])
    expect(tokens).toBe(0)
  })
})
