import { describe, expect, it, vi } from 'vitest'
import { runAgentLoop } from './agent-loop.js'
import {
  agent,
  call,
  echoRegistry,
  fakeModel,
  shape,
  start,
} from './__fixtures__/agent-loop-fixtures.js'
import type { Model } from './model/model.js'
import type { SessionEvent } from './session/session-event.js'

/** `runAgentLoop`: a step's calls answered in order, the schemas, arguments that are not JSON, maxSteps. */

/** A step of three calls whose arguments are not JSON (a cut object, "", too deep), logged. */
async function runWithBadArguments() {
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
  return { executeBatch, events, bad, empty, deep }
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

  it('answers arguments that are not JSON with an error result, logging the raw text', async () => {
    const { events, bad } = await runWithBadArguments()
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
  })

  it('hands the registry {} for "" and never the arguments it cannot read, however deep', async () => {
    const { executeBatch, empty, deep } = await runWithBadArguments()
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
})
