import { Agent, Runner } from '@openai/agents'
import type { AgentInputItem } from '@openai/agents'
import { assistantMessage, functionCall, ScriptedModel } from '@openai/agents/testing'
import { describe, expect, it } from 'vitest'
import { endToEndTurn, harness } from '@toolpipe/adapter-testkit'
import { toAgentsTools } from './index.js'

const coder = { id: 'coder' }
// `remove-file`: Agents JS allows no `-` in names, so the model calls it `remove_file`.
const turn = endToEndTurn('remove-file')

/** What the model reads back after a step, as Agents JS hands it a function call's output. */
function asAgentsOutputs(readBack: Readonly<Record<string, string>>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(readBack).map(([id, text]) => [id, { type: 'text', text }]),
  )
}

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
    const { registry, approvals, results } = harness('remove-file')
    const model = new ScriptedModel([
      ...turn.steps.map((calls) =>
        calls.map(({ id, name, input }) => functionCall(name, input, { callId: id })),
      ),
      [assistantMessage(turn.answer)],
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

    expect(result.finalOutput).toBe(turn.answer)
    model.assertComplete()
    expect(model.calls).toHaveLength(3)
    expect(toolOutputs(model.calls[1]!.request.input)).toEqual(asAgentsOutputs(turn.readBack[0]))
    expect(toolOutputs(model.calls[2]!.request.input)).toMatchObject(
      asAgentsOutputs(turn.readBack[1]),
    )

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
    expect(approvals[0]).toMatchObject({ agent: coder, ...turn.approval })
    expect(
      results.map(({ exec, result }) => [exec.callId, exec.agent, result.error?.code]),
    ).toEqual(turn.codes.map(([id, code]) => [id, coder, code]))
  })
})
