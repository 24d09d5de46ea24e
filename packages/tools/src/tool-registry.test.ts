import { isHarnessError } from '@toolpipe/core'
import { describe, expect, it, vi } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { agent, recordingLogger, text, tool } from './__fixtures__/tools.js'
import { createToolRegistry } from './tool-registry.js'
import type { ToolParameters } from './tool-definition.js'
import { ToolRegistryError } from './tool-registry-error.js'

function registryError(run: () => unknown): ToolRegistryError {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(ToolRegistryError)
    return error as ToolRegistryError
  }
  throw new Error('expected a ToolRegistryError')
}

describe('register', () => {
  it('adds a tool to the global layer, visible to every scope', () => {
    const registry = createToolRegistry()
    const read = tool('read')
    registry.register(read)
    expect(registry.get('read')).toBe(read)
    expect(registry.get('read', agent('a'))).toBe(read)
    expect(registry.list()).toEqual([read])
  })

  it('borrows the definition: the same object, not a clone, and not frozen', () => {
    const registry = createToolRegistry()
    const read = tool('read')
    registry.register(read)
    expect(registry.get('read')).toBe(read)
    expect(Object.isFrozen(read)).toBe(false)
  })

  it('adds a scoped tool only to that agent’s layer', () => {
    const registry = createToolRegistry()
    const alice = agent('alice')
    const notes = tool('notes')
    registry.register(notes, { scope: alice })
    expect(registry.get('notes', alice)).toBe(notes)
    expect(registry.get('notes', agent('bob'))).toBeUndefined()
    expect(registry.get('notes')).toBeUndefined()
  })

  it('throws on a duplicate name in the same layer, and the first stays', () => {
    const registry = createToolRegistry()
    const first = tool('read')
    registry.register(first)
    const error = registryError(() => registry.register(tool('read')))
    expect(error.code).toBe('DUPLICATE_TOOL')
    expect(error.message).toBe('tool "read" is already registered in the global layer')
    expect(registry.get('read')).toBe(first)
    const alice = agent('alice')
    registry.register(tool('mine'), { scope: alice })
    expect(registryError(() => registry.register(tool('mine'), { scope: alice })).message).toBe(
      'tool "mine" is already registered in the scope of agent "alice"',
    )
  })

  it('lets a scoped tool shadow a global tool of the same name in that scope only', () => {
    const registry = createToolRegistry()
    const alice = agent('alice')
    const global = tool('read')
    const local = tool('read')
    registry.register(global)
    registry.register(local, { scope: alice })
    expect(registry.get('read', alice)).toBe(local)
    expect(registry.get('read', agent('bob'))).toBe(global)
    expect(registry.list(alice)).toEqual([local])
  })

  it.each([
    ['zero', 0],
    ['negative', -5],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['a string', '100'],
  ])('refuses a timeoutMs that is %s', (_label, timeoutMs) => {
    const registry = createToolRegistry()
    const definition = { ...tool('slow'), timeoutMs } as never
    const error = registryError(() => registry.register(definition))
    expect(error.code).toBe('INVALID_TOOL')
    expect(error.message).toContain('timeoutMs must be a positive, finite number of milliseconds')
    expect(registry.get('slow')).toBeUndefined()
  })

  it.each([
    ['an empty name', tool('x', undefined, { name: '' })],
    ['a name with a space', tool('x', undefined, { name: 'read file' })],
    ['a 65-character name', tool('x', undefined, { name: 'a'.repeat(65) })],
    ['a missing description', { ...tool('x'), description: undefined }],
    ['a missing execute', { ...tool('x'), execute: undefined }],
    ['non-JSON parameters', { ...tool('x'), parameters: { type: 'object', bad: Number.NaN } }],
    ['parameters that are not an object schema', { ...tool('x'), parameters: { type: 'string' } }],
    ['a presenter that is not a function', { ...tool('x'), presentCall: 'card' }],
  ])('refuses %s with INVALID_TOOL', (_label, definition) => {
    const registry = createToolRegistry()
    expect(registryError(() => registry.register(definition as never)).code).toBe('INVALID_TOOL')
    expect(registry.list()).toEqual([])
  })

  it('returns a disposer that removes the tool, and does nothing the second time', () => {
    const registry = createToolRegistry()
    const change = vi.fn()
    registry.on('tools/change', change)
    const first = registry.register(tool('read'))
    first()
    expect(registry.get('read')).toBeUndefined()
    const second = registry.register(tool('read'))
    first()
    expect(registry.get('read')).toBeDefined()
    second()
    expect(change).toHaveBeenCalledTimes(4)
  })

  it('emits tools/change on register and on its disposer', () => {
    const registry = createToolRegistry()
    const seen: string[] = []
    registry.on('tools/change', () =>
      seen.push(
        registry
          .list()
          .map((d) => d.name)
          .join(','),
      ),
    )
    const dispose = registry.register(tool('read'))
    dispose()
    expect(seen).toEqual(['read', ''])
  })

  it('rolls the registration back when a tools/change listener throws, and the error reaches the caller', () => {
    const logger = recordingLogger()
    const registry = createToolRegistry({ logger })
    const boom = new Error('listener failed')
    const seen: string[][] = []
    registry.on('tools/change', () => seen.push(registry.list().map((d) => d.name)))
    const off = registry.on('tools/change', () => {
      throw boom
    })
    expect(() => registry.register(tool('read'))).toThrow(boom)
    expect(registry.get('read')).toBeUndefined()
    // The first listener saw the change, then was told again after the rollback.
    expect(seen).toEqual([['read'], []])
    off()
    expect(() => registry.register(tool('read'))).not.toThrow()
  })
})

