import { defineTool, createToolRegistry } from '@toolpipe/tools'
import type { ApprovalRequest, ToolExecution, ToolExecutionResult } from '@toolpipe/tools'
import { generateText, stepCountIs, streamText, toUIMessageStream } from 'ai'
import { describe, expect, it } from 'vitest'
import { lastToolResults, scriptedModel } from './__fixtures__/scripted-model.js'
import { toAiSdkTools } from './index.js'

const agent = { id: 'coder' }

/**
 * A registry as a harness sets it up: a file reader, a shell that a guard keeps from deleting,
 * and a tool that removes files only with a person's approval.
 */
function harness() {
  const approvals: ApprovalRequest[] = []
  const results: { exec: ToolExecution<unknown>; result: ToolExecutionResult }[] = []
  const registry = createToolRegistry({
    approval: {
      request: async (request) => {
        approvals.push(request)
        return { kind: 'allowed-once' }
      },
    },
  })
  registry.register(
    defineTool({
      name: 'read_file',
      description: 'Read a text file.',
      parameters: { path: { type: 'string', required: true } },
      execute: async ({ path }) => [{ type: 'text', text: `contents of ${path}` }],
    }),
  )
  registry.register(
    defineTool({
      name: 'shell',
      description: 'Run a shell command.',
      parameters: { command: { type: 'string', required: true } },
      execute: async ({ command }) => [{ type: 'text', text: `ran ${command}` }],
    }),
  )
  registry.register(
    defineTool({
      name: 'remove_file',
      description: 'Remove a file.',
      parameters: { path: { type: 'string', required: true } },
      execute: async ({ path }) => [{ type: 'text', text: `removed ${path}` }],
      presentCall: ({ path }) => ({ card: 'generic', title: `Remove ${path}` }),
    }),
  )
  registry.guard((exec) =>
    exec.name === 'shell' && (exec.arguments as { command: string }).command.includes('rm ')
      ? 'deleting with the shell is not allowed; use remove_file'
      : undefined,
  )
  registry.on('tools/pre-execute', async (exec, next) =>
    exec.name === 'remove_file' ? { kind: 'ask', reason: 'removes a file' } : next(),
  )
  registry.on('tools/result', (exec, result) => {
    results.push({ exec, result })
  })
  return { registry, approvals, results }
}

/** The turn every test plays: three calls in one step (invalid, denied, approved), then the fix. */
function turnScript(seen: Record<string, unknown>[]) {
  return [
    () => ({
      toolCalls: [
        { id: 'call_1', name: 'read_file', input: { file: 'a.txt' } },
        { id: 'call_2', name: 'shell', input: { command: 'rm -rf build' } },
        { id: 'call_3', name: 'remove_file', input: { path: 'old.txt' } },
      ],
    }),
    (prompt: Parameters<typeof lastToolResults>[0]) => {
      seen.push(lastToolResults(prompt))
      return { toolCalls: [{ id: 'call_4', name: 'read_file', input: { path: 'a.txt' } }] }
    },
    (prompt: Parameters<typeof lastToolResults>[0]) => {
      seen.push(lastToolResults(prompt))
      return { text: 'done' }
    },
  ]
}

const expectedFirstStep = {
  call_1: {
    type: 'error-text',
    value: 'Error: invalid arguments: missing required property "path"',
  },
  call_2: {
    type: 'error-text',
    value: 'Error: deleting with the shell is not allowed; use remove_file',
  },
  call_3: { type: 'text', value: 'removed old.txt' },
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

    expect(result.text).toBe('done')
    expect(result.steps).toHaveLength(3)
    expect(seen[0]).toEqual(expectedFirstStep)
    expect(seen[1]).toEqual({ call_4: { type: 'text', value: 'contents of a.txt' } })

    // The approval service saw the pending card of the call the AI SDK made, for the agent.
    expect(approvals).toHaveLength(1)
    expect(approvals[0]).toMatchObject({
      agent,
      toolName: 'remove_file',
      callId: 'call_3',
      reason: 'removes a file',
      view: { card: 'generic', title: 'Remove old.txt' },
    })
    // Every call went through execute(): observers saw each one with the AI SDK's call id.
    expect(
      results.map(({ exec, result }) => [exec.callId, exec.agent, result.error?.code]),
    ).toEqual([
      ['call_1', agent, 'INVALID_ARGS'],
      ['call_2', agent, 'GUARD_DENIED'],
      ['call_3', agent, undefined],
      ['call_4', agent, undefined],
    ])
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
    expect(await stream.text).toBe('done')
    expect(seen[0]).toEqual(expectedFirstStep)
    expect(seen[1]).toEqual({ call_4: { type: 'text', value: 'contents of a.txt' } })
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
