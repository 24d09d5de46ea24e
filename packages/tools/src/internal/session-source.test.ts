import { describe, expect, it } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { createToolRegistry } from '../tool-registry.js'
import type { ToolExecutionInput } from '../tool-execution.js'
import type { ToolSession } from '../tool-session.js'
import { readToolSession, sessionSource } from './session-source.js'
import { readToolSource } from './tool-source.js'

const refuse = (message: string) => new Error(message)

function session(calls: ToolExecutionInput[]): ToolSession {
  return {
    schemas: () => [],
    shows: () => false,
    execute: (input) => {
      calls.push(input)
      return Promise.resolve({ isError: false, content: [] })
    },
  }
}

describe('readToolSession', () => {
  it('is undefined when left out, and the session when it has the three methods', () => {
    expect(readToolSession(undefined, 'adapter', refuse)).toBeUndefined()
    const given = session([])
    expect(readToolSession(given, 'adapter', refuse)).toBe(given)
  })

  it.each([
    null,
    'session',
    42,
    {},
    { schemas: () => [], shows: () => false },
    { ...session([]), execute: 1 },
  ])('refuses %j, naming the adapter', (value) => {
    expect(() => readToolSession(value, 'adapter', refuse)).toThrow(
      /^adapter: toolSearch must be a tool search or one of its sessions \(toolSearch\(registry\) or search\.session\(\) of @toolpipe\/tool-search\), got /,
    )
  })
})

describe('readToolSession, given what opens sessions (a ToolSearch)', () => {
  it('calls its session() once and takes the session it returns', () => {
    const opened = session([])
    let opens = 0
    const search = {
      session: () => {
        opens += 1
        return opened
      },
    }
    expect(readToolSession(search, 'adapter', refuse)).toBe(opened)
    expect(opens).toBe(1)
  })

  it('prefers the session methods over session() when a value has both', () => {
    const given = { ...session([]), session: () => session([]) }
    expect(readToolSession(given, 'adapter', refuse)).toBe(given)
  })

  it.each([
    [
      { session: () => ({ shows: () => true }) },
      /got a session\(\) that returned an object with keys \["shows"\]$/,
    ],
    [{ session: () => undefined }, /got a session\(\) that returned undefined$/],
    [
      {
        session: () => {
          throw new Error('boom')
        },
      },
      /got a value that threw when read \(/,
    ],
    [
      Object.defineProperty({}, 'schemas', {
        get() {
          throw new Error('getter')
        },
      }),
      /got a value that threw when read \(/,
    ],
    [
      new Proxy(
        {},
        {
          get() {
            throw new Error('trap')
          },
        },
      ),
      /got a value that threw when read \(/,
    ],
  ])('refuses case %# with the adapter’s own error, never a raw one', (value, detail) => {
    expect(() => readToolSession(value, 'adapter', refuse)).toThrow(detail)
    expect(() => readToolSession(value, 'adapter', refuse)).toThrow(
      /^adapter: toolSearch must be a tool search or one of its sessions/,
    )
  })
})

describe('sessionSource', () => {
  it('runs calls through the session, as the source’s agent', async () => {
    const agent = { id: 'a' }
    const calls: ToolExecutionInput[] = []
    const source = sessionSource(
      readToolSource(createToolRegistry(), agent, 'adapter', refuse),
      session(calls),
    )
    await source.execute(callInput('t'))
    expect(calls).toEqual([expect.objectContaining({ name: 't', agent })])
    const unscoped = sessionSource(
      readToolSource(createToolRegistry(), undefined, 'adapter', refuse),
      session(calls),
    )
    await unscoped.execute(callInput('u'))
    expect(calls[1]).not.toHaveProperty('agent')
  })
})
