import { endToEndTurn, harness } from '@toolpipe/adapter-testkit'
import { defineTool, createToolRegistry } from '@toolpipe/tools'
import { generateText, stepCountIs, streamText, toUIMessageStream } from 'ai'
import { describe, expect, it } from 'vitest'
import { lastToolResults, scriptedModel } from './__fixtures__/scripted-model.js'
import type { ModelPrompt } from './__fixtures__/scripted-model.js'
import { toAiSdkTools } from './index.js'

const agent = { id: 'coder' }
const turn = endToEndTurn()

/**
 * The shared turn as a script for the AI SDK's mock model; what the model read back after each
 * tool step lands in `seen`.
 */
function turnScript(seen: Record<string, unknown>[]) {
  const toolSteps = turn.steps.map((calls, index) => (prompt: ModelPrompt) => {
    if (index > 0) seen.push(lastToolResults(prompt))
    return { toolCalls: calls }
  })
  return [
    ...toolSteps,
    (prompt: ModelPrompt) => {
      seen.push(lastToolResults(prompt))
      return { text: turn.answer }
    },
  ]
}

/** What the model reads back after a step, in the AI SDK's tool output parts. */
function asAiSdkOutputs(readBack: Readonly<Record<string, string>>): Record<string, unknown> {
  const failed = new Set<string>(
    turn.codes.flatMap(([id, code]) => (code === undefined ? [] : [id])),
  )
  return Object.fromEntries(
    Object.entries(readBack).map(([id, text]) => [
      id,
      { type: failed.has(id) ? 'error-text' : 'text', value: text },
    ]),
  )
}

describe('toAiSdkTools with generateText and the AI SDK mock model', () => {
  it('plays a multi-step turn: invalid then corrected, denied by a guard, approved, each result read by the model in the next step', async () => {
    const { registry, approvals, results } = harness()
    const seen: Record<string, unknown>[] = []
    const result = await generateText({
      model: scriptedModel(turnScript(seen)),
      tools: toAiSdkTools(registry, { agent }),
      stopWhen: stepCountIs(5),
      prompt: 'Clean up and read a.txt.',
    })

    expect(result.text).toBe(turn.answer)
    expect(result.steps).toHaveLength(3)
    expect(seen).toEqual(turn.readBack.map(asAiSdkOutputs))

    // The approval service saw the pending card of the call the AI SDK made, for the agent.
    expect(approvals).toHaveLength(1)
    expect(approvals[0]).toMatchObject({ agent, ...turn.approval })
    // Every call went through execute(): observers saw each one with the AI SDK's call id.
    expect(
      results.map(({ exec, result }) => [exec.callId, exec.agent, result.error?.code]),
    ).toEqual(turn.codes.map(([id, code]) => [id, agent, code]))
    // The AI SDK's own tool results carry the pipeline's frozen results, codes included.
    const [first] = result.steps
    // (Their type is the AI SDK's union of static and dynamic results, these tools' outputs the
    // union of progress reports and results; a step's results are the final outputs.)
    const outputs = first?.toolResults.map((part) =>
      part.dynamic || 'preliminary' in part.output ? undefined : part.output,
    )
    expect(outputs?.map((output) => output?.error?.code)).toEqual([
      'INVALID_ARGS',
      'GUARD_DENIED',
      undefined,
    ])
    expect(first?.toolResults.map((part) => part.toolCallId)).toEqual([
      'call_1',
      'call_2',
      'call_3',
    ])
    expect(outputs?.[2]).toBe(results[2]?.result)
  })

  it('plays the same turn with streamText', async () => {
    const { registry, results } = harness()
    const seen: Record<string, unknown>[] = []
    const stream = streamText({
      model: scriptedModel(turnScript(seen)),
      tools: toAiSdkTools(registry, { agent }),
      stopWhen: stepCountIs(5),
      prompt: 'Clean up and read a.txt.',
    })
    const finals: string[] = []
    const preliminaries: string[] = []
    for await (const part of stream.stream) {
      if (part.type !== 'tool-result' || part.dynamic || 'preliminary' in part.output) continue
      if (part.preliminary === true) preliminaries.push(part.toolCallId)
      else finals.push(`${part.toolCallId}:${part.output.isError}`)
    }
    expect(await stream.text).toBe(turn.answer)
    expect(seen).toEqual(turn.readBack.map(asAiSdkOutputs))
    expect(finals).toEqual(['call_1:true', 'call_2:true', 'call_3:false', 'call_4:false'])
    // The AI SDK streams a streaming tool's last output as a preliminary result too.
    expect(preliminaries.sort()).toEqual(['call_1', 'call_2', 'call_3', 'call_4'])
    expect(results.map(({ exec }) => exec.callId)).toEqual(['call_1', 'call_2', 'call_3', 'call_4'])
  })

  it('runs a scope’s tools for its agent', async () => {
    const { registry, results } = harness()
    const scoped = registry.scope(agent)
    scoped.register(
      defineTool({
        name: 'notes',
        description: 'The agent’s notes.',
        parameters: {},
        execute: async () => [{ type: 'text', text: 'remember the milk' }],
      }),
    )
    const seen: Record<string, unknown>[] = []
    const tools = toAiSdkTools(scoped)
    expect(Object.keys(tools).sort()).toEqual(['notes', 'read_file', 'remove_file', 'shell'])
    await generateText({
      model: scriptedModel([
        () => ({ toolCalls: [{ id: 'n1', name: 'notes', input: {} }] }),
        (prompt) => {
          seen.push(lastToolResults(prompt))
          return { text: 'ok' }
        },
      ]),
      tools,
      stopWhen: stepCountIs(3),
      prompt: 'What do I have to remember?',
    })
    expect(seen).toEqual([{ n1: { type: 'text', value: 'remember the milk' } }])
    expect(results[0]?.exec.agent).toBe(agent)
  })
})

