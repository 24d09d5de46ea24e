import { describe, expect, it } from 'vitest'
import { agent } from '../__fixtures__/tools.js'
import { callWithExecution, runWaterfall, startWaterfall } from './compose.js'
import type { ListenerEntry } from './compose.js'

type Step = (next: () => Promise<string>) => string | Promise<string>

const entry = (listener: Step, scope?: ReturnType<typeof agent>): ListenerEntry<Step> => ({
  listener,
  scope,
})
const run = (entries: ListenerEntry<Step>[], innermost = () => 'default', who = agent('a')) =>
  runWaterfall(
    entries,
    who,
    (listener, next) => listener(next),
    (value) => value as string,
    innermost,
  )

describe('runWaterfall', () => {
  it('returns the innermost value when there are no listeners', async () => {
    expect(await run([])).toBe('default')
  })

  it('runs listeners outermost first, each around the rest', async () => {
    const order: string[] = []
    const result = await run([
      entry(async (next) => {
        order.push('outer in')
        const inner = await next()
        order.push('outer out')
        return `outer(${inner})`
      }),
      entry(async (next) => {
        order.push('inner in')
        const value = await next()
        order.push('inner out')
        return `inner(${value})`
      }),
    ])
    expect(result).toBe('outer(inner(default))')
    expect(order).toEqual(['outer in', 'inner in', 'inner out', 'outer out'])
  })

  it('short-circuits when a listener does not call next', async () => {
    let innerRan = false
    let innermostRan = false
    const result = await run(
      [
        entry(() => 'stop'),
        entry(() => {
          innerRan = true
          return 'inner'
        }),
      ],
      () => {
        innermostRan = true
        return 'default'
      },
    )
    expect(result).toBe('stop')
    expect(innerRan).toBe(false)
    expect(innermostRan).toBe(false)
  })

  it('runs the rest of the chain again when next is called again', async () => {
    let attempts = 0
    const result = await run(
      [entry(async (next) => `${await next()}+${await next()}`)],
      () => `attempt ${++attempts}`,
    )
    expect(result).toBe('attempt 1+attempt 2')
  })

  it('passes over listeners limited to another scope', async () => {
    const mine = agent('mine')
    const result = await run(
      [
        entry(async (next) => `other(${await next()})`, agent('other')),
        entry(async (next) => `mine(${await next()})`, mine),
      ],
      () => 'default',
      mine,
    )
    expect(result).toBe('mine(default)')
  })

  it('turns a synchronous throw into a rejection of next()', async () => {
    const boom = new Error('boom')
    const seen: unknown[] = []
    const result = await run([
      entry(async (next) => {
        try {
          return await next()
        } catch (error) {
          seen.push(error)
          return 'recovered'
        }
      }),
      entry(() => {
        throw boom
      }),
    ])
    expect(result).toBe('recovered')
    expect(seen).toEqual([boom])
  })

  it('checks every listener value before the listener outside it sees it', async () => {
    const check = (value: unknown) => {
      if (typeof value !== 'string') throw new TypeError('not a string')
      return value
    }
    const outcome = runWaterfall(
      [entry(async (next) => next()), entry((() => 42) as unknown as Step)],
      undefined,
      (listener, next) => listener(next),
      check,
      () => 'default',
    )
    await expect(outcome).rejects.toThrow('not a string')
  })

  it('does not check again a value a listener passes on from next() unchanged', async () => {
    const checked: unknown[] = []
    const value = { fresh: true }
    type Passing = (next: () => Promise<typeof value>) => Promise<typeof value>
    const passOn: ListenerEntry<Passing> = { listener: (next) => next(), scope: undefined }
    const outcome = await runWaterfall(
      [passOn, passOn],
      undefined,
      (listener, next) => listener(next),
      (candidate) => (checked.push(candidate), value),
      () => value,
    )
    expect(outcome).toBe(value)
    expect(checked).toEqual([])
  })

  it('a step that passes on next()’s promise of a value known at once has that value at once', () => {
    const value = { decided: true }
    type Passing = (call: string, next: () => Promise<typeof value>) => Promise<typeof value>
    const passOn: ListenerEntry<Passing> = { listener: (_call, next) => next(), scope: undefined }
    const told: [Promise<typeof value>, typeof value][] = []
    const started = startWaterfall(
      [passOn, passOn],
      undefined,
      callWithExecution,
      () => {
        throw new Error('no value here needs a check')
      },
      () => value,
      'the call',
      (promise, known) => told.push([promise, known]),
    )
    // No promise to wait for, outermost included: each step passed on what the one inside had.
    expect(started.returned).toBe(value)
    expect(started.read(started.returned)).toBe(value)
    // Each next() said which promise it gave for a value it had at once.
    expect(told.map(([promise, known]) => [promise instanceof Promise, known])).toEqual([
      [true, value],
      [true, value],
    ])
  })

  it('a step that returns a promise of its own stays a promise, even of the same value', async () => {
    const value = { decided: true }
    type Wrapping = (next: () => Promise<typeof value>) => Promise<typeof value>
    const wrap: ListenerEntry<Wrapping> = {
      listener: (next) => next().then((inner) => inner),
      scope: undefined,
    }
    const started = startWaterfall(
      [wrap],
      undefined,
      (listener, next) => listener(next),
      (candidate) => candidate as typeof value,
      () => value,
      undefined,
    )
    expect(started.returned).toBeInstanceOf(Promise)
    expect(started.read(await started.returned)).toBe(value)
  })

  it('a listener that drops a rejecting next() leaves no unhandled rejection behind', async () => {
    const unhandled: unknown[] = []
    const onUnhandled = (reason: unknown) => void unhandled.push(reason)
    process.on('unhandledRejection', onUnhandled)
    try {
      const dropped = await run([
        entry((next) => {
          void next() // never awaited; the rest of the chain rejects
          return 'answered without waiting'
        }),
        entry(() => {
          throw new Error('inner failure nobody awaits')
        }),
      ])
      expect(dropped).toBe('answered without waiting')
      for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setImmediate(resolve))
      expect(unhandled).toEqual([])
    } finally {
      process.off('unhandledRejection', onUnhandled)
    }
  })
})
