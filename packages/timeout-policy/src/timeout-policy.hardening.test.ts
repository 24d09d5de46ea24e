import { callInput } from '@toolpipe/call-inputs'
import { createToolRegistry, ToolRegistryError } from '@toolpipe/tools'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ManualClock } from './__fixtures__/manual-clock.js'
import { tool } from './__fixtures__/policy-registry.js'
import { TimeoutPolicyError } from './timeout-policy-error.js'
import { timeoutPolicy } from './timeout-policy.js'

/** The largest delay `setTimeout` honours; anything above fires at once (Node warns, browsers do not). */
const maxTimerMs = 2 ** 31 - 1

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('timers past 2^31−1 ms are refused, never armed', () => {
  it('accepts the largest delay a timer honours', () => {
    const registry = createToolRegistry()
    expect(() => registry.register(tool('long', async () => 'ok', maxTimerMs))).not.toThrow()
    expect(() => timeoutPolicy({ graceMs: maxTimerMs })).not.toThrow()
  })

  it('refuses a larger timeoutMs when the tool is registered', () => {
    const registry = createToolRegistry()
    expect(() => registry.register(tool('long', async () => 'ok', maxTimerMs + 1))).toThrow(
      ToolRegistryError,
    )
    expect(() => registry.register(tool('long', async () => 'ok', maxTimerMs + 1))).toThrow(
      /timeoutMs must be a positive, finite number of milliseconds no larger than 2147483647/,
    )
  })

  it('refuses a larger graceMs when the policy is made', () => {
    expect(() => timeoutPolicy({ graceMs: maxTimerMs + 1 })).toThrow(TimeoutPolicyError)
    expect(() => timeoutPolicy({ graceMs: 2 ** 40 })).toThrow(/no larger than 2147483647/)
  })

  it('refuses at call time a timeoutMs changed after registration, and arms no timer', async () => {
    const clock = new ManualClock()
    const registry = createToolRegistry()
    registry.use(timeoutPolicy({ clock }))
    const body = vi.fn(async () => 'ran')
    const definition = tool('mutable', body, 100)
    registry.register(definition)
    definition.timeoutMs = 2 ** 40
    const result = await registry.execute(callInput('mutable'))
    expect(result).toEqual({
      content: [
        {
          type: 'text',
          text: 'Error: tool "mutable": timeoutMs must be a positive, finite number of milliseconds no larger than 2147483647, got 1099511627776',
        },
      ],
      isError: true,
      error: { name: 'ToolRegistryError', code: 'INVALID_TOOL' },
    })
    expect(body).not.toHaveBeenCalled()
    expect(clock.created).toBe(0)
  })

  it.each([
    ['zero', 0, '0'],
    ['negative', -5, '-5'],
    ['a numeric string', '100', '"100"'],
  ])(
    'refuses at call time a timeoutMs changed after registration to %s',
    async (_label, timeoutMs, shown) => {
      const clock = new ManualClock()
      const registry = createToolRegistry()
      registry.use(timeoutPolicy({ clock }))
      const body = vi.fn(async () => 'ran')
      const definition = tool('mutable', body, 100)
      registry.register(definition)
      ;(definition as { timeoutMs: unknown }).timeoutMs = timeoutMs
      const result = await registry.execute(callInput('mutable'))
      expect(result.content).toEqual([
        {
          type: 'text',
          text: `Error: tool "mutable": timeoutMs must be a positive, finite number of milliseconds no larger than 2147483647, got ${shown}`,
        },
      ])
      expect(result.error?.code).toBe('INVALID_TOOL')
      expect(body).not.toHaveBeenCalled()
      expect(clock.created).toBe(0)
    },
  )

  it('arms the largest delay a timer honours at call time', async () => {
    const clock = new ManualClock()
    const registry = createToolRegistry()
    registry.use(timeoutPolicy({ clock }))
    registry.register(tool('long', async () => 'ok', maxTimerMs))
    expect(await registry.execute(callInput('long'))).toEqual({
      content: [{ type: 'text', text: 'ok' }],
      isError: false,
    })
    expect(clock.created).toBe(1)
  })
})

