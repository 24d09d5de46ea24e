import { isHarnessError } from '@toolpipe/core'
import { createToolRegistry, ToolRegistryError } from '@toolpipe/tools'
import { jsonSchema, tool } from 'ai'
import type { ToolSet } from 'ai'
import { describe, expect, it } from 'vitest'
import { AiSdkBridgeError, registerAiSdkTools } from './index.js'
import { call, citySchema } from './__fixtures__/ai-sdk-parts.js'
import { coder } from './__fixtures__/invoke-ai-sdk-tool.js'

/** `registerAiSdkTools`: what it registers, where, and what it refuses before registering anything. */

describe('registerAiSdkTools: registration', () => {
  it('registers each tool under its key, with its description and its input schema’s JSON Schema', () => {
    const registry = createToolRegistry()
    registerAiSdkTools(
      registry,
      {
        weather: tool({
          description: 'The weather in a city.',
          inputSchema: citySchema,
          execute: async ({ city }) => `sunny in ${city}`,
        }),
        lazy: tool({
          description: ({ context }) => `Notes of ${String((context as { user?: unknown }).user)}.`,
          inputSchema: jsonSchema(() => ({ type: 'object', properties: {} })),
          execute: async () => 'none',
        }),
      },
      { toolsContext: { lazy: { user: 'ada' } } },
    )
    expect(registry.schemas()).toEqual([
      {
        name: 'weather',
        description: 'The weather in a city.',
        parameters: {
          type: 'object',
          properties: { city: { type: 'string' } },
          required: ['city'],
          additionalProperties: false,
        },
      },
      {
        name: 'lazy',
        description: 'Notes of ada.',
        parameters: { type: 'object', properties: {} },
      },
    ])
  })

  it('registers an own __proto__ entry of a tool set under that name', async () => {
    const registry = createToolRegistry()
    const toolSet = {}
    Object.defineProperty(toolSet, '__proto__', {
      enumerable: true,
      value: tool({ inputSchema: citySchema, execute: async () => 'own' }),
    })
    registerAiSdkTools(registry, toolSet)
    expect(registry.list().map((definition) => definition.name)).toEqual(['__proto__'])
    expect((await registry.execute(call('__proto__', { city: 'Oslo' }))).content).toEqual([
      { type: 'text', text: 'own' },
    ])
  })

  it('hands a tool named like an Object.prototype member only its own context entry (§11)', async () => {
    const registry = createToolRegistry()
    const seen: unknown[] = []
    const named = (name: string) =>
      tool({
        description: ({ context }) => `${name}: ${typeof context} ${JSON.stringify(context)}`,
        inputSchema: citySchema,
        // eslint-disable-next-line @typescript-eslint/no-deprecated -- its context is under test
        needsApproval: (_input, { context }) => {
          seen.push(context)
          return false
        },
        execute: async () => 'ran',
      })
    registerAiSdkTools(
      registry,
      { constructor: named('constructor'), toString: named('toString') },
      { toolsContext: { toString: { units: 'metric' } } },
    )
    expect(registry.schemas().map((schema) => schema.description)).toEqual([
      'constructor: object {}',
      'toString: object {"units":"metric"}',
    ])
    await registry.execute(call('constructor', { city: 'Oslo' }))
    expect(seen).toEqual([{}])
  })

  it('refuses a toolsContext whose entries cannot be read, with a coded error', () => {
    const toolsContext = {
      get weather(): never {
        throw new Error('no')
      },
    }
    expect(() =>
      registerAiSdkTools(
        createToolRegistry(),
        { weather: tool({ inputSchema: citySchema, execute: async () => 'x' }) },
        { toolsContext },
      ),
    ).toThrow(expect.objectContaining({ code: 'INVALID_OPTIONS' }))
  })

  it('registers into a scope: only its agent sees the tools', async () => {
    const registry = createToolRegistry()
    registerAiSdkTools(registry.scope(coder), {
      weather: tool({ inputSchema: citySchema, execute: async ({ city }) => `rain in ${city}` }),
    })
    expect(registry.list()).toEqual([])
    expect(registry.list(coder).map((definition) => definition.name)).toEqual(['weather'])
    const result = await registry.execute(call('weather', { city: 'Oslo' }, { agent: coder }))
    expect(result.content).toEqual([{ type: 'text', text: 'rain in Oslo' }])
  })

  it('removes every tool it registered with the disposer, once', () => {
    const registry = createToolRegistry()
    let changes = 0
    registry.on('tools/change', () => {
      changes++
    })
    const dispose = registerAiSdkTools(registry, {
      a: tool({ inputSchema: citySchema, execute: async () => 'a' }),
      b: tool({ inputSchema: citySchema, execute: async () => 'b' }),
    })
    expect(registry.list().map((definition) => definition.name)).toEqual(['a', 'b'])
    dispose()
    expect(registry.list()).toEqual([])
    const afterDispose = changes
    dispose()
    expect(changes).toBe(afterDispose)
  })

  it('registers the whole tool set or nothing: a taken name takes back the tools registered before it', () => {
    const registry = createToolRegistry()
    registerAiSdkTools(registry, { b: tool({ inputSchema: citySchema, execute: async () => 'b' }) })
    expect(() =>
      registerAiSdkTools(registry, {
        a: tool({ inputSchema: citySchema, execute: async () => 'a' }),
        b: tool({ inputSchema: citySchema, execute: async () => 'again' }),
      }),
    ).toThrow(ToolRegistryError)
    expect(registry.list().map((definition) => definition.name)).toEqual(['b'])
  })

  it('refuses a key that is not a tool name, registering nothing', () => {
    const registry = createToolRegistry()
    expect(() =>
      registerAiSdkTools(registry, {
        fine: tool({ inputSchema: citySchema, execute: async () => 'x' }),
        'not a name': tool({ inputSchema: citySchema, execute: async () => 'x' }),
      }),
    ).toThrow(expect.objectContaining({ name: 'ToolRegistryError', code: 'INVALID_TOOL' }))
    expect(registry.list()).toEqual([])
  })

  it.each<[unknown, string]>([
    [
      { type: 'provider', id: 'openai.web_search', args: {}, inputSchema: citySchema },
      'registerAiSdkTools: tool "bad": is a provider tool, which its provider defines and runs; only function tools can be registered',
    ],
    [
      { inputSchema: citySchema, outputSchema: citySchema },
      'registerAiSdkTools: tool "bad": has no execute function, so there is nothing for the pipeline to run',
    ],
    [
      {
        inputSchema: jsonSchema(Promise.resolve({ type: 'object' as const })),
        execute: async () => 'x',
      },
      'registerAiSdkTools: tool "bad": its input schema is only known asynchronously; await it and pass jsonSchema(schema) with the result',
    ],
    [
      { inputSchema: jsonSchema({ type: 'string' }), execute: async () => 'x' },
      'registerAiSdkTools: tool "bad": its input schema must be an object schema (type "object"), as tool inputs are',
    ],
    [
      {
        inputSchema: jsonSchema({ type: 'object', default: Number.NaN }),
        execute: async () => 'x',
      },
      'registerAiSdkTools: tool "bad": its input schema is not JSON: not JSON at $.default: NaN is not a finite number',
    ],
    [
      { inputSchema: citySchema, execute: async () => 'x', description: 42 },
      'registerAiSdkTools: tool "bad": description must be a string or a function, got 42',
    ],
    [
      { inputSchema: citySchema, execute: async () => 'x', needsApproval: 'yes' },
      'registerAiSdkTools: tool "bad": needsApproval must be a boolean or a function, got "yes"',
    ],
    [
      {
        inputSchema: citySchema,
        execute: async () => 'x',
        description: () => {
          throw new Error('no context')
        },
      },
      'registerAiSdkTools: tool "bad": its description function threw: no context',
    ],
    ['not a tool', 'registerAiSdkTools: tool "bad": must be an AI SDK tool, got "not a tool"'],
  ])(
    'refuses tools the pipeline cannot run, before registering anything, naming the tool and why (%#)',
    (bad, message) => {
      const registry = createToolRegistry()
      let thrown: unknown
      try {
        registerAiSdkTools(registry, {
          good: tool({ inputSchema: citySchema, execute: async () => 'x' }),
          bad: bad as ToolSet[string],
        })
      } catch (error) {
        thrown = error
      }
      expect(thrown).toBeInstanceOf(AiSdkBridgeError)
      expect(thrown).toMatchObject({ code: 'UNSUPPORTED_TOOL', message })
      expect(isHarnessError(thrown)).toBe(true)
      expect(registry.list()).toEqual([])
    },
  )

  it('refuses a target, tool set or options it cannot use', () => {
    const registry = createToolRegistry()
    const refusals: [unknown, unknown, unknown, string][] = [
      [
        {},
        {},
        undefined,
        'registerAiSdkTools: target must be a ToolRegistry or ScopedTools, got an empty object',
      ],
      [
        registry,
        null,
        undefined,
        'registerAiSdkTools: toolSet must be an object of AI SDK tools, got null',
      ],
      [registry, {}, 'x', 'registerAiSdkTools: options must be an object, got "x"'],
      [
        registry,
        {},
        { toolsContext: 3 },
        'registerAiSdkTools: toolsContext must be an object of contexts by tool name, got 3',
      ],
    ]
    for (const [target, toolSet, options, message] of refusals) {
      expect(() => registerAiSdkTools(target as never, toolSet as never, options as never)).toThrow(
        expect.objectContaining({ name: 'AiSdkBridgeError', code: 'INVALID_OPTIONS', message }),
      )
    }
  })
})
