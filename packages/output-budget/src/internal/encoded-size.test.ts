import type { ContentBlock } from '@toolpipe/core'
import { describe, expect, it } from 'vitest'
import { encodedSize, fitsBySize } from './encoded-size.js'

describe('encodedSize', () => {
  it('is the UTF-8 size of a text, of an image’s base64, of any other block’s JSON', () => {
    expect(encodedSize({ type: 'text', text: 'héllo 😀' })).toBe(11)
    expect(encodedSize({ type: 'image', data: 'AAAA', mimeType: 'image/png' })).toBe(4)
    const call: ContentBlock = { type: 'tool-call', id: 'c' as never, name: 'n', arguments: '{}' }
    expect(encodedSize(call)).toBe(JSON.stringify(call).length)
  })
})

describe('fitsBySize', () => {
  it('admits content whose UTF-8 size is within the budget, to the byte', () => {
    const content: ContentBlock[] = [
      { type: 'text', text: 'é'.repeat(50) }, // 100 bytes
      { type: 'image', data: 'A'.repeat(20), mimeType: 'image/png' },
    ]
    expect(fitsBySize(content, 120)).toBe(true)
    expect(fitsBySize(content, 119)).toBe(false)
    expect(fitsBySize([], 1)).toBe(true)
  })

  it('counts other blocks by their JSON', () => {
    const reasoning: ContentBlock = { type: 'reasoning', text: 'x' }
    const size = JSON.stringify(reasoning).length
    expect(fitsBySize([reasoning], size)).toBe(true)
    expect(fitsBySize([reasoning], size - 1)).toBe(false)
  })
})
