import { asCallId, isHarnessError } from '@toolpipe/core'
import { createToolRegistry, ToolRegistryError } from '@toolpipe/tools'
import type { ApprovalRequest, ToolExecutionInput } from '@toolpipe/tools'
import { generateText, jsonSchema, stepCountIs, tool, zodSchema } from 'ai'
import type { Tool, ToolExecutionOptions, ToolSet } from 'ai'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { lastToolResults, scriptedModel } from './__fixtures__/scripted-model.js'
import { AiSdkBridgeError, registerAiSdkTools, toAiSdkTools } from './index.js'

const coder = { id: 'coder' }

type ModelOutput = Awaited<ReturnType<NonNullable<Tool['toModelOutput']>>>
type ContentPart = Extract<ModelOutput, { type: 'content' }>['value'][number]
type FilePart = Extract<ContentPart, { type: 'file' }>

// Parts built with their own types: the AI SDK marks the older members of the union deprecated.
function textPart(text: string): Extract<ContentPart, { type: 'text' }> {
  return { type: 'text', text }
}
function filePart(mediaType: string, data: FilePart['data']): FilePart {
  return { type: 'file', mediaType, data }
}

const citySchema = jsonSchema<{ city: string }>({
  type: 'object',
  properties: { city: { type: 'string' } },
  required: ['city'],
  additionalProperties: false,
})

function call(name: string, args: unknown, extra: Partial<ToolExecutionInput> = {}) {
  return { callId: asCallId('c1'), name, arguments: args, ...extra }
}

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

  it('refuses tools the pipeline cannot run, before registering anything, naming the tool and why', () => {
    const refusals: [unknown, string][] = [
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
    ]
    for (const [bad, message] of refusals) {
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
    }
  })

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

