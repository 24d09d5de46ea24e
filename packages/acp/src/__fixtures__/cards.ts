import type { ContentBlock } from '@toolpipe/core'
import { asCallId } from '@toolpipe/core'

/** The session every card test is shown in. */
export const cwd = '/srv/app'

export const text = (value: string): ContentBlock => ({ type: 'text', text: value })

/** One block of each core kind, plus a kind added by declaration merging. */
export const everyKind: ContentBlock[] = [
  text('plain'),
  { type: 'reasoning', text: 'thinking' },
  { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
  { type: 'tool-call', id: asCallId('inner'), name: 'grep', arguments: '{"pattern":"x"}' },
  {
    type: 'tool-result',
    toolCallId: asCallId('inner'),
    content: [
      text('nested'),
      { type: 'tool-result', toolCallId: asCallId('deeper'), content: [text('deepest')] },
    ],
    isError: false,
  },
  { type: 'resource-link', uri: 'file:///srv/app/a.ts' } as unknown as ContentBlock,
]
