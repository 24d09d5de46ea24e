import { describe, expect, it, vi } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { agent, recordingLogger, thrown, tool } from './__fixtures__/tools.js'
import { createToolRegistry } from './tool-registry.js'
import { ToolRegistryError } from './tool-registry-error.js'

function names(list: readonly { name: string }[]): string[] {
  return list.map((definition) => definition.name)
}

describe('registry.batch (SPEC §13: several changes as one)', () => {
  it('announces registrations and disposals made in fn with one tools/change, and returns what fn returned', () => {
    const registry = createToolRegistry()
    const disposeRead = registry.register(tool('read'))
    const onChange = vi.fn()
    registry.on('tools/change', onChange)

    const result = registry.batch(() => {
      disposeRead()
      registry.register(tool('read'))
      registry.register(tool('grep'))
      registry.restrict(agent('a'), { deny: ['grep'] })
      expect(onChange).not.toHaveBeenCalled()
      return 'applied'
    })

    expect(result).toBe('applied')
    expect(onChange).toHaveBeenCalledTimes(1)
    expect(names(registry.list())).toEqual(['read', 'grep'])
  })

  it('announces nothing for a batch that changes nothing (guards and listeners are not changes)', () => {
    const registry = createToolRegistry()
    const onChange = vi.fn()
    registry.on('tools/change', onChange)
    registry.batch(() => {
      registry.guard(() => undefined)
      registry.on('tools/result', () => undefined)
    })
    registry.batch(() => undefined)
    expect(onChange).not.toHaveBeenCalled()
  })

  it('tells each listener concerned once: a global listener once for changes in two scopes, each scoped listener once', () => {
    const registry = createToolRegistry()
    const alice = agent('alice')
    const bob = agent('bob')
    const global = vi.fn()
    const ofAlice = vi.fn()
    const ofBob = vi.fn()
    const ofCarol = vi.fn()
    registry.on('tools/change', global)
    registry.on('tools/change', ofAlice, { scope: alice })
    registry.on('tools/change', ofBob, { scope: bob })
    registry.on('tools/change', ofCarol, { scope: agent('carol') })

    registry.batch(() => {
      registry.register(tool('one'), { scope: alice })
      registry.register(tool('two'), { scope: alice })
      registry.register(tool('three'), { scope: bob })
    })

    expect(global).toHaveBeenCalledTimes(1)
    expect(ofAlice).toHaveBeenCalledTimes(1)
    expect(ofBob).toHaveBeenCalledTimes(1)
    expect(ofCarol).not.toHaveBeenCalled()
  })

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

  it('announces a batch that only removes things as a disposer does: a throwing listener is logged and the removals stay', () => {
    const logger = recordingLogger()
    const registry = createToolRegistry({ logger })
    const disposeRead = registry.register(tool('read'))
    const disposeGrep = registry.register(tool('grep'))
    const failure = new Error('listener failed')
    const onChange = vi.fn(() => {
      throw failure
    })
    registry.on('tools/change', onChange)
    registry.batch(() => {
      disposeRead()
      disposeGrep()
    })
    expect(onChange).toHaveBeenCalledTimes(1)
    expect(registry.list()).toEqual([])
    expect(logger.warnings).toEqual([['toolpipe: a tools/change listener failed', failure]])
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

  it('is part of the outer batch when nested; a nested fn that throws undoes only its own changes', () => {
    const registry = createToolRegistry()
    const onChange = vi.fn()
    registry.on('tools/change', onChange)
    registry.batch(() => {
      registry.register(tool('outer'))
      expect(() =>
        registry.batch(() => {
          registry.register(tool('inner'))
          throw new Error('inner failed')
        }),
      ).toThrow('inner failed')
      registry.batch(() => registry.register(tool('kept')))
      expect(onChange).not.toHaveBeenCalled()
    })
    expect(onChange).toHaveBeenCalledTimes(1)
    expect(names(registry.list())).toEqual(['outer', 'kept'])
  })

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

  it('after a batch that added, a batch that only removes is again announced as a disposer is', () => {
    const logger = recordingLogger()
    const registry = createToolRegistry({ logger })
    const disposeRead = registry.batch(() => registry.register(tool('read')))
    const failure = new Error('listener failed')
    registry.on('tools/change', () => {
      throw failure
    })
    registry.batch(disposeRead)
    expect(registry.list()).toEqual([])
    expect(logger.warnings).toEqual([['toolpipe: a tools/change listener failed', failure]])
  })
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

describe('scope.batch', () => {
  it('announces a scope’s changes once to its listeners and the global ones', () => {
    const registry = createToolRegistry()
    const scope = registry.scope(agent('alice'))
    const global = vi.fn()
    const scoped = vi.fn()
    registry.on('tools/change', global)
    scope.on('tools/change', scoped)
    const disposeNotes = scope.register(tool('notes'))
    global.mockClear()
    scoped.mockClear()

    scope.batch(() => {
      disposeNotes()
      scope.register(tool('notes'))
      scope.register(tool('todo'))
    })

    expect(global).toHaveBeenCalledTimes(1)
    expect(scoped).toHaveBeenCalledTimes(1)
    expect(names(scope.list())).toEqual(['notes', 'todo'])
  })

  it('brings a scope disposed in a failed batch back with all it held: tools, guards, listeners, and a working dispose()', async () => {
    const registry = createToolRegistry({ logger: recordingLogger() })
    const alice = agent('alice')
    registry.register(tool('shell'))
    const scope = registry.scope(alice)
    scope.register(tool('notes'))
    scope.guard((exec) => (exec.name === 'shell' ? 'no shell for alice' : undefined))
    const onChange = vi.fn()
    registry.on('tools/change', onChange)

    expect(() =>
      registry.batch(() => {
        scope.dispose()
        throw new Error('no')
      }),
    ).toThrow('no')

    expect(onChange).not.toHaveBeenCalled()
    expect(names(scope.list())).toEqual(['shell', 'notes'])
    const denied = await scope.execute(callInput('shell'))
    expect(denied.error?.code).toBe('GUARD_DENIED')
    scope.register(tool('todo'))
    scope.dispose()
    expect(names(registry.list(alice))).toEqual(['shell'])
    expect((await scope.execute(callInput('shell'))).isError).toBe(false)
  })

  it('takes back what a scope registered in a failed batch: its tool is gone and its disposer does nothing', () => {
    const registry = createToolRegistry()
    const scope = registry.scope(agent('alice'))
    const onChange = vi.fn()
    let dispose: (() => void) | undefined
    expect(() =>
      scope.batch(() => {
        dispose = scope.register(tool('notes'))
        throw new Error('no')
      }),
    ).toThrow('no')
    registry.on('tools/change', onChange)
    expect(scope.list()).toEqual([])
    dispose?.()
    expect(onChange).not.toHaveBeenCalled()
  })
})
