import { asCallId } from '@toolpipe/core'
import type { ToolExecutionResult } from '@toolpipe/tools'
import { describe, expect, it } from 'vitest'
import { toAgentsOutput } from './to-agents-output.js'
import type { AgentsToolOutput } from './to-agents-output.js'

const image = { type: 'image', data: 'AA==', mimeType: 'image/png' } as const

describe('toAgentsOutput', () => {
  it.each<[string, ToolExecutionResult, AgentsToolOutput]>([
    [
      'an error result as its text, each block on its own line',
      {
        isError: true,
        error: { name: 'ToolDeniedError', code: 'POLICY_DENIED' },
        content: [{ type: 'text', text: 'Error: not today' }, image],
      },
      'Error: not today\n{"type":"image","data":"AA==","mimeType":"image/png"}',
    ],
    ['no content as an empty string', { isError: false, content: [] }, ''],
    [
      'one text block as its text',
      { isError: false, content: [{ type: 'text', text: 'ok' }] },
      'ok',
    ],
    [
      'other content as structured outputs: images as images, the rest as text',
      {
        isError: false,
        content: [
          { type: 'reasoning', text: 'why' },
          image,
          { type: 'tool-call', id: asCallId('c'), name: 'x', arguments: '{}' },
        ],
      },
      [
        { type: 'text', text: 'why' },
        { type: 'image', image: { data: 'AA==', mediaType: 'image/png' } },
        { type: 'text', text: '{"type":"tool-call","id":"c","name":"x","arguments":"{}"}' },
      ],
    ],
  ])('gives %s', (_label, result, output) => {
    expect(toAgentsOutput(result)).toEqual(output)
  })
})
