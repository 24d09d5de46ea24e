import { describe, expect, it } from 'vitest'
import { toModelOutput } from './to-model-output.js'

describe('toModelOutput', () => {
  it('reads a progress report as its message, or as its JSON without one', () => {
    expect(toModelOutput({ preliminary: true, update: { message: 'half way' } })).toEqual({
      type: 'text',
      value: 'half way',
    })
    expect(toModelOutput({ preliminary: true, update: { progress: 1, total: 2 } })).toEqual({
      type: 'text',
      value: '{"progress":1,"total":2}',
    })
  })

  it('gives an error result as error text, every block as text', () => {
    expect(
      toModelOutput({
        isError: true,
        error: { name: 'ToolFailedError', code: 'TOOL_FAILED' },
        content: [
          { type: 'text', text: 'Error: disk full' },
          { type: 'reasoning', text: 'because' },
        ],
      }),
    ).toEqual({ type: 'error-text', value: 'Error: disk full\nbecause' })
  })

  it('gives one text block as text, no content as empty text, and anything else as parts', () => {
    expect(toModelOutput({ isError: false, content: [{ type: 'text', text: 'hi' }] })).toEqual({
      type: 'text',
      value: 'hi',
    })
    expect(toModelOutput({ isError: false, content: [] })).toEqual({ type: 'text', value: '' })
    expect(
      toModelOutput({
        isError: false,
        content: [{ type: 'image', data: 'AA==', mimeType: 'image/png' }],
      }),
    ).toEqual({
      type: 'content',
      value: [{ type: 'file', mediaType: 'image/png', data: { type: 'data', data: 'AA==' } }],
    })
  })
})