describe('restrict', () => {
  function setup() {
    const registry = createToolRegistry()
    for (const name of ['read', 'write', 'shell']) registry.register(tool(name))
    return { registry, alice: agent('alice') }
  }
  const names = (
    registry: ReturnType<typeof createToolRegistry>,
    scope?: ReturnType<typeof agent>,
  ) => registry.list(scope).map((definition) => definition.name)

  it('allow: the scope sees only the listed globals', () => {
    const { registry, alice } = setup()
    registry.restrict(alice, { allow: ['read'] })
    expect(names(registry, alice)).toEqual(['read'])
    expect(registry.get('write', alice)).toBeUndefined()
    expect(names(registry)).toEqual(['read', 'write', 'shell'])
  })

  it('deny: the scope sees every global but the listed ones', () => {
    const { registry, alice } = setup()
    registry.restrict(alice, { deny: ['shell'] })
    expect(names(registry, alice)).toEqual(['read', 'write'])
  })

  it('several restrictions intersect', () => {
    const { registry, alice } = setup()
    registry.restrict(alice, { allow: ['read', 'write'] })
    registry.restrict(alice, { allow: ['write', 'shell'] })
    expect(names(registry, alice)).toEqual(['write'])
    registry.restrict(alice, { deny: ['write'] })
    expect(names(registry, alice)).toEqual([])
  })

  it('is evaluated against the live global layer: deny-only admits later globals, allow excludes them', () => {
    const { registry, alice } = setup()
    const bob = agent('bob')
    registry.restrict(alice, { deny: ['shell'] })
    registry.restrict(bob, { allow: ['read'] })
    registry.register(tool('search'))
    expect(names(registry, alice)).toEqual(['read', 'write', 'search'])
    expect(names(registry, bob)).toEqual(['read'])
  })

  it('a global that goes away disappears from the scope, even if allowed', () => {
    const { registry, alice } = setup()
    const disposeGrep = registry.register(tool('grep'))
    registry.restrict(alice, { allow: ['grep', 'read'] })
    disposeGrep()
    expect(names(registry, alice)).toEqual(['read'])
  })

  it('never restricts scope-local tools, which replace same-named globals', () => {
    const { registry, alice } = setup()
    const localShell = tool('shell')
    registry.register(localShell, { scope: alice })
    registry.register(tool('notes'), { scope: alice })
    registry.restrict(alice, { allow: ['read'] })
    registry.restrict(alice, { deny: ['shell'] })
    expect(names(registry, alice)).toEqual(['read', 'shell', 'notes'])
    expect(registry.get('shell', alice)).toBe(localShell)
  })

  it('copies the lists at call time', () => {
    const { registry, alice } = setup()
    const allow = ['read']
    registry.restrict(alice, { allow })
    allow.push('write')
    expect(names(registry, alice)).toEqual(['read'])
  })

  it('refuses {}', () => {
    const { registry, alice } = setup()
    const error = registryError(() => registry.restrict(alice, {}))
    expect(error.code).toBe('INVALID_RESTRICTION')
    expect(error.message).toBe(
      'a restriction needs an allow list, a deny list, or both; {} restricts nothing',
    )
  })

  it('refuses names that are not registered global tools, listing unknown and known names', () => {
    const { registry, alice } = setup()
    registry.register(tool('mine'), { scope: alice })
    const error = registryError(() => registry.restrict(alice, { allow: ['read', 'mine', 'nope'] }))
    expect(error.code).toBe('INVALID_RESTRICTION')
    expect(error.message).toBe(
      'a restriction can only name registered global tools; unknown: "mine", "nope"; registered: "read", "write", "shell"',
    )
    expect(names(registry, alice)).toEqual(['read', 'write', 'shell', 'mine'])
  })

  it('only restricts scopes', () => {
    const { registry } = setup()
    expect(
      registryError(() => registry.restrict(undefined as never, { deny: ['read'] })).code,
    ).toBe('INVALID_SCOPE')
  })

  it('refuses lists that are not arrays of names, naming the list', () => {
    const { registry, alice } = setup()
    expect(registryError(() => registry.restrict(alice, { allow: 'read' as never }))).toMatchObject(
      { code: 'INVALID_RESTRICTION', message: 'restriction.allow must be an array of tool names' },
    )
    expect(
      registryError(() => registry.restrict(alice, { deny: ['read', 1] as never })),
    ).toMatchObject({
      code: 'INVALID_RESTRICTION',
      message: 'restriction.deny must be an array of tool names',
    })
    expect(
      registryError(() => registry.restrict(alice, { allow: [2, 'read'] as never })).message,
    ).toBe('restriction.allow must be an array of tool names')
    expect(names(registry, alice)).toEqual(['read', 'write', 'shell'])
  })

  it('refuses a restriction that is not an object', () => {
    const { registry, alice } = setup()
    for (const restriction of [null, 'read', 1]) {
      expect(registryError(() => registry.restrict(alice, restriction as never))).toMatchObject({
        code: 'INVALID_RESTRICTION',
        message: 'a restriction must be { allow?, deny? }',
      })
    }
  })

  it('says "(none)" when no global tool is registered', () => {
    const registry = createToolRegistry()
    expect(registryError(() => registry.restrict(agent('alice'), { deny: ['read'] })).message).toBe(
      'a restriction can only name registered global tools; unknown: "read"; registered: (none)',
    )
  })

  it('lists an allow-listed scope’s tools in registration order, not the list’s', () => {
    const { registry, alice } = setup()
    registry.restrict(alice, { allow: ['shell', 'read', 'write'] })
    expect(names(registry, alice)).toEqual(['read', 'write', 'shell'])
    registry.restrict(alice, { allow: ['shell', 'read'] })
    expect(names(registry, alice)).toEqual(['read', 'shell'])
  })

  it('lifting one restriction keeps the others, and the scope’s own tools', () => {
    const { registry, alice } = setup()
    registry.register(tool('notes'), { scope: alice })
    const liftDeny = registry.restrict(alice, { deny: ['shell'] })
    registry.restrict(alice, { deny: ['write'] })
    liftDeny()
    expect(names(registry, alice)).toEqual(['read', 'shell', 'notes'])
    expect(registry.get('write', alice)).toBeUndefined()
  })

  it('answers a name that no layer has with undefined, restricted scope or not', () => {
    const { registry, alice } = setup()
    registry.restrict(alice, { deny: ['shell'] })
    expect(registry.get('nope', alice)).toBeUndefined()
    expect(registry.get('nope')).toBeUndefined()
    expect(registry.get('shell', alice)).toBeUndefined()
    expect(registry.get('read', alice)?.name).toBe('read')
  })

  it('emits tools/change, and its disposer lifts the restriction and emits again', () => {
    const { registry, alice } = setup()
    const change = vi.fn()
    registry.on('tools/change', change)
    const lift = registry.restrict(alice, { allow: ['read'] })
    expect(change).toHaveBeenCalledTimes(1)
    lift()
    lift()
    expect(change).toHaveBeenCalledTimes(2)
    expect(names(registry, alice)).toEqual(['read', 'write', 'shell'])
  })

  it('rolls back when a tools/change listener throws', () => {
    const logger = recordingLogger()
    const registry = createToolRegistry({ logger })
    registry.register(tool('read'))
    registry.register(tool('write'))
    const alice = agent('alice')
    const refusal = new Error('no')
    registry.on('tools/change', () => {
      throw refusal
    })
    expect(() => registry.restrict(alice, { allow: ['read'] })).toThrow(refusal)
    expect(names(registry, alice)).toEqual(['read', 'write'])
    // The listeners are told about the rollback too; that throw is only logged.
    expect(logger.warnings).toEqual([['toolpipe: a tools/change listener failed', refusal]])
  })
})

