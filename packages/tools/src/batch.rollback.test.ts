import { describe, expect, it, vi } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { agent, names, recordingLogger, thrown, tool } from './__fixtures__/tools.js'
import { createToolRegistry } from './tool-registry.js'
import { ToolRegistryError } from './tool-registry-error.js'

describe('registry.batch undoes a failed batch (SPEC §13)', () => {
  it('undoes every change when fn throws: removed tools are back in their place with working disposers, added ones are gone, nothing is announced', () => {
    const registry = createToolRegistry()
    const disposeFirst = registry.register(tool('first'))
    registry.register(tool('second'))
    const disposeThird = registry.register(tool('third'))
    const onChange = vi.fn()
    registry.on('tools/change', onChange)
    const failure = new Error('fetching failed halfway')
    let disposeAdded: (() => void) | undefined

    expect(
      thrown(() =>
        registry.batch(() => {
          disposeFirst()
          disposeThird()
          disposeAdded = registry.register(tool('added'))
          registry.register(tool('first'))
          throw failure
        }),
      ),
    ).toBe(failure)

    expect(onChange).not.toHaveBeenCalled()
    expect(names(registry.list())).toEqual(['first', 'second', 'third'])
    // The restored registration's disposer works again; the undone one's does nothing.
    disposeAdded?.()
    expect(onChange).not.toHaveBeenCalled()
    disposeFirst()
    expect(names(registry.list())).toEqual(['second', 'third'])
    expect(onChange).toHaveBeenCalledTimes(1)
  })

  it('undoes every change when a tools/change listener throws at the end, tells the listeners again, and passes the error on', () => {
    const registry = createToolRegistry()
    const disposeRead = registry.register(tool('read'))
    const failure = new Error('listener failed')
    const seen: string[][] = []
    let fail = true
    registry.on('tools/change', () => {
      seen.push(names(registry.list()))
      if (fail) {
        fail = false
        throw failure
      }
    })

    expect(
      thrown(() => {
        registry.batch(() => {
          disposeRead()
          registry.register(tool('grep'))
        })
      }),
    ).toBe(failure)

    expect(seen).toEqual([['grep'], ['read']])
    expect(names(registry.list())).toEqual(['read'])
  })

  it('undoes a restriction added or lifted in a failed batch', () => {
    const registry = createToolRegistry()
    const alice = agent('alice')
    registry.register(tool('read'))
    registry.register(tool('shell'))
    const lift = registry.restrict(alice, { deny: ['shell'] })
    expect(() =>
      registry.batch(() => {
        lift()
        registry.restrict(alice, { deny: ['read'] })
        throw new Error('no')
      }),
    ).toThrow('no')
    expect(names(registry.list(alice))).toEqual(['read'])
    lift()
    expect(names(registry.list(alice))).toEqual(['read', 'shell'])
  })

  it('undoes guards and listeners too: an added guard is gone, a removed listener is back in its place', async () => {
    const registry = createToolRegistry()
    registry.register(tool('read'))
    const order: string[] = []
    registry.on('tools/result', () => void order.push('first'))
    const disposeSecond = registry.on('tools/result', () => void order.push('second'))
    registry.on('tools/result', () => void order.push('third'))
    registry.on('tools/result', () => void order.push('outermost'), { prepend: true })

    expect(() =>
      registry.batch(() => {
        registry.guard(() => 'denied by a guard of a failed batch')
        disposeSecond()
        throw new Error('no')
      }),
    ).toThrow('no')

    const result = await registry.execute(callInput('read'))
    expect(result.isError).toBe(false)
    expect(order).toEqual(['outermost', 'first', 'second', 'third'])
  })
})

describe('registry.batch refusals (SPEC §13)', () => {
  it('refuses a fn that is not a function, and undoes the changes of a fn that returns a promise', () => {
    const registry = createToolRegistry()
    const notFunction = thrown(() => {
      registry.batch('fn' as unknown as () => void)
    })
    expect(notFunction).toBeInstanceOf(ToolRegistryError)
    expect(notFunction).toMatchObject({
      code: 'INVALID_BATCH',
      message: 'batch(fn) needs a function, got "fn"',
    })

    const onChange = vi.fn()
    registry.on('tools/change', onChange)
    const asynchronous = thrown(() =>
      registry.batch(async () => {
        registry.register(tool('late'))
        await Promise.resolve()
      }),
    )
    expect(asynchronous).toMatchObject({
      name: 'ToolRegistryError',
      code: 'INVALID_BATCH',
      message:
        'batch(fn) runs fn synchronously, and fn returned a promise: fetch first, then apply the changes in one synchronous fn',
    })
    expect(registry.list()).toEqual([])
    expect(onChange).not.toHaveBeenCalled()
  })

  it('counts any thenable as a promise, a function with then included; null is a result like any', () => {
    const registry = createToolRegistry()
    const thenableFunction = Object.assign(() => undefined, { then: () => undefined })
    expect(thrown(() => registry.batch(() => thenableFunction))).toMatchObject({
      code: 'INVALID_BATCH',
    })
    expect(thrown(() => registry.batch(() => ({ then: () => undefined })))).toMatchObject({
      code: 'INVALID_BATCH',
    })
    expect(registry.batch(() => null)).toBeNull()
    expect(registry.batch(() => ({ then: 'not a function' }))).toEqual({ then: 'not a function' })
  })

  it.each([
    [
      'changed nothing',
      (registry: ReturnType<typeof createToolRegistry>) => registry.batch(() => 1),
    ],
    [
      'only removed',
      (registry: ReturnType<typeof createToolRegistry>) => {
        const dispose = registry.register(tool('gone'))
        registry.batch(dispose)
      },
    ],
    [
      'added, and was announced',
      (registry: ReturnType<typeof createToolRegistry>) =>
        registry.batch(() => registry.register(tool('kept'))),
    ],
  ])(
    'after a batch that %s, the next batch a listener vetoes is undone, and its error reaches the caller',
    (_label, before) => {
      const logger = recordingLogger()
      const registry = createToolRegistry({ logger })
      before(registry)
      const listed = names(registry.list())
      const veto = new Error('veto')
      registry.on('tools/change', () => {
        throw veto
      })
      expect(thrown(() => registry.batch(() => registry.register(tool('vetoed'))))).toBe(veto)
      expect(names(registry.list())).toEqual(listed)
    },
  )
})

describe('registry.batch rollback order (SPEC §13)', () => {
  it('undoes the changes newest first: a tool registered and removed in a failed batch stays away', () => {
    const registry = createToolRegistry()
    expect(() =>
      registry.batch(() => {
        const dispose = registry.register(tool('draft'))
        dispose()
        throw new Error('abandon the batch')
      }),
    ).toThrow('abandon the batch')
    expect(registry.list()).toEqual([])
  })
})
