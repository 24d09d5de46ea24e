import { asCallId } from '@toolpipe/core'
import { describe, expect, it, vi } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { agent, text, tool } from './__fixtures__/tools.js'
import { createToolRegistry } from './tool-registry.js'
import type { ToolExecution } from './tool-execution.js'

interface Deferred {
  readonly promise: Promise<void>
  resolve(): void
}

/**
 * Lets every pending promise callback run: a macrotask comes only after the microtask queue is
 * empty. Ordering, not timing: nothing here waits for a clock.
 */
function settle(): Promise<void> {
  return new Promise((resolve) => {
    setImmediate(resolve)
  })
}

function deferred(): Deferred {
  let resolve = (): void => undefined
  const promise = new Promise<void>((done) => {
    resolve = done
  })
  return { promise, resolve }
}

/**
 * A registry with a safe tool `read` and an unsafe tool `write`. Each call waits for the deferred
 * named by its `id` argument; `events` records `start id` and `end id` in the order they happen.
 */
function batchRegistry() {
  const registry = createToolRegistry()
  const gates = new Map<string, Deferred>()
  const events: string[] = []
  const signals = new Map<string, AbortSignal | undefined>()
  const gate = (id: string): Deferred => {
    let found = gates.get(id)
    if (found === undefined) {
      found = deferred()
      gates.set(id, found)
    }
    return found
  }
  const body = async (args: unknown, exec: ToolExecution) => {
    const { id } = args as { id: string }
    events.push(`start ${id}`)
    signals.set(id, exec.signal)
    await gate(id).promise
    events.push(`end ${id}`)
    return [text(`done ${id}`)]
  }
  registry.register(tool('read', body, { concurrencySafe: true }))
  registry.register(tool('write', body))
  const open = async (id: string) => {
    gate(id).resolve()
    await settle()
  }
  return { registry, events, signals, open }
}

const read = (id: string) => callInput('read', { id })
const write = (id: string) => callInput('write', { id })

