import { asCallId, createToolRegistry, defineTool } from 'toolpipe'
import type { ToolCallBlock, ToolRegistry } from 'toolpipe'
import { describe, expect, it, vi } from 'vitest'
import { runAgentLoop } from './agent-loop.js'
import type { ConversationMessage } from './model/conversation.js'
import type { Model, ModelRequest, ModelTurn } from './model/model.js'
import type { SessionEvent } from './session/session-event.js'

const agent = { id: 'main' }
const start: ConversationMessage[] = [
  { role: 'system', text: 'be brief' },
  { role: 'user', text: 'go' },
]

function call(id: string, name: string, args: unknown): ToolCallBlock {
  return {
    type: 'tool-call',
    id: asCallId(id),
    name,
    arguments: typeof args === 'string' ? args : JSON.stringify(args),
  }
}

/** A model that plays fixed turns and keeps a copy of every request's messages. */
function fakeModel(turns: readonly ModelTurn[]): Model & { requests: ConversationMessage[][] } {
  const requests: ConversationMessage[][] = []
  return {
    description: 'fake',
    requests,
    next(request: ModelRequest) {
      requests.push([...request.messages])
      const turn = turns[requests.length - 1]
      return turn === undefined ? Promise.reject(new Error('no more turns')) : Promise.resolve(turn)
    },
  }
}

/** `echo` echoes; its post-execute hook attaches context naming the call, for `echo` only. */
function echoRegistry(): ToolRegistry {
  const registry = createToolRegistry()
  registry.register(
    defineTool({
      name: 'echo',
      description: 'Echo a word.',
      parameters: { word: { type: 'string', required: true } },
      async execute({ word }) {
        return [{ type: 'text', text: word }]
      },
    }),
  )
  registry.on('tools/post-execute', async (exec, result, next) => {
    const decision = await next()
    if (decision.kind !== 'accept' || result.isError) return decision
    return {
      ...decision,
      additionalContext: {
        source: { kind: 'plugin', plugin: 'notes' },
        content: [{ type: 'text', text: `note on ${exec.callId}` }],
      },
    }
  })
  return registry
}