describe('a throwing logger.warn', () => {
  it('never becomes an unhandled rejection and never reaches the caller', async () => {
    const unhandled: unknown[] = []
    const onUnhandled = (reason: unknown) => {
      unhandled.push(reason)
    }
    process.on('unhandledRejection', onUnhandled)
    try {
      const clock = new ManualClock()
      const registry = createToolRegistry({
        logger: {
          warn() {
            throw new Error('the logger is down')
          },
        },
      })
      registry.use(timeoutPolicy({ clock, graceMs: 10 }))
      let finish: (text: string) => void = () => undefined
      let fail: (error: Error) => void = () => undefined
      registry.register(
        tool(
          'hangs',
          () =>
            new Promise<string>((resolve, reject) => {
              finish = resolve
              fail = reject
            }),
          100,
        ),
      )
      registry.register(
        tool('hangs_too', () => new Promise<string>((_r, reject) => (fail = reject)), 100),
      )

      const first = registry.execute(callInput('hangs'))
      await clock.advance(110)
      expect((await first).error?.code).toBe('TOOL_TIMEOUT')
      finish('late value') // logged: the logger throws

      const second = registry.execute(callInput('hangs_too'))
      await clock.advance(110)
      expect((await second).error?.code).toBe('TOOL_TIMEOUT')
      fail(new Error('late failure')) // logged: the logger throws

      // Give Node the turns it needs to report an unhandled rejection.
      for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve))
      expect(unhandled).toEqual([])
    } finally {
      process.off('unhandledRejection', onUnhandled)
    }
  })
})

describe('one caller signal shared by many timed calls', () => {
  it('adds no more than one listener to it: no MaxListenersExceededWarning for 1,000 calls', async () => {
    const warnings: Error[] = []
    const onWarning = (warning: Error) => {
      warnings.push(warning)
    }
    process.on('warning', onWarning)
    try {
      const clock = new ManualClock()
      const registry = createToolRegistry()
      registry.use(timeoutPolicy({ clock }))
      registry.register(
        tool('waits', async (exec) => (await clock.sleep(50, exec.signal), 'done'), 100),
      )
      const caller = new AbortController()
      // Node 20 warns past 10 listeners on an AbortSignal; later versions stay silent, so the
      // listeners are counted too.
      let listeners = 0
      let mostListeners = 0
      const add = caller.signal.addEventListener.bind(caller.signal)
      const remove = caller.signal.removeEventListener.bind(caller.signal)
      caller.signal.addEventListener = (...args: Parameters<typeof add>) => {
        mostListeners = Math.max(mostListeners, ++listeners)
        add(...args)
      }
      caller.signal.removeEventListener = (...args: Parameters<typeof remove>) => {
        listeners--
        remove(...args)
      }
      const pending = Array.from({ length: 1_000 }, () =>
        registry.execute(callInput('waits', {}, { signal: caller.signal })),
      )
      await clock.advance(0)
      await new Promise((resolve) => setImmediate(resolve))
      caller.abort(new Error('the user left'))
      const results = await Promise.all(pending)
      await new Promise((resolve) => setImmediate(resolve))
      expect(warnings.filter((warning) => warning.name === 'MaxListenersExceededWarning')).toEqual(
        [],
      )
      expect(mostListeners).toBe(1)
      // Every call saw the caller's abort through its own deadline signal, and nothing timed out.
      for (const result of results) {
        expect(result).toEqual({
          content: [{ type: 'text', text: 'Error: the user left' }],
          isError: true,
          error: { name: 'ToolFailedError', code: 'TOOL_FAILED' },
        })
      }
      expect(clock.pending).toBe(0)
    } finally {
      process.off('warning', onWarning)
    }
  })
})

describe('the default clock', () => {
  it('calls the global timers with the global object as `this`, as browsers require', async () => {
    const realSetTimeout = globalThis.setTimeout
    const realClearTimeout = globalThis.clearTimeout
    const strictSetTimeout = function (this: unknown, ...args: Parameters<typeof setTimeout>) {
      if (this !== globalThis) throw new TypeError('Illegal invocation')
      return realSetTimeout(...args)
    }
    const strictClearTimeout = function (
      this: unknown,
      handle: Parameters<typeof clearTimeout>[0],
    ) {
      if (this !== globalThis) throw new TypeError('Illegal invocation')
      realClearTimeout(handle)
    }
    vi.stubGlobal('setTimeout', strictSetTimeout)
    vi.stubGlobal('clearTimeout', strictClearTimeout)
    const registry = createToolRegistry()
    registry.use(timeoutPolicy())
    registry.register(tool('quick', async () => 'done', 1_000))
    expect(await registry.execute(callInput('quick'))).toEqual({
      content: [{ type: 'text', text: 'done' }],
      isError: false,
    })
  })
})
