import { asCallId } from '@toolpipe/core'
import { describe, expect, it } from 'vitest'
import { toMcpContent } from './to-mcp-content.js'

describe('toMcpContent', () => {
  it('keeps text and images, gives reasoning as text and any other block as its JSON', () => {
    const call = { type: 'tool-call' as const, id: asCallId('c'), name: 'x', arguments: '{}' }
    expect(
      toMcpContent([
        { type: 'text', text: 'hi' },
        { type: 'image', data: 'AA==', mimeType: 'image/png' },
        { type: 'reasoning', text: 'why' },
        call,
      ]),
    ).toEqual([
      { type: 'text', text: 'hi' },
      { type: 'image', data: 'AA==', mimeType: 'image/png' },
      { type: 'text', text: 'why' },
      { type: 'text', text: JSON.stringify(call) },
    ])
  })
})
