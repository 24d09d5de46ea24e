import type { ChatCompletionMessage } from 'openai/resources/chat/completions'
import { asCallId } from 'toolpipe'
import { describe, expect, it } from 'vitest'
import { fromOpenAiMessage, toOpenAiMessages } from './openai-messages.js'

describe('fromOpenAiMessage', () => {
  it('reads what compatible servers send: missing ids, object arguments, no name', () => {
    const message = {
      role: 'assistant',
      content: '',
      refusal: null,
      tool_calls: [
        { id: '', type: 'function', function: { name: 'read_file', arguments: { path: 'a' } } },
        { type: 'function', function: { arguments: '{}' } },
        { id: 'x', type: 'custom', custom: { name: 'grep', input: 'needle' } },
      ],
    } as unknown as ChatCompletionMessage
    expect(fromOpenAiMessage(message, 4)).toEqual({
      toolCalls: [
        { type: 'tool-call', id: 'call_4_1', name: 'read_file', arguments: '{"path":"a"}' },
        { type: 'tool-call', id: 'call_4_2', name: '', arguments: '{}' },
        { type: 'tool-call', id: 'x', name: 'grep', arguments: 'needle' },
      ],
    })
  })
})

describe('toOpenAiMessages', () => {
  it('names non-text blocks, and heads context with its source', () => {
    expect(
      toOpenAiMessages([
        {
          role: 'tool',
          result: {
            type: 'tool-result',
            toolCallId: asCallId('c'),
            content: [
              { type: 'text', text: 'a' },
              { type: 'image', data: 'AA', mimeType: 'image/png' },
            ],
          },
        },
        {
          role: 'context',
          context: { source: { kind: 'user' }, content: [{ type: 'text', text: 'b' }] },
        },
        { role: 'assistant', content: [] },
      ]),
    ).toEqual([
      { role: 'tool', tool_call_id: 'c', content: 'a\n[image block]' },
      { role: 'user', content: '[context from the user]\nb' },
      { role: 'assistant', content: null },
    ])
  })
})