describe('guard and on', () => {
  it('registering the same guard twice gives two entries, removed one at a time', async () => {
    const registry = createToolRegistry()
    registry.register(tool('read'))
    const guard = vi.fn(() => undefined)
    const first = registry.guard(guard)
    registry.guard(guard)
    await registry.execute(callInput('read'))
    expect(guard).toHaveBeenCalledTimes(2)
    first()
    first()
    await registry.execute(callInput('read'))
    expect(guard).toHaveBeenCalledTimes(3)
  })

  it('runs listeners in registration order, first registered outermost; prepend puts one first', async () => {
    const registry = createToolRegistry()
    registry.register(tool('read'))
    const order: string[] = []
    const wrap = (label: string) => async (_exec: unknown, next: () => Promise<unknown>) => {
      order.push(label)
      return next()
    }
    registry.on('tools/pre-execute', wrap('first') as never)
    registry.on('tools/pre-execute', wrap('second') as never)
    registry.on('tools/pre-execute', wrap('prepended') as never, { prepend: true })
    await registry.execute(callInput('read'))
    expect(order).toEqual(['prepended', 'first', 'second'])
  })

  it('runs a scoped listener only for calls of its scope, an unscoped one for every call', async () => {
    const registry = createToolRegistry()
    registry.register(tool('read'))
    const alice = agent('alice')
    const scoped = vi.fn()
    const unscoped = vi.fn()
    registry.on('tools/result', scoped, { scope: alice })
    registry.on('tools/result', unscoped)
    await registry.execute(callInput('read', {}, { agent: alice }))
    await registry.execute(callInput('read', {}, { agent: agent('bob') }))
    await registry.execute(callInput('read'))
    expect(scoped).toHaveBeenCalledTimes(1)
    expect(unscoped).toHaveBeenCalledTimes(3)
  })

  it('refuses event names that are not names and listeners that are not functions', () => {
    const registry = createToolRegistry()
    const untypedOn = registry.on as (event: unknown, listener: unknown) => unknown
    expect(registryError(() => untypedOn('', () => undefined)).code).toBe('INVALID_LISTENER')
    expect(registryError(() => untypedOn(7, () => undefined)).code).toBe('INVALID_LISTENER')
    expect(registryError(() => untypedOn('tools/nope', 'x')).code).toBe('INVALID_LISTENER')
    expect(registryError(() => registry.on('tools/result', 'x' as never)).code).toBe(
      'INVALID_LISTENER',
    )
    expect(registryError(() => registry.guard(null as never)).code).toBe('INVALID_LISTENER')
  })

  it('tells a scoped tools/change listener about global changes and its own scope, not other scopes', () => {
    const registry = createToolRegistry()
    const alice = agent('alice')
    const change = vi.fn()
    registry.on('tools/change', change, { scope: alice })
    registry.register(tool('global'))
    registry.register(tool('mine'), { scope: alice })
    registry.register(tool('theirs'), { scope: agent('bob') })
    expect(change).toHaveBeenCalledTimes(2)
  })
})

