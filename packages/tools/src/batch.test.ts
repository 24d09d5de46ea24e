import { describe, expect, it, vi } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { agent, names, recordingLogger, tool } from './__fixtures__/tools.js'
import { createToolRegistry } from './tool-registry.js'

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
