import { describe, expect, it, vi } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { agent, recordingLogger, tool } from './__fixtures__/tools.js'
import { createToolRegistry } from './tool-registry.js'
import { registryError } from './__fixtures__/registry-error.js'

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
