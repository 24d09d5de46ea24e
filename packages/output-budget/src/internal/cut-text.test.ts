import { Buffer } from 'node:buffer'
import { beforeAll, describe, expect, it } from 'vitest'
import { cjkWithEmoji, isWellFormed, lockfileDiff, serviceLog } from '../__fixtures__/outputs.js'
import { loadO200kTokenCounter } from '../token-counter.js'
import type { TokenCounter } from '../token-counter.js'
import { cutText, exactCountLimitBytes } from './cut-text.js'

let count: TokenCounter
beforeAll(async () => {
  count = await loadO200kTokenCounter()
})

function cut(text: string, head: number, tail: number) {
  return cutText(text, Buffer.byteLength(text), head, tail, count)
}

describe('cutText', () => {
  it('keeps a head and a tail within their limits, from the start and the end of the text', () => {
    const text = serviceLog(200_000)
    const result = cut(text, 1_000, 500)
    expect(text.startsWith(result.head)).toBe(true)
    expect(text.endsWith(result.tail)).toBe(true)
    expect(count(result.head)).toBeLessThanOrEqual(1_000)
    expect(count(result.tail)).toBeLessThanOrEqual(500)
    expect(count(result.head)).toBeGreaterThan(750)
    expect(count(result.tail)).toBeGreaterThan(375)
  })

  it('measures the omitted part exactly when it is small: bytes and tokens', () => {
    const text = lockfileDiff(100_000)
    const result = cut(text, 2_000, 2_000)
    const omitted = text.slice(result.head.length, text.length - result.tail.length)
    expect(result.omittedBytes).toBe(Buffer.byteLength(omitted))
    expect(result.omittedTokens).toBe(count(omitted))
    expect(result.estimated).toBe(false)
  })

  it('estimates the tokens of a large omitted part, within 10% for a uniform text', () => {
    const text = serviceLog(4 * exactCountLimitBytes)
    const result = cut(text, 1_000, 1_000)
    const omitted = text.slice(result.head.length, text.length - result.tail.length)
    expect(result.estimated).toBe(true)
    expect(result.omittedBytes).toBe(Buffer.byteLength(omitted))
    const exact = count(omitted)
    expect(Math.abs(result.omittedTokens - exact) / exact).toBeLessThan(0.1)
  })

  it('counts UTF-8 bytes, not UTF-16 units, and never splits a character', () => {
    const text = cjkWithEmoji(60_000)
    const result = cut(text, 333, 333)
    const omitted = text.slice(result.head.length, text.length - result.tail.length)
    expect(result.omittedBytes).toBe(Buffer.byteLength(omitted))
    expect(result.omittedBytes).toBeGreaterThan(omitted.length)
    expect(isWellFormed(result.head) && isWellFormed(result.tail)).toBe(true)
  })

  it('keeps only a tail, or only a head, when the other limit is 0', () => {
    const text = serviceLog(50_000)
    expect(cut(text, 0, 100).head).toBe('')
    expect(cut(text, 100, 0).tail).toBe('')
  })
})
