import { Agent, Runner } from '@openai/agents'
import type { AgentInputItem } from '@openai/agents'
import { assistantMessage, functionCall, ScriptedModel } from '@openai/agents/testing'
import { describe, expect, it } from 'vitest'
import { harness } from './__fixtures__/harness.js'
import { toAgentsTools } from './index.js'

const coder = { id: 'coder' }

/** The outputs of the tool calls in a request's input, by call id, as the model reads them. */
function toolOutputs(input: string | AgentInputItem[]): Record<string, unknown> {
  if (typeof input === 'string') return {}
  return Object.fromEntries(
    input.flatMap((item) =>
      item.type === 'function_call_result' ? [[item.callId, item.output]] : [],
    ),
  )
}

describe('toAgentsTools with Agents JS and its ScriptedModel', () => {
  it('plays a multi-step turn: invalid then corrected, denied by a guard, approved, each result read by the model in the next step', async () => {
    const { registry, approvals, results } = harness()
    const model = new ScriptedModel([
      [
        functionCall('read_file', { file: 'a.txt' }, { callId: 'call_1' }),
        functionCall('shell', { command: 'rm -rf build' }, { callId: 'call_2' }),
        functionCall('remove_file', { path: 'old.txt' }, { callId: 'call_3' }),
      ],
      [functionCall('read_file', { path: 'a.txt' }, { callId: 'call_4' })],
      [assistantMessage('done')],
    ])
    const agent = new Agent({
      name: 'coder',
      instructions: 'Clean up.',
      model,
      tools: toAgentsTools(registry, { agent: coder }),
    })
    const result = await new Runner({ tracingDisabled: true }).run(
      agent,
      'Clean up and read a.txt.',
    )

    expect(result.finalOutput).toBe('done')
    model.assertComplete()
    expect(model.calls).toHaveLength(3)
    const afterFirst = toolOutputs(model.calls[1]!.request.input)
    expect(afterFirst).toEqual({
      call_1: { type: 'text', text: 'Error: invalid arguments: missing required property "path"' },
      call_2: {
        type: 'text',
        text: 'Error: deleting with the shell is not allowed; use remove-file',
      },
      call_3: { type: 'text', text: 'removed old.txt' },
    })
    expect(toolOutputs(model.calls[2]!.request.input)).toMatchObject({
      call_4: { type: 'text', text: 'contents of a.txt' },
    })

    // The model was shown strict schemas, the dashed name with an underscore.
    expect(model.calls[0]!.request.tools).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: 'function',
          name: 'remove_file',
          strict: true,
          parameters: {
            type: 'object',
            properties: { path: { type: 'string' } },
            required: ['path'],
            additionalProperties: false,
          },
        }),
      ]),
    )
    expect(approvals).toHaveLength(1)
    expect(approvals[0]).toMatchObject({
      agent: coder,
      toolName: 'remove-file',
      callId: 'call_3',
      reason: 'removes a file',
      view: { card: 'generic', title: 'Remove old.txt' },
    })
    expect(
      results.map(({ exec, result }) => [exec.callId, exec.agent, result.error?.code]),
    ).toEqual([
      ['call_1', coder, 'INVALID_ARGS'],
      ['call_2', coder, 'GUARD_DENIED'],
      ['call_3', coder, undefined],
      ['call_4', coder, undefined],
    ])
  })
})
