import { describe, expect, it, vi } from 'vitest'
import { alice, names, tool } from './__fixtures__/tools.js'
import { registryError } from './__fixtures__/registry-error.js'
import { expectUnreadable, revoked, trapping, withGetter } from './__fixtures__/hostile-objects.js'
import type { Row } from './__fixtures__/hostile-objects.js'
import { defineTool } from './define-tool.js'
import type { DefineToolOptions } from './define-tool.js'
import type { ToolDefinition, ToolParameters } from './tool-definition.js'
import { createToolRegistry } from './tool-registry.js'

/**
 * SPEC §11: a hostile schema object, definition or options object (throwing getters, Proxy traps,
 * revoked Proxies) gives `ToolRegistryError` with the code of a bad definition or option, naming
 * what could not be read, with what was thrown as `cause`; nothing is half-registered.
 */

const objectSchema = (): ToolParameters => ({ type: 'object', properties: {} })

const definitions: readonly Row<ToolDefinition>[] = [
  {
    label: 'parameters with a throwing getter',
    what: 'tool "t": parameters',
    make: (error) =>
      tool('t', undefined, { parameters: withGetter(objectSchema(), 'properties', error) }),
  },
  {
    label: 'parameters with a throwing ownKeys trap',
    what: 'tool "t": parameters',
    make: (error) =>
      tool('t', undefined, { parameters: trapping(objectSchema(), 'ownKeys', error) }),
  },
  {
    label: 'parameters with a throwing get trap',
    what: 'tool "t": parameters',
    make: (error) => tool('t', undefined, { parameters: trapping(objectSchema(), 'get', error) }),
  },
  {
    label: 'parameters that are a revoked Proxy',
    what: 'tool "t": parameters',
    make: () => tool('t', undefined, { parameters: revoked(objectSchema()) }),
    revoked: true,
  },
  {
    label: 'annotations with a throwing getter',
    what: 'tool "t": annotations.readOnly',
    make: (error) => tool('t', undefined, { annotations: withGetter({}, 'readOnly', error) }),
  },
  {
    label: 'annotations that are a revoked Proxy',
    what: 'tool "t": annotations',
    make: () => tool('t', undefined, { annotations: revoked({}) }),
    revoked: true,
  },
  {
    label: 'permissions with a throwing getter',
    what: 'tool "t": permissions.ruleName',
    make: (error) => tool('t', undefined, { permissions: withGetter({}, 'ruleName', error) }),
  },
  {
    label: 'a definition with a throwing execute getter',
    what: 'tool "t": execute',
    make: (error) => withGetter(tool('t'), 'execute', error),
  },
  {
    label: 'a definition that is a Proxy with a throwing get trap',
    what: 'the name of a tool definition',
    make: (error) => trapping(tool('t'), 'get', error),
  },
  {
    label: 'a definition that is a revoked Proxy',
    what: 'the name of a tool definition',
    make: () => revoked(tool('t')),
    revoked: true,
  },
]

