import { describe, expect, it, vi } from 'vitest'
import { agent, recordingLogger, tool } from './__fixtures__/tools.js'
import { createToolRegistry } from './tool-registry.js'
import type { ToolParameters } from './tool-definition.js'
import { registryError } from './__fixtures__/registry-error.js'

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