describe('a throwing logger', () => {
  it('cannot make a disposer or a scope’s dispose() throw', () => {
    const registry = createToolRegistry({
      logger: {
        warn() {
          throw new Error('the logger is down')
        },
      },
    })
    const scope = registry.scope(agent('alice'))
    const unregister = registry.register(tool('read'))
    scope.register(tool('notes'))
    registry.on('tools/change', () => {
      throw new Error('listener broke')
    })
    expect(() => {
      unregister()
    }).not.toThrow()
    expect(() => {
      scope.dispose()
    }).not.toThrow()
    expect(registry.get('read')).toBeUndefined()
    expect(registry.get('notes', scope.agent)).toBeUndefined()
  })
})

describe('get, list, schemas', () => {
  it('schemas() gives only name, description and a fresh copy of parameters', () => {
    const registry = createToolRegistry()
    const parameters: ToolParameters = {
      type: 'object',
      properties: { path: { type: 'string' } },
      required: ['path'],
    }
    registry.register(
      tool('read', undefined, {
        parameters,
        timeoutMs: 1000,
        presentCall: () => undefined,
        presentResult: () => undefined,
      }),
    )
    const [schema] = registry.schemas()
    expect(Object.keys(schema!)).toEqual(['name', 'description', 'parameters'])
    expect(schema).toEqual({ name: 'read', description: 'the read tool', parameters })
    expect(schema!.parameters).not.toBe(parameters)
    expect(registry.schemas()[0]!.parameters).not.toBe(schema!.parameters)
    ;(schema!.parameters as { type: string }).type = 'changed'
    expect(parameters.type).toBe('object')
  })

  it('schemas(scope) follows the scope’s visible set', () => {
    const registry = createToolRegistry()
    const alice = agent('alice')
    registry.register(tool('read'))
    registry.register(tool('write'))
    registry.register(tool('notes'), { scope: alice })
    registry.restrict(alice, { deny: ['write'] })
    expect(registry.schemas(alice).map((schema) => schema.name)).toEqual(['read', 'notes'])
    expect(registry.schemas().map((schema) => schema.name)).toEqual(['read', 'write'])
  })

  it('list returns a fresh array each time', () => {
    const registry = createToolRegistry()
    registry.register(tool('read'))
    const list = registry.list()
    list.pop()
    expect(registry.list()).toHaveLength(1)
  })
})

