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
    const executeBatch = vi.spyOn(registry, 'executeBatch')
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
    // "" means no arguments: the registry gets {} and validation answers; the others never reach it.
    expect(executeBatch).toHaveBeenCalledTimes(1)
    expect(executeBatch.mock.calls[0]?.[0]).toEqual([
      { callId: 'empty', name: 'echo', arguments: {}, agent },
    ])
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

  it('on abort, answers the calls the batch did not start with CANCELLED and stops after the step', async () => {
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
    // executeBatch's own answer for a call it never started (it was the loop's before #19).
    const cancelled = 'Error: the call of tool "echo" was cancelled before it started'
    expect(tools[1]).toMatchObject({
      result: { toolCallId: 'b', isError: true, content: [{ type: 'text', text: cancelled }] },
    })
    expect(events).toContainEqual({
      type: 'tool/result',
      step: 1,
      callId: 'b',
      name: 'echo',
      result: {
        content: [{ type: 'text', text: cancelled }],
        isError: true,
        error: { name: 'ToolCancelledError', code: 'CANCELLED' },
      },
    })
    // The context of the call that did run still follows the step's results.
    expect(outcome.messages.at(-1)?.role).toBe('context')
  })
  it('runs consecutive concurrencySafe calls together and logs each start, progress and end as it happens', async () => {
    const registry = createToolRegistry()
    const finishes = new Map<string, () => void>()
    registry.register(
      defineTool({
        name: 'look',
        description: 'Read-only: waits until the test lets it finish.',
        parameters: { id: { type: 'string', required: true } },
        concurrencySafe: true,
        annotations: { readOnly: true },
        async execute({ id }, exec) {
          const finished = new Promise<void>((resolve) => finishes.set(id, resolve))
          exec.reportProgress({ progress: 0, total: 1, message: `looking at ${id}` })
          await finished
          return [{ type: 'text', text: id }]
        },
      }),
    )
    registry.register(
      defineTool({
        name: 'write',
        description: 'Not safe: a barrier.',
        parameters: {},
        async execute() {
          return [{ type: 'text', text: 'written' }]
        },
      }),
    )
    const events: string[] = []
    const running = runAgentLoop({
      model: fakeModel([
        {
          toolCalls: [
            call('a', 'look', { id: 'a' }),
            call('b', 'look', { id: 'b' }),
            call('w', 'write', {}),
            call('c', 'look', { id: 'c' }),
          ],
        },
        { toolCalls: [] },
      ]),
      registry,
      agent,
      messages: start,
      onEvent: (event) => {
        events.push(`${event.type}${'callId' in event ? ` ${event.callId}` : ''}`)
        // Finish the safe calls in the opposite order they started: b, then a; then c.
        if (event.type === 'tool/progress' && event.callId === 'b') finishes.get('b')?.()
        if (event.type === 'tool/result' && event.callId === 'b') finishes.get('a')?.()
        if (event.type === 'tool/progress' && event.callId === 'c') finishes.get('c')?.()
      },
    })
    const outcome = await running
    expect(events).toEqual([
      'assistant/turn',
      'tool/call a',
      'tool/progress a',
      'tool/call b',
      'tool/progress b',
      'tool/result b',
      'tool/result a',
      'tool/call w',
      'tool/result w',
      'tool/call c',
      'tool/progress c',
      'tool/result c',
      'assistant/turn',
      'session/end',
    ])
    // The conversation keeps the model's order whatever order the calls ended in.
    expect(
      outcome.messages.flatMap((message) =>
        message.role === 'tool' ? [message.result.toolCallId] : [],
      ),
    ).toEqual(['a', 'b', 'w', 'c'])
  })
})