describe('§12.4 executeBatch', () => {
  it('runs consecutive concurrencySafe calls concurrently; results keep input order', async () => {
    const { registry, events, open } = batchRegistry()
    const batch = registry.executeBatch([read('a'), read('b'), read('c')])
    await settle()
    expect(events).toEqual(['start a', 'start b', 'start c'])
    await open('c')
    await open('a')
    await open('b')
    const { results } = await batch
    expect(events).toEqual(['start a', 'start b', 'start c', 'end c', 'end a', 'end b'])
    expect(results.map((result) => result.content)).toEqual([
      [text('done a')],
      [text('done b')],
      [text('done c')],
    ])
  })

  it('runs at most maxConcurrency safe calls at once (default 8)', async () => {
    const { registry, events, open } = batchRegistry()
    const batch = registry.executeBatch(
      ['a', 'b', 'c', 'd'].map((id) => read(id)),
      { maxConcurrency: 2 },
    )
    await settle()
    expect(events).toEqual(['start a', 'start b'])
    await open('b')
    expect(events).toEqual(['start a', 'start b', 'end b', 'start c'])
    await open('a')
    expect(events.slice(-2)).toEqual(['end a', 'start d'])
    await open('c')
    await open('d')
    expect((await batch).results).toHaveLength(4)

    const many = batchRegistry()
    const nine = many.registry.executeBatch(
      ['1', '2', '3', '4', '5', '6', '7', '8', '9'].map((id) => read(id)),
    )
    await settle()
    expect(many.events).toHaveLength(8)
    for (const id of ['1', '2', '3', '4', '5', '6', '7', '8', '9']) await many.open(id)
    expect((await nine).results).toHaveLength(9)
  })

  it('a call that is not concurrencySafe waits for everything before it and holds back everything after it', async () => {
    const { registry, events, open } = batchRegistry()
    const batch = registry.executeBatch([read('a'), read('b'), write('w'), read('c'), read('d')])
    await settle()
    expect(events).toEqual(['start a', 'start b'])
    await open('a')
    expect(events).toEqual(['start a', 'start b', 'end a'])
    await open('b')
    expect(events).toEqual(['start a', 'start b', 'end a', 'end b', 'start w'])
    await open('c') // c's gate opens early: c has not started, so nothing happens yet
    expect(events.at(-1)).toBe('start w')
    await open('w')
    await open('d')
    await batch
    expect(events).toEqual([
      'start a',
      'start b',
      'end a',
      'end b',
      'start w',
      'end w',
      'start c',
      'start d',
      'end c',
      'end d',
    ])
  })

  it('two unsafe calls in a row run one after the other', async () => {
    const { registry, events, open } = batchRegistry()
    const batch = registry.executeBatch([write('x'), write('y')])
    await settle()
    expect(events).toEqual(['start x'])
    await open('y')
    expect(events).toEqual(['start x'])
    await open('x')
    await batch
    expect(events).toEqual(['start x', 'end x', 'start y', 'end y'])
  })

  it('collects every call’s additionalContext in input order, whatever order they finished in', async () => {
    const { registry, open } = batchRegistry()
    registry.on('tools/post-execute', (exec) => ({
      kind: 'accept',
      additionalContext: {
        content: [text(`context ${(exec.arguments as { id: string }).id}`)],
        source: { kind: 'plugin', plugin: 'notes' },
      },
    }))
    const batch = registry.executeBatch([read('a'), read('b'), read('c')])
    await settle()
    await open('c')
    await open('b')
    await open('a')
    const { results, additionalContext } = await batch
    expect(additionalContext.map((context) => context.content)).toEqual([
      [text('context a')],
      [text('context b')],
      [text('context c')],
    ])
    expect(results[1]?.additionalContext).toBe(additionalContext[1])
  })

  it('an abort reaches running calls through exec.signal; pending ones end CANCELLED without running', async () => {
    const { registry, events, signals, open } = batchRegistry()
    const controller = new AbortController()
    const observed: string[] = []
    registry.on('tools/start', (exec) => {
      observed.push(`start ${exec.callId}`)
    })
    registry.on('tools/result', (exec, result) => {
      observed.push(`result ${exec.callId} ${result.error?.code ?? 'ok'}`)
    })
    const reviewed = vi.fn((_exec, _result, next: () => Promise<unknown>) => next())
    registry.on('tools/post-execute', reviewed as never)
    const inputs = [read('a'), read('b'), write('w'), read('c')]
    const batch = registry.executeBatch(inputs, { signal: controller.signal })
    await settle()
    controller.abort(new Error('user pressed stop'))
    expect(signals.get('a')?.aborted).toBe(true)
    expect(signals.get('b')?.reason).toEqual(new Error('user pressed stop'))
    await settle()
    // The pending calls ended at once, while a and b still run.
    expect(observed).toEqual([
      `start ${inputs[0]?.callId}`,
      `start ${inputs[1]?.callId}`,
      `start ${inputs[2]?.callId}`,
      `result ${inputs[2]?.callId} CANCELLED`,
      `start ${inputs[3]?.callId}`,
      `result ${inputs[3]?.callId} CANCELLED`,
    ])
    await open('a')
    await open('b')
    const { results } = await batch
    expect(events).toEqual(['start a', 'start b', 'end a', 'end b'])
    expect(results[2]).toEqual({
      content: [text('Error: the call of tool "write" was cancelled before it started')],
      isError: true,
      error: { name: 'ToolCancelledError', code: 'CANCELLED' },
    })
    expect(results[3]?.error?.code).toBe('CANCELLED')
    expect(results[0]?.content).toEqual([text('done a')])
    // Post-execute reviews the calls that ran, not the ones that never started.
    expect(reviewed).toHaveBeenCalledTimes(2)
  })

  it('a batch whose signal already aborted runs nothing', async () => {
    const { registry, events } = batchRegistry()
    const { results } = await registry.executeBatch([read('a'), write('b')], {
      signal: AbortSignal.abort(),
    })
    expect(events).toEqual([])
    expect(results.map((result) => result.error?.code)).toEqual(['CANCELLED', 'CANCELLED'])
  })

  it('exec.signal aborts with the call’s own signal as well as the batch’s', async () => {
    const { registry, signals, open } = batchRegistry()
    const own = new AbortController()
    const batchSignal = new AbortController()
    const batch = registry.executeBatch(
      [callInput('read', { id: 'a' }, { signal: own.signal }), read('b')],
      { signal: batchSignal.signal },
    )
    await settle()
    own.abort()
    expect(signals.get('a')?.aborted).toBe(true)
    expect(signals.get('b')?.aborted).toBe(false)
    await open('a')
    await open('b')
    await batch
  })

  it('without a batch signal, each call keeps its own', async () => {
    const { registry, signals, open } = batchRegistry()
    const own = new AbortController()
    const batch = registry.executeBatch([callInput('read', { id: 'a' }, { signal: own.signal })])
    await settle()
    expect(signals.get('a')).toBe(own.signal)
    await open('a')
    await batch
  })

  it('calls that fail early (unknown tool, invalid input) take their place in the results', async () => {
    const { registry, open } = batchRegistry()
    const batch = registry.executeBatch([
      read('a'),
      callInput('missing'),
      { callId: 7 } as never,
      read('b'),
    ])
    await settle()
    await open('a')
    await open('b')
    const { results } = await batch
    expect(results.map((result) => result.error?.code)).toEqual([
      undefined,
      'UNKNOWN_TOOL',
      'INVALID_INPUT',
      undefined,
    ])
  })

  it('reads each input field once, up front', async () => {
    const { registry, open } = batchRegistry()
    let reads = 0
    const input = {
      callId: asCallId('c1'),
      get name() {
        reads++
        return 'read'
      },
      arguments: { id: 'a' },
    }
    const batch = registry.executeBatch([input])
    await open('a')
    expect((await batch).results[0]?.isError).toBe(false)
    expect(reads).toBe(1)
  })

  it('scope handles run the batch as their agent’s calls', async () => {
    const registry = createToolRegistry()
    const alice = agent('alice')
    const agents: unknown[] = []
    registry.scope(alice).register(
      tool('mine', (_args, exec) => (agents.push(exec.agent), [text('ok')]), {
        concurrencySafe: true,
      }),
    )
    const { results } = await registry
      .scope(alice)
      .executeBatch([callInput('mine'), { ...callInput('mine'), agent: agent('mallory') } as never])
    expect(results.map((result) => result.isError)).toEqual([false, false])
    expect(agents).toEqual([alice, alice])
    expect((await registry.executeBatch([callInput('mine')])).results[0]?.error?.code).toBe(
      'UNKNOWN_TOOL',
    )
  })

  it('an empty batch resolves to no results and no context; the answer is frozen', async () => {
    const { registry } = batchRegistry()
    const answer = await registry.executeBatch([])
    expect(answer).toEqual({ results: [], additionalContext: [] })
    expect(Object.isFrozen(answer)).toBe(true)
    expect(Object.isFrozen(answer.results)).toBe(true)
    expect(Object.isFrozen(answer.additionalContext)).toBe(true)
  })

  it.each([
    [{ maxConcurrency: 0 }, 'maxConcurrency must be a positive integer, got 0'],
    [{ maxConcurrency: 1.5 }, 'maxConcurrency must be a positive integer, got 1.5'],
    [{ signal: 'stop' }, 'signal must be an AbortSignal, got "stop"'],
    ['fast', 'options must be an object, got "fast"'],
  ])(
    'options %o end every call with INVALID_INPUT, nothing run, observers told',
    async (options, message) => {
      const { registry, events } = batchRegistry()
      const told = vi.fn()
      registry.on('tools/result', told)
      const { results } = await registry.executeBatch([read('a'), write('b')], options as never)
      expect(events).toEqual([])
      expect(told).toHaveBeenCalledTimes(2)
      expect(results).toEqual([
        {
          content: [text(`Error: invalid batch options: ${message}`)],
          isError: true,
          error: { name: 'ToolPipelineError', code: 'INVALID_INPUT' },
        },
        results[0],
      ])
    },
  )

  it('never rejects: inputs that are not an array, or cannot be read, give one INVALID_INPUT result', async () => {
    const { registry } = batchRegistry()
    const hostile = new Proxy([], {
      get() {
        throw new Error('trap')
      },
    })
    for (const [inputs, message] of [
      [null, 'executeBatch takes an array of inputs, got null'],
      [hostile, "the batch's inputs could not be read: trap"],
    ] as const) {
      expect(await registry.executeBatch(inputs as never)).toEqual({
        results: [
          {
            content: [text(`Error: ${message}`)],
            isError: true,
            error: { name: 'ToolPipelineError', code: 'INVALID_INPUT' },
          },
        ],
        additionalContext: [],
      })
    }
  })
})