describe('register: a hostile definition is INVALID_TOOL, never a raw error (SPEC §11)', () => {
  const registrations = [
    ['registry.register', (registry, definition) => registry.register(definition)],
    ['scope(agent).register', (registry, definition) => registry.scope(alice).register(definition)],
  ] as const satisfies readonly (readonly [
    string,
    (registry: ReturnType<typeof createToolRegistry>, definition: ToolDefinition) => unknown,
  ])[]

  describe.each(registrations)('%s', (_, register) => {
    it.each(definitions)('$label: nothing registered, no tools/change', (row) => {
      // With dialects too: no conversion reads what could not be read.
      const registry = createToolRegistry({ dialects: ['openai-strict', 'gemini'] })
      const changes = vi.fn()
      registry.on('tools/change', changes)
      const error = new Error('boom')
      const thrown = registryError(() => register(registry, row.make(error)))
      expect(thrown.code).toBe('INVALID_TOOL')
      expectUnreadable(thrown, row, error)
      expect(registry.list()).toEqual([])
      expect(registry.list(alice)).toEqual([])
      expect(changes).not.toHaveBeenCalled()
    })
  })

  it('an options object whose scope getter throws: INVALID_SCOPE, nothing registered', () => {
    const registry = createToolRegistry()
    const changes = vi.fn()
    registry.on('tools/change', changes)
    const error = new Error('boom')
    const thrown = registryError(() => registry.register(tool('t'), withGetter({}, 'scope', error)))
    expect(thrown).toMatchObject({
      code: 'INVALID_SCOPE',
      message: 'options.scope could not be read: boom',
    })
    expect(thrown.cause).toBe(error)
    expect(registry.list()).toEqual([])
    expect(changes).not.toHaveBeenCalled()
  })

  it('parameters are read once: the dialects check what registration read, not a second read', () => {
    let reads = 0
    const definition = tool('t')
    Object.defineProperty(definition, 'parameters', {
      get() {
        reads++
        if (reads > 1) throw new Error('read twice')
        return { type: 'object', properties: { q: { type: 'string' } } }
      },
    })
    const registry = createToolRegistry({ dialects: ['openai-strict', 'gemini'] })
    registry.register(definition)
    expect(names(registry.schemas(undefined, { dialect: 'gemini' }))).toEqual(['t'])
    expect(reads).toBe(1)
  })
})

type AnyOptions = DefineToolOptions<Record<string, never>>

const defineOptions: readonly Row<AnyOptions>[] = [
  {
    label: 'options that are a Proxy with a throwing get trap',
    what: 'the name of the defineTool options',
    make: (error) => trapping(options(), 'get', error),
  },
  {
    label: 'options that are a revoked Proxy',
    what: 'the name of the defineTool options',
    make: () => revoked(options()),
    revoked: true,
  },
  {
    label: 'options with a throwing parameters getter',
    what: 'tool "t": parameters',
    make: (error) => withGetter(options(), 'parameters', error),
  },
  {
    label: 'options with a throwing execute getter',
    what: 'tool "t": execute',
    make: (error) => withGetter(options(), 'execute', error),
  },
  {
    label: 'annotations with a throwing getter',
    what: 'tool "t": annotations.title',
    make: (error) => options({ annotations: withGetter({}, 'title', error) }),
  },
  {
    label: 'annotations that are a revoked Proxy',
    what: 'tool "t": annotations',
    make: () => options({ annotations: revoked({}) }),
    revoked: true,
  },
  {
    label: 'permissions with a throwing getter',
    what: 'tool "t": permissions.subjects',
    make: (error) => options({ permissions: withGetter({}, 'subjects', error) }),
  },
]

function options(extra: Partial<AnyOptions> = {}): AnyOptions {
  return { name: 't', description: 'd', parameters: {}, execute: async () => [], ...extra }
}

describe('defineTool: hostile options are INVALID_TOOL, never a raw error (SPEC §11)', () => {
  it.each(defineOptions)('$label', (row) => {
    const error = new Error('boom')
    const thrown = registryError(() => defineTool(row.make(error)))
    expect(thrown.code).toBe('INVALID_TOOL')
    expectUnreadable(thrown, row, error)
  })

  it.each([
    [null, 'the defineTool options must be an object, got null'],
    [{ ...options(), execute: undefined }, 'tool "t": execute must be a function, got undefined'],
    [
      { ...options(), presentCall: 'card' },
      'tool "t": presentCall must be a function when present, got "card"',
    ],
    [{ ...options(), checkArgs: 1 }, 'tool "t": checkArgs must be a function when present, got 1'],
    // What register() would refuse is refused here (SPEC §6.1: defineTool returns a ToolDefinition).
    [{ ...options(), description: 5 }, 'tool "t": description must be a string, got 5'],
    [
      { ...options(), description: undefined },
      'tool "t": description must be a string, got undefined',
    ],
  ])('options %j that are no tool: INVALID_TOOL, not a TypeError', (given, message) => {
    expect(registryError(() => defineTool(given as never))).toMatchObject({
      code: 'INVALID_TOOL',
      message,
    })
  })
})