describe('toAiSdkTools with streamText: progress', () => {
  it('streams a running tool’s progress as preliminary results, and the model reads only the result', async () => {
    const registry = createToolRegistry()
    registry.register(
      defineTool({
        name: 'run_tests',
        description: 'Run the test suite.',
        parameters: { filter: { type: 'string' } },
        async execute(_args, exec) {
          const files = ['a.test.ts', 'b.test.ts', 'c.test.ts']
          for (const [index, file] of files.entries()) {
            await new Promise((resolve) => setTimeout(resolve, 1))
            exec.reportProgress({
              progress: index + 1,
              total: files.length,
              message: file,
              content: [{ type: 'text', text: `${file} passed` }],
            })
          }
          return [{ type: 'text', text: '3 files, 12 tests passed' }]
        },
      }),
    )
    const seen: Record<string, unknown>[] = []
    const stream = streamText({
      model: scriptedModel([
        () => ({ toolCalls: [{ id: 'tests_1', name: 'run_tests', input: {} }] }),
        (prompt) => {
          seen.push(lastToolResults(prompt))
          return { text: 'all green' }
        },
      ]),
      tools: toAiSdkTools(registry, { agent }),
      stopWhen: stepCountIs(3),
      prompt: 'Run the tests.',
    })
    const shown: unknown[] = []
    for await (const part of stream.stream) {
      if (part.type !== 'tool-result' || part.dynamic) continue
      shown.push(
        'preliminary' in part.output
          ? [part.preliminary, part.output.update.progress, part.output.update.message]
          : [part.preliminary, part.output.content],
      )
    }
    expect(shown).toEqual([
      [true, 1, 'a.test.ts'],
      [true, 2, 'b.test.ts'],
      [true, 3, 'c.test.ts'],
      // The AI SDK streams a streaming tool's last output as a preliminary result, then as final.
      [true, [{ type: 'text', text: '3 files, 12 tests passed' }]],
      [undefined, [{ type: 'text', text: '3 files, 12 tests passed' }]],
    ])
    expect(await stream.text).toBe('all green')
    expect(seen).toEqual([{ tests_1: { type: 'text', value: '3 files, 12 tests passed' } }])
  })

  it('sends progress to a UI as preliminary tool outputs of the UI message stream', async () => {
    const registry = createToolRegistry()
    registry.register(
      defineTool({
        name: 'build',
        description: 'Build.',
        parameters: {},
        execute: (_args, exec) => {
          exec.reportProgress({ message: 'compiling' })
          return Promise.resolve([{ type: 'text', text: 'built' }])
        },
      }),
    )
    const stream = streamText({
      model: scriptedModel([
        () => ({ toolCalls: [{ id: 'b1', name: 'build', input: {} }] }),
        () => ({ text: 'ok' }),
      ]),
      tools: toAiSdkTools(registry),
      stopWhen: stepCountIs(3),
      prompt: 'Build it.',
    })
    const outputs: unknown[] = []
    for await (const chunk of toUIMessageStream({ stream: stream.stream })) {
      if (chunk.type === 'tool-output-available') outputs.push([chunk.preliminary, chunk.output])
    }
    const built = { isError: false, content: [{ type: 'text', text: 'built' }] }
    expect(outputs).toEqual([
      [true, { preliminary: true, update: { message: 'compiling' } }],
      [true, built],
      [undefined, built],
    ])
  })
})
