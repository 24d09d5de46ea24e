import { asCallId } from '@toolpipe/core'
import type { ContentBlock } from '@toolpipe/core'
import { describe, expect, it } from 'vitest'
import { textItem, toAcpContent } from './to-acp-content.js'

describe('toAcpContent', () => {
  it('maps text, reasoning and images, a tool call as fenced JSON, and flattens a tool result', () => {
    expect(
      toAcpContent([
        { type: 'text', text: 'hi' },
        { type: 'reasoning', text: 'why' },
        { type: 'image', data: 'AA==', mimeType: 'image/png' },
        { type: 'tool-call', id: asCallId('c'), name: 'grep', arguments: '{"q":"`x`"}' },
        {
          type: 'tool-result',
          toolCallId: asCallId('c'),
          content: [{ type: 'text', text: 'nested' }],
        },
      ]),
    ).toEqual([
      textItem('hi'),
      textItem('why'),
      { type: 'content', content: { type: 'image', data: 'AA==', mimeType: 'image/png' } },
      textItem('Tool call: grep\n\n```json\n{"q":"`x`"}\n```'),
      textItem('nested'),
    ])
  })

  it('skips a kind it does not know, as renderers do', () => {
    const merged = { type: 'chart', points: [1, 2] } as unknown as ContentBlock
    expect(toAcpContent([merged, { type: 'text', text: 'after' }])).toEqual([textItem('after')])
  })
})
