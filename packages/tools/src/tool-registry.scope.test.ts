import { isHarnessError } from '@toolpipe/core'
import { describe, expect, it, vi } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { agent, recordingLogger, text, tool } from './__fixtures__/tools.js'
import { createToolRegistry } from './tool-registry.js'
import { ToolRegistryError } from './tool-registry-error.js'
import { registryError } from './__fixtures__/registry-error.js'
import { revokedProxy } from '@toolpipe/hostile-values'

describe('scope', () => {
  it('binds register, restrict, guard, on, get, list, schemas and execute to the agent', async () => {
    const registry = createToolRegistry()
    registry.register(tool('read'))
    registry.register(tool('write'))
    const alice = agent('alice')
    const scope = registry.scope(alice)
    scope.register(tool('notes'))
    scope.restrict({ allow: ['read'] })
    expect(scope.list().map((d) => d.name)).toEqual(['read', 'notes'])
    expect(scope.schemas().map((s) => s.name)).toEqual(['read', 'notes'])
    expect(scope.get('write')).toBeUndefined()
    expect(registry.get('notes', alice)).toBe(scope.get('notes'))

    const seen: unknown[] = []
    scope.on('tools/result', (exec) => void seen.push(exec.agent))
    scope.guard((exec) => (exec.name === 'notes' ? 'notes are read-only today' : undefined))
    const denied = await scope.execute(callInput('notes'))
    expect(denied.content).toEqual([text('Error: notes are read-only today')])
    const other = await registry.execute(callInput('read', {}, { agent: agent('bob') }))
    expect(other.isError).toBe(false)
    expect(seen).toEqual([alice])
  })

  it('dispose() removes every registration made through it, emits tools/change once, and leaves nothing', async () => {
    const registry = createToolRegistry()
    registry.register(tool('read'))
    registry.register(tool('write'))
    const alice = agent('alice')
    const scope = registry.scope(alice)
    scope.register(tool('notes'))
    scope.register(tool('read'))
    scope.restrict({ deny: ['write'] })
    const guard = vi.fn(() => 'denied')
    scope.guard(guard)
    const observer = vi.fn()
    scope.on('tools/result', observer)
    const change = vi.fn()
    registry.on('tools/change', change)

    scope.dispose()
    expect(change).toHaveBeenCalledTimes(1)
    scope.dispose()
    expect(change).toHaveBeenCalledTimes(1)

    expect(registry.list(alice)).toEqual(registry.list())
    expect(registry.get('notes', alice)).toBeUndefined()
    const result = await registry.execute(callInput('write', {}, { agent: alice }))
    expect(result.isError).toBe(false)
    expect(guard).not.toHaveBeenCalled()
    expect(observer).not.toHaveBeenCalled()
  })

  it('a disposer handed out by the scope works on its own, and dispose() skips what it removed', () => {
    const registry = createToolRegistry()
    const alice = agent('alice')
    const scope = registry.scope(alice)
    const change = vi.fn()
    registry.on('tools/change', change)
    const remove = scope.register(tool('notes'))
    remove()
    expect(scope.get('notes')).toBeUndefined()
    expect(change).toHaveBeenCalledTimes(2)
    scope.dispose()
    expect(change).toHaveBeenCalledTimes(3)
  })

  it('refuses registrations after dispose, but still answers lookups', () => {
    const registry = createToolRegistry()
    registry.register(tool('read'))
    const scope = registry.scope(agent('alice'))
    scope.dispose()
    const error = registryError(() => scope.register(tool('late')))
    expect(error.code).toBe('SCOPE_DISPOSED')
    expect(isHarnessError(error)).toBe(true)
    expect(() => scope.guard(() => undefined)).toThrow(ToolRegistryError)
    expect(scope.get('read')).toBeDefined()
  })

  it('refuses every registration after dispose with SCOPE_DISPOSED, saying what to do', () => {
    const registry = createToolRegistry()
    registry.register(tool('read'))
    const scope = registry.scope(agent('alice'))
    scope.dispose()
    const message =
      'the scope of agent "alice" was disposed; create a new one with registry.scope(agent)'
    for (const attempt of [
      () => scope.register(tool('late')),
      () => scope.restrict({ deny: ['read'] }),
      () => scope.guard(() => undefined),
      () => scope.on('tools/result', () => undefined),
    ]) {
      expect(registryError(attempt)).toMatchObject({ code: 'SCOPE_DISPOSED', message })
    }
    expect(registry.list(agent('alice')).map((definition) => definition.name)).toEqual(['read'])
  })

  it('announces tools and restrictions, not guards or listeners, both when added and removed', () => {
    const registry = createToolRegistry()
    registry.register(tool('read'))
    const scope = registry.scope(agent('alice'))
    const change = vi.fn()
    registry.on('tools/change', change)
    const disposers = [scope.guard(() => undefined), scope.on('tools/result', () => undefined)]
    for (const dispose of disposers) dispose()
    expect(change).not.toHaveBeenCalled()
    scope.restrict({ deny: ['read'] })()
    scope.register(tool('notes'))()
    expect(change).toHaveBeenCalledTimes(4)
  })

  it('prepends a scoped listener when asked', async () => {
    const registry = createToolRegistry()
    registry.register(tool('read'))
    const alice = agent('alice')
    const scope = registry.scope(alice)
    const order: string[] = []
    scope.on('tools/result', () => void order.push('first'))
    scope.on('tools/result', () => void order.push('prepended'), { prepend: true })
    scope.on('tools/result', () => void order.push('last'), { prepend: false })
    await scope.execute(callInput('read'))
    expect(order).toEqual(['prepended', 'first', 'last'])
  })

  it('a scoped registration a tools/change listener refuses is gone, and nothing brings it back', () => {
    const logger = recordingLogger()
    const registry = createToolRegistry({ logger })
    const alice = agent('alice')
    const scope = registry.scope(alice)
    const refusal = new Error('no new tools')
    const change = vi.fn(() => {
      throw refusal
    })
    registry.on('tools/change', change)
    expect(() => scope.register(tool('notes'))).toThrow(refusal)
    expect(scope.get('notes')).toBeUndefined()
    // Told again about the rollback, and that throw is only logged.
    expect(change).toHaveBeenCalledTimes(2)
    expect(logger.warnings).toEqual([['toolpipe: a tools/change listener failed', refusal]])
    // Not tracked either: a dispose() that a failed batch takes back does not bring it back.
    expect(() =>
      registry.batch(() => {
        scope.dispose()
        throw new Error('abandon the batch')
      }),
    ).toThrow('abandon the batch')
    expect(scope.get('notes')).toBeUndefined()
  })

  it('a disposer handed out by a disposed scope does nothing, and announces nothing', () => {
    const registry = createToolRegistry()
    const scope = registry.scope(agent('alice'))
    const removeNotes = scope.register(tool('notes'))
    const change = vi.fn()
    registry.on('tools/change', change)
    scope.dispose()
    expect(change).toHaveBeenCalledTimes(1)
    removeNotes()
    expect(change).toHaveBeenCalledTimes(1)
  })

  it('a scoped tool removed in a failed batch is back, with a working disposer', () => {
    const registry = createToolRegistry()
    const alice = agent('alice')
    const scope = registry.scope(alice)
    const removeNotes = scope.register(tool('notes'))
    const failure = new Error('abandon the batch')
    expect(() =>
      registry.batch(() => {
        removeNotes()
        throw failure
      }),
    ).toThrow(failure)
    expect(scope.get('notes')?.name).toBe('notes')
    removeNotes()
    expect(scope.get('notes')).toBeUndefined()
  })

  it('execute never throws synchronously: garbage input resolves to an error result', async () => {
    const registry = createToolRegistry()
    registry.register(tool('read'))
    const alice = agent('alice')
    const scope = registry.scope(alice)
    const observed: unknown[] = []
    scope.on('tools/result', (exec) => void observed.push(exec.agent))
    const revoked = revokedProxy()
    const throwing = new Proxy(
      {},
      {
        get() {
          throw new Error('no reading me')
        },
      },
    )
    for (const input of [null, undefined, 42, 'read', revoked, throwing, {}]) {
      let pending: Promise<unknown> | undefined
      expect(() => {
        pending = scope.execute(input as never)
      }).not.toThrow()
      await expect(pending).resolves.toMatchObject({
        isError: true,
        error: { name: 'ToolPipelineError', code: 'INVALID_INPUT' },
      })
    }
    expect(await scope.execute(null as never)).toEqual({
      content: [
        text(
          "Error: the execution input could not be read: Cannot read properties of null (reading 'callId')",
        ),
      ],
      isError: true,
      error: { name: 'ToolPipelineError', code: 'INVALID_INPUT' },
    })
    // The scope's observers hear about every one of its calls, even malformed ones.
    expect(observed).toEqual(Array.from({ length: 8 }, () => alice))
  })

  it('execute reads each input field once, and never the input’s agent', async () => {
    const registry = createToolRegistry()
    registry.register(tool('read'))
    const alice = agent('alice')
    const reads: string[] = []
    const input = new Proxy(callInput('read', {}, { agent: agent('mallory') }), {
      get(target, key, receiver) {
        reads.push(String(key))
        return Reflect.get(target, key, receiver) as unknown
      },
    })
    let seen: unknown
    registry.on('tools/result', (exec) => void (seen = exec.agent))
    expect((await registry.scope(alice).execute(input)).isError).toBe(false)
    expect(reads).toEqual(['callId', 'name', 'arguments', 'parent', 'signal'])
    expect(seen).toBe(alice)
  })

  it('refuses a scope that is not an agent object', () => {
    const registry = createToolRegistry()
    expect(registryError(() => registry.scope(null as never)).code).toBe('INVALID_SCOPE')
    expect(
      registryError(() => registry.register(tool('x'), { scope: 'alice' as never })).code,
    ).toBe('INVALID_SCOPE')
  })
})
