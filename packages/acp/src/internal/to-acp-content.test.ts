import { asCallId } from '@toolpipe/core'
import type { ContentBlock } from '@toolpipe/core'
import type { ToolCallContent } from '@agentclientprotocol/sdk'
import { describe, expect, it } from 'vitest'
import { textItem, toAcpContent } from './to-acp-content.js'

const image: ContentBlock = { type: 'image', data: 'AA==', mimeType: 'image/png' }

describe('toAcpContent', () => {
  it.each<[string, ContentBlock, ToolCallContent[]]>([
    ['text as text', { type: 'text', text: 'hi' }, [textItem('hi')]],
    ['reasoning as text', { type: 'reasoning', text: 'why' }, [textItem('why')]],
    ['an image as an image', image, [{ type: 'content', content: image }]],
    [
      'a tool call as its name and fenced JSON',
      { type: 'tool-call', id: asCallId('c'), name: 'grep', arguments: '{"q":"`x`"}' },
      [textItem('Tool call: grep\n\n```json\n{"q":"`x`"}\n```')],
    ],
    [
      'a tool result as its own content, flattened',
      { type: 'tool-result', toolCallId: asCallId('c'), content: [{ type: 'text', text: 'in' }] },
      [textItem('in')],
    ],
    ['a kind it does not know as nothing', { type: 'chart' } as unknown as ContentBlock, []],
  ])('maps %s', (_label, block, items) => {
    expect(toAcpContent([block])).toEqual(items)
  })

  it('keeps the blocks’ order', () => {
    expect(
      toAcpContent([{ type: 'text', text: 'one' }, image, { type: 'text', text: 'two' }]),
    ).toEqual([textItem('one'), { type: 'content', content: image }, textItem('two')])
  })
})