describe('§12.4 executeBatch: what counts as safe, and the batch signal', () => {
  it('an input that cannot be read runs nothing, so it holds back no call around it', async () => {
    const { registry, events, open } = batchRegistry()
    const batch = registry.executeBatch([read('a'), null as never, read('b')])
    await settle()
    expect(events).toEqual(['start a', 'start b'])
    await open('a')
    await open('b')
    const { results } = await batch
    expect(results[1]?.error?.code).toBe('INVALID_INPUT')
  })

  it('a tool whose concurrencySafe cannot be read any more is taken as not safe', async () => {
    const { registry, events, open } = batchRegistry()
    const odd = tool(
      'odd',
      async () => {
        events.push('odd')
        return [text('odd ran')]
      },
      { concurrencySafe: true },
    )
    registry.register(odd)
    Object.defineProperty(odd, 'concurrencySafe', {
      get() {
        throw new Error('gone')
      },
    })
    const batch = registry.executeBatch([read('a'), callInput('odd'), read('b')])
    await settle()
    expect(events).toEqual(['start a'])
    await open('a')
    expect(events).toEqual(['start a', 'end a', 'odd', 'start b'])
    await open('b')
    expect((await batch).results.map((result) => result.isError)).toEqual([false, false, false])
  })

  it('removes the one abort listener it added to the batch signal when the batch ends', async () => {
    const { registry, open } = batchRegistry()
    const controller = new AbortController()
    const { signal } = controller
    const added = vi.spyOn(signal, 'addEventListener')
    const removed = vi.spyOn(signal, 'removeEventListener')
    const batch = registry.executeBatch([read('a')], { signal })
    await open('a')
    await batch
    const ours = added.mock.calls.filter(([type]) => type === 'abort')
    expect(ours.length).toBeGreaterThan(0)
    const batchListener = ours[0]?.[1]
    expect(
      removed.mock.calls.some(([type, listener]) => type === 'abort' && listener === batchListener),
    ).toBe(true)
  })
})
