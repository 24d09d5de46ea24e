import { describe, expect, it } from 'vitest'
import type { ConversationMessage } from './conversation.js'
import { correctArguments } from './script-reading.js'
import { createScriptedModel } from './scripted-model.js'

describe('createScriptedModel', () => {
  it('plays its steps in turn, with call ids and JSON text arguments, reacting to results', async () => {
    const model = createScriptedModel([
      () => ({
        text: 'one',
        calls: [
          { name: 'a', arguments: { x: 1 } },
          { name: 'b', arguments: {} },
        ],
      }),
      ({ previousResults }) => ({
        text: `saw ${previousResults.map((result) => result.toolCallId).join(',')}`,
      }),
    ])
    const first = await model.next({ step: 1, messages: [], tools: [] })
    expect(first).toEqual({
      text: 'one',
      toolCalls: [
        { type: 'tool-call', id: 'call_1_1', name: 'a', arguments: '{"x":1}' },
        { type: 'tool-call', id: 'call_1_2', name: 'b', arguments: '{}' },
      ],
    })
    const messages: ConversationMessage[] = [
      { role: 'assistant', content: first.toolCalls },
      {
        role: 'tool',
        result: { type: 'tool-result', toolCallId: first.toolCalls[0]!.id, content: [] },
      },
      {
        role: 'tool',
        result: { type: 'tool-result', toolCallId: first.toolCalls[1]!.id, content: [] },
      },
      { role: 'context', context: { source: { kind: 'user' }, content: [] } },
    ]
    expect(await model.next({ step: 2, messages, tools: [] })).toEqual({
      text: 'saw call_1_1,call_1_2',
      toolCalls: [],
    })
    await expect(
      model.next({
        step: 3,
        messages: [...messages, { role: 'assistant', content: [] }],
        tools: [],
      }),
    ).rejects.toMatchObject({ code: 'MODEL_ERROR', message: 'the script has no turn 3 (it has 2)' })
  })
})

describe('correctArguments', () => {
  it('fixes the arguments from a ToolArgsError message, keeping their order', () => {
    const message =
      'invalid arguments: missing required property "path"; "maxLines" must be a number, got string'
    expect(
      JSON.stringify(
        correctArguments({ file: 'README.md', maxLines: '20' }, message, ['path', 'maxLines']),
      ),
    ).toBe('{"path":"README.md","maxLines":20}')
    // Two unknown names: no guessing which one was meant.
    expect(correctArguments({ a: 'x', b: 'y' }, message, ['path'])).toEqual({ a: 'x', b: 'y' })
  })
})