describe('use', () => {
  it('installs a plugin with the registry and returns its disposer, which runs once', () => {
    const registry = createToolRegistry()
    const uninstall = vi.fn()
    const plugin = vi.fn(() => uninstall)
    const dispose = registry.use(plugin)
    expect(plugin).toHaveBeenCalledWith(registry)
    dispose()
    dispose()
    expect(uninstall).toHaveBeenCalledTimes(1)
  })

  it('refuses a plugin that returns no disposer', () => {
    const registry = createToolRegistry()
    expect(registryError(() => registry.use((() => undefined) as never)).code).toBe(
      'INVALID_PLUGIN',
    )
  })

  it('exposes its logger to plugins, console by default', () => {
    const logger = recordingLogger()
    expect(createToolRegistry({ logger }).logger).toBe(logger)
    expect(createToolRegistry().logger).toBe(console)
  })
})

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
    const { proxy: revoked, revoke } = Proxy.revocable({}, {})
    revoke()
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

describe('registry refusals and announcements, to the letter', () => {
  it('names what is wrong with a guard, a listener or a plugin', () => {
    const registry = createToolRegistry()
    expect(registryError(() => registry.guard('no' as never))).toMatchObject({
      code: 'INVALID_LISTENER',
      message: 'a guard must be a function',
    })
    expect(
      registryError(() => registry.on(Symbol('tools/nope') as never, (() => undefined) as never)),
    ).toMatchObject({
      code: 'INVALID_LISTENER',
      message:
        'an event name must be a non-empty string, got a symbol; the built-in events are tools/start, tools/pre-execute, tools/approval, tools/execute, tools/progress, tools/post-execute, tools/result, tools/decision, tools/change',
    })
    expect(registryError(() => registry.on('tools/result', 3 as never))).toMatchObject({
      code: 'INVALID_LISTENER',
      message: 'a tools/result listener must be a function',
    })
    expect(registryError(() => registry.use(() => undefined as never))).toMatchObject({
      code: 'INVALID_PLUGIN',
      message: 'a plugin must return a disposer function',
    })
  })

  it('refuses a scope without an agent', () => {
    const registry = createToolRegistry()
    expect(registryError(() => registry.scope(undefined as never))).toMatchObject({
      code: 'INVALID_SCOPE',
      message: 'a scope must be an agent object',
    })
  })

  it('tells a scope’s own tools/change listener when a tool of that scope is removed', () => {
    const registry = createToolRegistry()
    const alice = agent('alice')
    const dispose = registry.register(tool('notes'), { scope: alice })
    const change = vi.fn()
    registry.on('tools/change', change, { scope: alice })
    dispose()
    expect(change).toHaveBeenCalledTimes(1)
  })
})
