import { describe, expect, it, vi } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { text, tool } from './__fixtures__/tools.js'
import { batchRegistry, read, settle, write } from './__fixtures__/execute-batch.js'

describe('§12.4 executeBatch: cancellation', () => {
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
})

describe('§12.4 executeBatch: refusals', () => {
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