describe('registerAiSdkTools: validation by the tool’s own schema', () => {
  it('checks a zod schema at step 4 with zod itself: issues with their paths, the output (transforms applied) to the tool', async () => {
    const registry = createToolRegistry()
    const inputs: unknown[] = []
    registerAiSdkTools(registry, {
      move: tool({
        description: 'Move a file.',
        inputSchema: z.object({
          from: z.string(),
          to: z.string().transform((path) => path.toLowerCase()),
          overwrite: z.boolean().optional(),
        }),
        execute: async (input) => {
          inputs.push(input)
          return 'moved'
        },
      }),
    })
    expect(registry.schemas()[0]?.parameters).toMatchObject({
      type: 'object',
      properties: { from: { type: 'string' }, to: { type: 'string' } },
      required: ['from', 'to'],
    })
    const invalid = await registry.execute(call('move', { from: 7, to: 'B.TXT' }))
    expect(invalid).toMatchObject({
      isError: true,
      error: { name: 'ToolArgsError', code: 'INVALID_ARGS' },
      content: [
        {
          type: 'text',
          text: 'Error: invalid arguments: "from": Invalid input: expected string, received number',
        },
      ],
    })
    expect(inputs).toEqual([])
    const valid = await registry.execute(call('move', { from: 'a.txt', to: 'B.TXT' }))
    expect(valid.isError).toBe(false)
    expect(inputs).toEqual([{ from: 'a.txt', to: 'b.txt' }])
  })

  it('checks a jsonSchema() with validate by that validate, and hands the tool its value', async () => {
    const registry = createToolRegistry()
    const inputs: unknown[] = []
    const cities = ['Oslo', 'Rome']
    registerAiSdkTools(registry, {
      weather: tool({
        inputSchema: jsonSchema<{ city: string }>(
          { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
          {
            validate: (value) => {
              const city = (value as { city?: unknown }).city
              return typeof city === 'string' && cities.includes(city.trim())
                ? { success: true, value: { city: city.trim() } }
                : { success: false, error: new Error(`no weather for ${String(city)}`) }
            },
          },
        ),
        execute: async (input) => {
          inputs.push(input)
          return 'sunny'
        },
      }),
    })
    const invalid = await registry.execute(call('weather', { city: 'Atlantis' }))
    expect(invalid).toMatchObject({
      error: { code: 'INVALID_ARGS' },
      content: [{ type: 'text', text: 'Error: invalid arguments: no weather for Atlantis' }],
    })
    await registry.execute(call('weather', { city: ' Oslo ' }))
    expect(inputs).toEqual([{ city: 'Oslo' }])
  })

  it('keeps the paths of the issues an AI SDK schema reports (zodSchema())', async () => {
    const registry = createToolRegistry()
    registerAiSdkTools(registry, {
      edit: tool({
        inputSchema: zodSchema(z.object({ edits: z.array(z.object({ path: z.string() })) })),
        execute: async () => 'edited',
      }),
    })
    const invalid = await registry.execute(call('edit', { edits: [{ path: 'a' }, { path: 3 }] }))
    expect(invalid.content).toEqual([
      {
        type: 'text',
        text: 'Error: invalid arguments: "edits[1].path": Invalid input: expected string, received number',
      },
    ])
  })

  it('checks a jsonSchema() without validate by toolpipe’s engine when its JSON Schema lies inside the subset', async () => {
    const registry = createToolRegistry()
    let ran = 0
    registerAiSdkTools(registry, {
      weather: tool({
        inputSchema: jsonSchema<{ city: string; days?: number }>({
          type: 'object',
          properties: { city: { type: 'string' }, days: { type: 'integer', minimum: 1 } },
          required: ['city'],
          additionalProperties: false,
        }),
        execute: async () => {
          ran++
          return 'sunny'
        },
      }),
    })
    const invalid = await registry.execute(call('weather', { days: 0, extra: true }))
    expect(invalid.error?.code).toBe('INVALID_ARGS')
    expect(invalid.content).toEqual([
      {
        type: 'text',
        text: 'Error: invalid arguments: "days" must be at least 1, got 0; "extra": unknown property "extra" (additional properties are not allowed); "city": missing required property "city"',
      },
    ])
    expect(ran).toBe(0)
    expect((await registry.execute(call('weather', { city: 'Oslo', days: 2 }))).isError).toBe(false)
    expect(ran).toBe(1)
  })

  it('leaves a jsonSchema() without validate outside the subset unchecked, as the AI SDK does', async () => {
    const registry = createToolRegistry()
    const inputs: unknown[] = []
    registerAiSdkTools(registry, {
      query: tool({
        inputSchema: jsonSchema({
          type: 'object',
          properties: { filter: { $ref: '#/definitions/filter' } },
          definitions: { filter: { type: 'object' } },
        }),
        execute: async (input) => {
          inputs.push(input)
          return 'rows'
        },
      }),
    })
    expect((await registry.execute(call('query', { filter: 'anything' }))).isError).toBe(false)
    expect(inputs).toEqual([{ filter: 'anything' }])
  })

  it('removes the null a strict model sends for an optional member before the schema checks it', async () => {
    const registry = createToolRegistry()
    const inputs: unknown[] = []
    registerAiSdkTools(registry, {
      search: tool({
        inputSchema: z.object({ query: z.string(), limit: z.number().int().optional() }),
        execute: async (input) => {
          inputs.push(input)
          return 'hits'
        },
      }),
    })
    const result = await registry.execute(call('search', { query: 'toolpipe', limit: null }))
    expect(result.isError).toBe(false)
    expect(inputs).toEqual([{ query: 'toolpipe' }])
  })

  it('refuses a Standard Schema without JSON Schema, as the AI SDK cannot send it either', () => {
    const registry = createToolRegistry()
    const noJsonSchema = {
      '~standard': {
        version: 1 as const,
        vendor: 'handmade',
        validate: (value: unknown) => ({ value }),
      },
    }
    expect(() =>
      registerAiSdkTools(registry, {
        bare: tool({ inputSchema: noJsonSchema, execute: async () => 'x' }),
      }),
    ).toThrow(
      expect.objectContaining({
        name: 'AiSdkBridgeError',
        code: 'UNSUPPORTED_TOOL',
        message:
          'registerAiSdkTools: tool "bare": its input schema has no JSON Schema: Standard schema vendor \'handmade\' does not support JSON Schema conversion.',
      }),
    )
    expect(registry.list()).toEqual([])
  })
})

describe('registerAiSdkTools: calls', () => {
  it('calls execute with the call id, the call’s abort signal and the tool’s context', async () => {
    const registry = createToolRegistry()
    const seen: { input: unknown; options: ToolExecutionOptions<unknown> }[] = []
    registerAiSdkTools(
      registry,
      {
        weather: tool({
          inputSchema: citySchema,
          execute: async (input, options) => {
            seen.push({ input, options })
            return 'ok'
          },
        }),
      },
      { toolsContext: { weather: { units: 'metric' } } },
    )
    const controller = new AbortController()
    await registry.execute(call('weather', { city: 'Oslo' }, { signal: controller.signal }))
    expect(seen).toEqual([
      {
        input: { city: 'Oslo' },
        options: {
          toolCallId: 'c1',
          messages: [],
          context: { units: 'metric' },
          abortSignal: controller.signal,
        },
      },
    ])
  })

  it('gives the model what the AI SDK would: text as text, other outputs as JSON, toModelOutput when the tool has one', async () => {
    const registry = createToolRegistry()
    registerAiSdkTools(registry, {
      text: tool({ inputSchema: citySchema, execute: async () => 'plain' }),
      json: tool({
        inputSchema: citySchema,
        execute: async ({ city }) => ({
          city,
          at: new Date(Date.UTC(2026, 0, 2)),
          gone: undefined,
        }),
      }),
      nothing: tool({ inputSchema: citySchema, execute: async () => undefined }),
      shaped: tool({
        inputSchema: citySchema,
        execute: async ({ city }) => ({ city, png: 'iVBORw0KGgo=' }),
        toModelOutput: ({ output }) => ({
          type: 'content',
          value: [
            textPart(`map of ${output.city}`),
            filePart('image/png', { type: 'data', data: output.png }),
            filePart('image/png', { type: 'data', data: new Uint8Array([137, 80, 78, 71]) }),
            filePart('application/pdf', { type: 'url', url: new URL('https://x.test/a.pdf') }),
          ],
        }),
      }),
      json_output: tool({
        inputSchema: citySchema,
        execute: async () => 1,
        toModelOutput: () => ({ type: 'json', value: { ok: true } }),
      }),
    })
    const contentOf = async (name: string) =>
      (await registry.execute(call(name, { city: 'Oslo' }))).content
    expect(await contentOf('text')).toEqual([{ type: 'text', text: 'plain' }])
    expect(await contentOf('json')).toEqual([
      { type: 'text', text: '{"city":"Oslo","at":"2026-01-02T00:00:00.000Z"}' },
    ])
    expect(await contentOf('nothing')).toEqual([{ type: 'text', text: 'null' }])
    expect(await contentOf('shaped')).toEqual([
      { type: 'text', text: 'map of Oslo' },
      { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
      { type: 'image', data: 'iVBORw==', mimeType: 'image/png' },
      {
        type: 'text',
        text: '{"type":"file","mediaType":"application/pdf","data":{"type":"url","url":"https://x.test/a.pdf"}}',
      },
    ])
    expect(await contentOf('json_output')).toEqual([{ type: 'text', text: '{"ok":true}' }])
  })

  it('gives a result whose output is not a string its JSON as the structured value', async () => {
    const registry = createToolRegistry()
    const cyclic: { self?: unknown } = {}
    cyclic.self = cyclic
    registerAiSdkTools(registry, {
      json: tool({
        inputSchema: citySchema,
        execute: async ({ city }) => ({ city, at: new Date(Date.UTC(2026, 0, 2)) }),
      }),
      text: tool({ inputSchema: citySchema, execute: async () => 'plain' }),
      cyclic: tool({
        inputSchema: citySchema,
        execute: async () => cyclic,
        toModelOutput: () => ({ type: 'text', value: 'a cycle' }),
      }),
    })
    const run = (name: string) => registry.execute(call(name, { city: 'Oslo' }))
    expect((await run('json')).structured).toEqual({ city: 'Oslo', at: '2026-01-02T00:00:00.000Z' })
    expect(await run('text')).not.toHaveProperty('structured')
    const cycle = await run('cyclic')
    expect(cycle).toMatchObject({ isError: false, content: [{ type: 'text', text: 'a cycle' }] })
    expect(cycle).not.toHaveProperty('structured')
  })

  it('takes the last output of a tool that yields several, as the AI SDK does, and reports the earlier ones as progress', async () => {
    const registry = createToolRegistry()
    const progress: unknown[] = []
    registry.on('tools/progress', (exec, update) => {
      progress.push([exec.callId, update])
    })
    registerAiSdkTools(registry, {
      search: tool({
        inputSchema: citySchema,
        async *execute({ city }) {
          yield { status: 'searching' as const, city }
          yield { status: 'done' as const, city, hits: 3 }
        },
      }),
    })
    const result = await registry.execute(call('search', { city: 'Oslo' }))
    expect(result.content).toEqual([
      { type: 'text', text: '{"status":"done","city":"Oslo","hits":3}' },
    ])
  })

  it('turns an error output into AI_SDK_TOOL_ERROR and a throw into TOOL_FAILED: error results the model reads', async () => {
    const registry = createToolRegistry()
    registerAiSdkTools(registry, {
      says_error: tool({
        inputSchema: citySchema,
        execute: async () => 'x',
        toModelOutput: () => ({ type: 'error-text', value: 'city not found' }),
      }),
      says_error_json: tool({
        inputSchema: citySchema,
        execute: async () => 'x',
        toModelOutput: () => ({ type: 'error-json', value: { reason: 'quota' } }),
      }),
      denies: tool({
        inputSchema: citySchema,
        execute: async () => 'x',
        toModelOutput: () => ({ type: 'execution-denied', reason: 'not today' }),
      }),
      throws: tool({
        inputSchema: citySchema,
        execute: async (): Promise<string> => {
          throw new Error('upstream down')
        },
      }),
    })
    const outcome = async (name: string) => {
      const result = await registry.execute(call(name, { city: 'Oslo' }))
      return [result.isError, result.error, result.content]
    }
    const coded = { name: 'AiSdkToolError', code: 'AI_SDK_TOOL_ERROR' }
    expect(await outcome('says_error')).toEqual([
      true,
      coded,
      [{ type: 'text', text: 'Error: city not found' }],
    ])
    expect(await outcome('says_error_json')).toEqual([
      true,
      coded,
      [{ type: 'text', text: 'Error: {"reason":"quota"}' }],
    ])
    expect(await outcome('denies')).toEqual([
      true,
      coded,
      [{ type: 'text', text: 'Error: the tool denied the execution: not today' }],
    ])
    expect(await outcome('throws')).toEqual([
      true,
      { name: 'ToolFailedError', code: 'TOOL_FAILED' },
      [{ type: 'text', text: 'Error: upstream down' }],
    ])
  })

  it('checks the context by the tool’s contextSchema on every call, as the AI SDK does', async () => {
    const registry = createToolRegistry()
    const contextSchema = z.object({ units: z.enum(['metric', 'imperial']) })
    registerAiSdkTools(
      registry,
      {
        good: tool({
          inputSchema: citySchema,
          contextSchema,
          execute: async (_input, { context }) => context.units,
        }),
        bad: tool({ inputSchema: citySchema, contextSchema, execute: async () => 'never' }),
      },
      { toolsContext: { good: { units: 'metric' }, bad: { units: 'kelvin' } } },
    )
    expect((await registry.execute(call('good', { city: 'Oslo' }))).content).toEqual([
      { type: 'text', text: 'metric' },
    ])
    const bad = await registry.execute(call('bad', { city: 'Oslo' }))
    expect(bad.error?.code).toBe('TOOL_FAILED')
  })
})

describe('registerAiSdkTools: approvals', () => {
  function approvingRegistry(answers: ApprovalRequest[]) {
    return createToolRegistry({
      approval: {
        request: async (request) => {
          answers.push(request)
          return { kind: 'allowed-once' }
        },
      },
    })
  }

  it('asks the approval service about every call of a tool whose needsApproval is true', async () => {
    const requests: ApprovalRequest[] = []
    const registry = approvingRegistry(requests)
    let ran = 0
    registerAiSdkTools(registry, {
      pay: tool({
        inputSchema: citySchema,
        // eslint-disable-next-line @typescript-eslint/no-deprecated -- what these tests are about
        needsApproval: true,
        execute: async () => {
          ran++
          return 'paid'
        },
      }),
      free: tool({ inputSchema: citySchema, execute: async () => 'free' }),
    })
    await registry.execute(call('pay', { city: 'Oslo' }, { agent: coder }))
    await registry.execute(call('free', { city: 'Oslo' }, { agent: coder }))
    expect(requests.map((request) => [request.toolName, request.reason])).toEqual([
      ['pay', 'tool "pay" needs approval'],
    ])
    expect(ran).toBe(1)
    // Without an agent to route the question through, the call is denied, never run.
    const unrouted = await registry.execute(call('pay', { city: 'Oslo' }))
    expect(unrouted.error?.code).toBe('APPROVAL_UNAVAILABLE')
    expect(ran).toBe(1)
  })

  it('asks when a needsApproval function says so, given the validated input and the call id', async () => {
    const requests: ApprovalRequest[] = []
    const registry = approvingRegistry(requests)
    const asked: unknown[] = []
    registerAiSdkTools(registry, {
      move: tool({
        inputSchema: citySchema,
        // eslint-disable-next-line @typescript-eslint/no-deprecated -- what these tests are about
        needsApproval: async (input, { toolCallId }) => {
          asked.push([input, toolCallId])
          return input.city === 'Paris'
        },
        execute: async () => 'moved',
      }),
    })
    await registry.execute(call('move', { city: 'Oslo' }, { agent: coder }))
    await registry.execute(
      call('move', { city: 'Paris' }, { agent: coder, callId: asCallId('c2') }),
    )
    expect(asked).toEqual([
      [{ city: 'Oslo' }, 'c1'],
      [{ city: 'Paris' }, 'c2'],
    ])
    expect(requests.map((request) => request.callId)).toEqual(['c2'])
  })

  it('leaves a harness’s deny in force and is gone with the disposer', async () => {
    const requests: ApprovalRequest[] = []
    const registry = approvingRegistry(requests)
    registry.on('tools/pre-execute', async (exec, next) =>
      exec.name === 'pay' && (exec.arguments as { city: string }).city === 'Oslo'
        ? { kind: 'deny', reason: 'no payments in Oslo' }
        : next(),
    )
    const dispose = registerAiSdkTools(registry, {
      pay: tool({
        inputSchema: citySchema,
        // eslint-disable-next-line @typescript-eslint/no-deprecated -- what these tests are about
        needsApproval: true,
        execute: async () => 'paid',
      }),
    })
    const denied = await registry.execute(call('pay', { city: 'Oslo' }, { agent: coder }))
    expect(denied.error?.code).toBe('POLICY_DENIED')
    expect(requests).toEqual([])
    dispose()
    registerAiSdkTools(registry, {
      pay: tool({ inputSchema: citySchema, execute: async () => 'paid' }),
    })
    const free = await registry.execute(call('pay', { city: 'Rome' }, { agent: coder }))
    expect(free.isError).toBe(false)
    expect(requests).toEqual([])
  })
})

describe('registerAiSdkTools and toAiSdkTools together', () => {
  it('puts an AI SDK tool set under the pipeline and back into generateText: guards and approvals apply', async () => {
    const requests: ApprovalRequest[] = []
    const registry = createToolRegistry({
      approval: {
        request: async (request) => {
          requests.push(request)
          return { kind: 'rejected', reason: 'too far' }
        },
      },
    })
    registerAiSdkTools(registry, {
      weather: tool({
        description: 'The weather in a city.',
        inputSchema: citySchema,
        execute: async ({ city }) => ({ city, celsius: 21 }),
      }),
      travel: tool({
        description: 'Book a trip.',
        inputSchema: citySchema,
        // eslint-disable-next-line @typescript-eslint/no-deprecated -- what these tests are about
        needsApproval: true,
        execute: async ({ city }) => `booked ${city}`,
      }),
    })
    registry.guard((exec) =>
      exec.name === 'weather' && (exec.arguments as { city: string }).city === 'Atlantis'
        ? 'no such city'
        : undefined,
    )
    const seen: Record<string, unknown>[] = []
    const result = await generateText({
      model: scriptedModel([
        () => ({
          toolCalls: [
            { id: 'w1', name: 'weather', input: { city: 'Oslo' } },
            { id: 'w2', name: 'weather', input: { city: 'Atlantis' } },
            { id: 't1', name: 'travel', input: { city: 'Oslo' } },
          ],
        }),
        (prompt) => {
          seen.push(lastToolResults(prompt))
          return { text: 'stay home' }
        },
      ]),
      tools: toAiSdkTools(registry, { agent: coder }),
      stopWhen: stepCountIs(3),
      prompt: 'Plan a trip.',
    })
    expect(result.text).toBe('stay home')
    expect(seen).toEqual([
      {
        w1: { type: 'text', value: '{"city":"Oslo","celsius":21}' },
        w2: { type: 'error-text', value: 'Error: no such city' },
        t1: { type: 'error-text', value: 'Error: the user rejected tool "travel": too far' },
      },
    ])
    expect(requests.map((request) => request.callId)).toEqual(['t1'])
  })

  it('lets the model correct a call its zod schema refused, in the next step', async () => {
    const registry = createToolRegistry()
    registerAiSdkTools(registry, {
      convert: tool({
        description: 'Convert an amount.',
        inputSchema: z.object({ amount: z.number().positive(), currency: z.enum(['EUR', 'USD']) }),
        execute: async ({ amount, currency }) => `${amount} ${currency} is ${amount * 10} NOK`,
      }),
    })
    const seen: Record<string, unknown>[] = []
    const result = await generateText({
      model: scriptedModel([
        () => ({
          toolCalls: [{ id: 'c1', name: 'convert', input: { amount: -5, currency: 'GBP' } }],
        }),
        (prompt) => {
          seen.push(lastToolResults(prompt))
          return {
            toolCalls: [{ id: 'c2', name: 'convert', input: { amount: 5, currency: 'EUR' } }],
          }
        },
        (prompt) => {
          seen.push(lastToolResults(prompt))
          return { text: '50 NOK' }
        },
      ]),
      tools: toAiSdkTools(registry),
      stopWhen: stepCountIs(4),
      prompt: 'How much is 5 euros in kroner?',
    })
    expect(result.text).toBe('50 NOK')
    expect(seen).toEqual([
      {
        c1: {
          type: 'error-text',
          value:
            'Error: invalid arguments: "amount": Too small: expected number to be >0; "currency": Invalid option: expected one of "EUR"|"USD"',
        },
      },
      { c2: { type: 'text', value: '5 EUR is 50 NOK' } },
    ])
  })
})
