import { describe, expect, it } from 'vitest'
import type { AiSdkToolOutput } from '../ai-sdk-tool-output.js'
import { toModelOutput } from './to-model-output.js'

describe('toModelOutput', () => {
  it.each<[string, AiSdkToolOutput, unknown]>([
    [
      'a progress report as its message',
      { preliminary: true, update: { message: 'half way' } },
      { type: 'text', value: 'half way' },
    ],
    [
      'a progress report without a message as its JSON',
      { preliminary: true, update: { progress: 1, total: 2 } },
      { type: 'text', value: '{"progress":1,"total":2}' },
    ],
    [
      'an error result as error text, every block as text',
      {
        isError: true,
        error: { name: 'ToolFailedError', code: 'TOOL_FAILED' },
        content: [
          { type: 'text', text: 'Error: disk full' },
          { type: 'reasoning', text: 'because' },
        ],
      },
      { type: 'error-text', value: 'Error: disk full\nbecause' },
    ],
    [
      'one text block as text',
      { isError: false, content: [{ type: 'text', text: 'hi' }] },
      { type: 'text', value: 'hi' },
    ],
    ['no content as empty text', { isError: false, content: [] }, { type: 'text', value: '' }],
    [
      'an image as a file part',
      { isError: false, content: [{ type: 'image', data: 'AA==', mimeType: 'image/png' }] },
      {
        type: 'content',
        value: [{ type: 'file', mediaType: 'image/png', data: { type: 'data', data: 'AA==' } }],
      },
    ],
  ])('gives %s', (_label, output, modelOutput) => {
    expect(toModelOutput(output)).toEqual(modelOutput)
  })
})
