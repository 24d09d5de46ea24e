import { asCallId } from '@toolpipe/core'
import { describe, expect, it } from 'vitest'
import { toAgentsOutput } from './to-agents-output.js'

describe('toAgentsOutput', () => {
  it('gives an error result as its text, each block on its own line', () => {
    expect(
      toAgentsOutput({
        isError: true,
        error: { name: 'ToolDeniedError', code: 'POLICY_DENIED' },
        content: [
          { type: 'text', text: 'Error: not today' },
          { type: 'image', data: 'AA==', mimeType: 'image/png' },
        ],
      }),
    ).toBe('Error: not today\n{"type":"image","data":"AA==","mimeType":"image/png"}')
  })

  it('gives no content as an empty string and one text block as its text', () => {
    expect(toAgentsOutput({ isError: false, content: [] })).toBe('')
    expect(toAgentsOutput({ isError: false, content: [{ type: 'text', text: 'ok' }] })).toBe('ok')
  })

  it('gives other content as structured outputs: images as images, the rest as text', () => {
    expect(
      toAgentsOutput({
        isError: false,
        content: [
          { type: 'reasoning', text: 'why' },
          { type: 'image', data: 'AA==', mimeType: 'image/png' },
          { type: 'tool-call', id: asCallId('c'), name: 'x', arguments: '{}' },
        ],
      }),
    ).toEqual([
      { type: 'text', text: 'why' },
      { type: 'image', image: { data: 'AA==', mediaType: 'image/png' } },
      { type: 'text', text: '{"type":"tool-call","id":"c","name":"x","arguments":"{}"}' },
    ])
  })
})