describe('runAgentLoop', () => {
  it('answers every call of a step in order, and appends the buffered context only after all of them', async () => {
    const model = fakeModel([
      {
        text: 'three at once',
        toolCalls: [
          call('a', 'echo', { word: 'one' }),
          call('b', 'echo', { wrong: 1 }),
          call('c', 'echo', { word: 'three' }),
        ],
      },
      { text: 'done', toolCalls: [] },
    ])
    const events: SessionEvent[] = []
    const outcome = await runAgentLoop({
      model,
      registry: echoRegistry(),
      agent,
      messages: start,
      onEvent: (event) => events.push(event),
    })

    expect(outcome.reason).toBe('answered')
    expect(outcome.steps).toBe(2)
    const shape = (message: ConversationMessage): string =>
      message.role === 'tool'
        ? `tool ${message.result.toolCallId}${message.result.isError === true ? ' error' : ''}`
        : message.role === 'context'
          ? `context ${JSON.stringify(message.context.content)}`
          : message.role
    // What the model was sent for its second turn: each call right after its own result,
    // then the context from calls a and c (b failed validation, so it carries none).
    expect(model.requests[1]?.map(shape)).toEqual([
      'system',
      'user',
      'assistant',
      'tool a',
      'tool b error',
      'tool c',
      'context [{"type":"text","text":"note on a"}]',
      'context [{"type":"text","text":"note on c"}]',
    ])
    expect(outcome.messages.map(shape).at(-1)).toBe('assistant')
    expect(
      events.map((event) => `${event.type}${'callId' in event ? ` ${event.callId}` : ''}`),
    ).toEqual([
      'assistant/turn',
      'tool/call a',
      'tool/result a',
      'tool/call b',
      'tool/result b',
      'tool/call c',
      'tool/result c',
      'context/message a',
      'context/message c',
      'assistant/turn',
      'session/end',
    ])
    const failed = events.find((event) => event.type === 'tool/result' && event.callId === 'b')
    expect(failed).toMatchObject({
      result: { isError: true, error: { name: 'ToolArgsError', code: 'INVALID_ARGS' } },
    })
  })

  it('sends the model the registry schemas for its agent on every turn', async () => {
    const registry = echoRegistry()
    const seen: unknown[] = []
    const model: Model = {
      description: 'fake',
      async next(request) {
        seen.push(request.tools)
        return { toolCalls: [] }
      },
    }
    await runAgentLoop({ model, registry, agent, messages: start })
    expect(seen).toEqual([registry.schemas(agent)])
  })

  it('answers arguments that are not JSON with an error result, without reaching the registry', async () => {
    const registry = echoRegistry()
    const execute = vi.spyOn(registry, 'execute')
    const events: SessionEvent[] = []
    const outcome = await runAgentLoop({
      model: fakeModel([
        {
          toolCalls: [
            call('bad', 'echo', '{"word": '),
            call('empty', 'echo', ''),
            call('deep', 'echo', '['.repeat(100_000) + ']'.repeat(100_000)),
          ],
        },
        { toolCalls: [] },
      ]),
      registry,
      agent,
      messages: start,
      onEvent: (event) => events.push(event),
    })
    const [bad, empty, deep] = outcome.messages.filter((message) => message.role === 'tool')
    expect(bad).toMatchObject({ result: { toolCallId: 'bad', isError: true } })
    // The log records the outcome coded as the pipeline codes arguments that are not JSON.
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'tool/result',
        callId: 'bad',
        result: expect.objectContaining({
          error: { name: 'JsonSnapshotError', code: 'NOT_JSON' },
        }) as unknown,
      }),
    )
    expect(JSON.stringify(bad)).toContain('Error: the arguments of echo are not valid JSON (')
    expect(events).toContainEqual({
      type: 'tool/call',
      step: 1,
      callId: 'bad',
      name: 'echo',
      agent: 'main',
      rawArguments: '{"word": ',
    })
    // "" means no arguments: the registry gets {} and validation answers.
    expect(execute).toHaveBeenCalledTimes(1)
    expect(execute.mock.calls[0]?.[0]).toMatchObject({ callId: 'empty', arguments: {} })
    expect(empty).toMatchObject({ result: { toolCallId: 'empty', isError: true } })
    expect(deep).toMatchObject({
      result: {
        toolCallId: 'deep',
        isError: true,
        content: [
          {
            type: 'text',
            text: expect.stringMatching(
              /^Error: the arguments of echo are not valid JSON \(not JSON at \$(\[0\]){512}: /,
            ) as unknown,
          },
        ],
      },
    })
  })

  it('stops after maxSteps turns', async () => {
    const model = fakeModel(
      Array.from({ length: 5 }, (_, index) => ({
        toolCalls: [call(`c${index}`, 'echo', { word: 'again' })],
      })),
    )
    const outcome = await runAgentLoop({
      model,
      registry: echoRegistry(),
      agent,
      messages: start,
      maxSteps: 3,
    })
    expect(outcome).toMatchObject({ steps: 3, reason: 'max-steps' })
    expect(model.requests).toHaveLength(3)
  })

  it('on abort, answers the calls it did not run and stops after the step', async () => {
    const controller = new AbortController()
    const registry = echoRegistry()
    registry.on('tools/result', () => {
      controller.abort()
    })
    const events: SessionEvent[] = []
    const outcome = await runAgentLoop({
      model: fakeModel([
        { toolCalls: [call('a', 'echo', { word: 'one' }), call('b', 'echo', { word: 'two' })] },
        { toolCalls: [] },
      ]),
      registry,
      agent,
      messages: start,
      signal: controller.signal,
      onEvent: (event) => events.push(event),
    })
    expect(outcome.reason).toBe('aborted')
    const tools = outcome.messages.filter((message) => message.role === 'tool')
    expect(tools).toHaveLength(2)
    expect(tools[1]).toMatchObject({
      result: {
        toolCallId: 'b',
        isError: true,
        content: [{ type: 'text', text: 'Error: the call was cancelled before it ran' }],
      },
    })
    expect(events).toContainEqual({
      type: 'tool/result',
      step: 1,
      callId: 'b',
      name: 'echo',
      result: {
        content: [{ type: 'text', text: 'Error: the call was cancelled before it ran' }],
        isError: true,
        error: { name: 'ToolCancelledError', code: 'CANCELLED' },
      },
    })
    // The context of the call that did run still follows the step's results.
    expect(outcome.messages.at(-1)?.role).toBe('context')
  })
})
