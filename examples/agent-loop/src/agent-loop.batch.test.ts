import { describe, expect, it } from 'vitest'
import { runAgentLoop } from './agent-loop.js'
import {
  agent,
  call,
  echoRegistry,
  fakeModel,
  lookAndWriteRegistry,
  start,
} from './__fixtures__/agent-loop-fixtures.js'
import type { SessionEvent } from './session/session-event.js'

/** `runAgentLoop`: a step's batch, aborted part way, and run with its safe calls together. */

describe('runAgentLoop: the batch of a step', () => {
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
    const finishes = new Map<string, () => void>()
    const registry = lookAndWriteRegistry(finishes)
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
