import { asCallId } from '@toolpipe/core'
import { createToolRegistry, defineTool } from '@toolpipe/tools'
import type { SchemaSpec } from '@toolpipe/schema'
import type { DialectIssueReport, ToolExecution } from '@toolpipe/tools'
import { Agent, RunContext, Runner } from '@openai/agents'
import { functionCall, ScriptedModel, assistantMessage } from '@openai/agents/testing'
import { describe, expect, it } from 'vitest'
import { toAgentsTools } from './index.js'
import type { AgentsTool } from './index.js'

const coder = { id: 'coder' }

/** Calls an Agents JS tool as the runner does: raw JSON text, a run context, the call's details. */
function invoke(
  tool: AgentsTool,
  input: unknown,
  details?: { callId?: string; signal?: AbortSignal },
) {
  return tool.invoke(new RunContext(), JSON.stringify(input), {
    ...(details?.callId === undefined
      ? {}
      : { toolCall: functionCall(tool.name, JSON.stringify(input), { callId: details.callId }) }),
    ...(details?.signal === undefined ? {} : { signal: details.signal }),
  })
}

/** One tool with these parameters, recording what its body receives. */
function registryWith(parameters: SchemaSpec, name = 'probe') {
  const calls: { args: unknown; exec: ToolExecution }[] = []
  const registry = createToolRegistry()
  registry.register(
    defineTool({
      name,
      description: 'Probe.',
      parameters,
      async execute(args, exec) {
        calls.push({ args, exec })
        return [{ type: 'text', text: 'ok' }]
      },
    }),
  )
  return { registry, calls }
}

describe('toAgentsTools: parameters', () => {
  it('writes parameters in the openai-strict dialect with strict: true when it expresses them', () => {
    const { registry } = registryWith({
      path: { type: 'string', required: true, maxLength: 200 },
      limit: { type: 'integer', minimum: 1 },
    })
    const [tool] = toAgentsTools(registry)
    expect(tool).toMatchObject({ type: 'function', name: 'probe', strict: true })
    expect(tool!.parameters).toEqual({
      type: 'object',
      properties: {
        path: { type: 'string', description: 'at most 200 characters' },
        limit: { type: ['integer', 'null'], minimum: 1 },
      },
      required: ['path', 'limit'],
      additionalProperties: false,
    })
  })

  it('falls back to the openai dialect, not strict, when strict mode cannot express the parameters (a free-form object)', () => {
    const { registry } = registryWith({ options: { type: 'object', required: true } })
    const [tool] = toAgentsTools(registry)
    expect(tool).toMatchObject({ strict: false })
    expect(tool!.parameters).toEqual({
      type: 'object',
      properties: { options: { type: 'object' } },
      required: ['options'],
    })
  })

  it('leaves out a tool neither OpenAI dialect expresses (an array without items), reporting it, and keeps the others (SPEC §22)', () => {
    const registry = createToolRegistry()
    for (const [name, parameters] of [
      ['reader', { path: { type: 'string', required: true } }],
      ['lister', { list: { type: 'array' } }],
      ['configure', { options: { type: 'object' } }],
    ] as const) {
      registry.register(defineTool({ name, description: name, parameters, execute: () => [] }))
    }
    const reports: DialectIssueReport[] = []
    const tools = toAgentsTools(registry, { onDialectIssue: (report) => reports.push(report) })
    expect(tools.map((tool) => [tool.name, tool.strict])).toEqual([
      ['reader', true],
      ['configure', false],
    ])
    expect(reports.map(({ tool, dialect, action }) => [tool, dialect, action])).toEqual([
      ['lister', 'openai-strict', 'omitted'],
      ['configure', 'openai-strict', 'non-strict'],
    ])
    expect(reports[0]?.issues[0]).toMatchObject({
      path: 'parameters.properties.list',
      keyword: 'items',
      fatal: true,
    })
  })

  it('without onDialectIssue, the registry logger warns once per tool, however many times the tools are made', () => {
    const warnings: unknown[][] = []
    const registry = createToolRegistry({ logger: { warn: (...line) => warnings.push(line) } })
    registry.register(
      defineTool({
        name: 'lister',
        description: '',
        parameters: { list: { type: 'array' } },
        execute: () => [],
      }),
    )
    for (let turn = 0; turn < 3; turn++) expect(toAgentsTools(registry)).toEqual([])
    expect(warnings).toEqual([
      [
        expect.stringMatching(
          /^toolpipe: tool "lister" cannot be expressed in the openai-strict dialect, left out of the tools the model is shown: parameters\.properties\.list: /,
        ),
      ],
    ])
  })

  it('refuses an onDialectIssue that is not a function', () => {
    const { registry } = registryWith({})
    expect(() => toAgentsTools(registry, { onDialectIssue: true as never })).toThrow(
      expect.objectContaining({
        name: 'AgentsBridgeError',
        code: 'INVALID_OPTIONS',
        message: 'toAgentsTools: onDialectIssue must be a function, got true',
      }) as Error,
    )
  })

  it('accepts every strict schema the dialect writes for the DSL’s keywords (Agents JS checks strict schemas itself)', () => {
    const { registry } = registryWith({
      text: { type: 'string', minLength: 1, maxLength: 80, pattern: '^[a-z]+$', default: 'a' },
      mode: { type: 'string', enum: ['fast', 'slow'], required: true },
      level: { type: 'integer', enum: [1, 2, 3] },
      ratio: { type: 'number', exclusiveMinimum: 0, maximum: 1, nullable: true },
      flag: { type: 'boolean' },
      tags: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 5 },
      nested: {
        type: 'object',
        properties: {
          inner: { type: 'object', properties: { deep: { type: 'string', required: true } } },
          list: { type: 'array', items: { type: 'object', properties: { x: { type: 'number' } } } },
        },
      },
      either: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
      required_either: { anyOf: [{ type: 'string' }, { type: 'boolean' }], required: true },
    })
    const [tool] = toAgentsTools(registry)
    expect(tool?.strict).toBe(true)
  })

  it('removes the null a strict model sends for an optional member before the body sees the arguments', async () => {
    const { registry, calls } = registryWith({
      path: { type: 'string', required: true },
      limit: { type: 'integer' },
      nested: { type: 'object', properties: { depth: { type: 'integer' } } },
    })
    const [tool] = toAgentsTools(registry)
    const output = await invoke(tool!, { path: 'a.txt', limit: null, nested: { depth: null } })
    expect(output).toBe('ok')
    expect(calls[0]?.args).toEqual({ path: 'a.txt', nested: {} })
  })
})

describe('toAgentsTools: calls', () => {
  it('runs through execute() with the Agents JS call id and abort signal, for the agent', async () => {
    const { registry, calls } = registryWith({ path: { type: 'string', required: true } })
    const controller = new AbortController()
    const [tool] = toAgentsTools(registry, { agent: coder })
    await invoke(tool!, { path: 'a' }, { callId: 'call_9', signal: controller.signal })
    expect(calls[0]?.exec.callId).toBe('call_9')
    expect(calls[0]?.exec.agent).toBe(coder)
    expect(calls[0]?.exec.signal).toBe(controller.signal)
  })

  it('gives a call made without Agents JS details a fresh call id', async () => {
    const { registry, calls } = registryWith({})
    const [tool] = toAgentsTools(registry)
    await invoke(tool!, {})
    await invoke(tool!, {})
    const [first, second] = calls.map(({ exec }) => exec.callId)
    expect(first).toMatch(/^[0-9a-f-]{36}$/)
    expect(second).not.toBe(first)
  })

  it('returns content as structured outputs: text and images, other blocks as their JSON', async () => {
    const registry = createToolRegistry()
    registry.register({
      name: 'shot',
      description: 'Screenshot.',
      parameters: { type: 'object', properties: {}, additionalProperties: false },
      execute: async () => [
        { type: 'text', text: 'the page' },
        { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
        { type: 'tool-call', id: asCallId('c'), name: 'x', arguments: '{}' },
      ],
    })
    const [tool] = toAgentsTools(registry)
    expect(await invoke(tool!, {})).toEqual([
      { type: 'text', text: 'the page' },
      { type: 'image', image: { data: 'iVBORw0KGgo=', mediaType: 'image/png' } },
      { type: 'text', text: '{"type":"tool-call","id":"c","name":"x","arguments":"{}"}' },
    ])
  })

  it('returns empty content as an empty string and an error result as its text, never throwing', async () => {
    const registry = createToolRegistry()
    registry.register({
      name: 'quiet',
      description: 'Says nothing.',
      parameters: { type: 'object', properties: {}, additionalProperties: false },
      execute: async () => [],
    })
    registry.register({
      name: 'broken',
      description: 'Fails.',
      parameters: { type: 'object', properties: {}, additionalProperties: false },
      execute: async () => {
        throw new Error('disk full')
      },
    })
    const [quiet, broken] = toAgentsTools(registry)
    expect(await invoke(quiet!, {})).toBe('')
    expect(await invoke(broken!, {})).toBe('Error: disk full')
  })

  it('answers UNKNOWN_TOOL for a tool removed after the conversion', async () => {
    const registry = createToolRegistry()
    const dispose = registry.register({
      name: 'gone',
      description: 'Soon gone.',
      parameters: { type: 'object', properties: {}, additionalProperties: false },
      execute: async () => [],
    })
    const [gone] = toAgentsTools(registry)
    dispose()
    expect(await invoke(gone!, {})).toBe('Error: unknown tool "gone"')
  })

  it('runs a turn’s calls one at a time in the model’s order although Agents JS starts them at once', async () => {
    const log: string[] = []
    const registry = createToolRegistry()
    for (const name of ['first', 'second', 'third']) {
      registry.register(
        defineTool({
          name,
          description: name,
          parameters: {},
          async execute() {
            log.push(`start ${name}`)
            await new Promise((resolve) => setTimeout(resolve, name === 'first' ? 30 : 1))
            log.push(`end ${name}`)
            return [{ type: 'text', text: name }]
          },
        }),
      )
    }
    const model = new ScriptedModel([
      [
        functionCall('first', {}, { callId: 'c1' }),
        functionCall('second', {}, { callId: 'c2' }),
        functionCall('third', {}, { callId: 'c3' }),
      ],
      [assistantMessage('done')],
    ])
    const agent = new Agent({ name: 'a', model, tools: toAgentsTools(registry) })
    await new Runner({ tracingDisabled: true }).run(agent, 'go')
    expect(log).toEqual([
      'start first',
      'end first',
      'start second',
      'end second',
      'start third',
      'end third',
    ])
  })
  it('lets calls to concurrencySafe tools overlap, and holds the others for them', async () => {
    const log: string[] = []
    const registry = createToolRegistry()
    const slow = (name: string, concurrencySafe: boolean) => ({
      ...defineTool({
        name,
        description: name,
        parameters: {},
        async execute() {
          log.push(`start ${name}`)
          await new Promise((resolve) => setTimeout(resolve, 10))
          log.push(`end ${name}`)
          return [{ type: 'text' as const, text: name }]
        },
      }),
      concurrencySafe,
    })
    registry.register(slow('read_a', true))
    registry.register(slow('read_b', true))
    registry.register(slow('write', false))
    const tools = toAgentsTools(registry)
    const byName = (name: string) => tools.find((tool) => tool.name === name)!
    await Promise.all([
      invoke(byName('read_a'), {}),
      invoke(byName('read_b'), {}),
      invoke(byName('write'), {}),
    ])
    expect(log.slice(0, 2)).toEqual(['start read_a', 'start read_b'])
    expect(log.slice(4)).toEqual(['start write', 'end write'])
  })

  it('ends a call whose signal aborts while it waits its turn as CANCELLED, without running it', async () => {
    const registry = createToolRegistry()
    const ran: string[] = []
    const codes: (string | undefined)[] = []
    let finish!: () => void
    registry.register(
      defineTool({
        name: 'write',
        description: 'Write.',
        parameters: { path: { type: 'string', required: true } },
        async execute({ path }) {
          ran.push(path)
          if (path === 'first') {
            await new Promise<void>((resolve) => {
              finish = resolve
            })
          }
          return [{ type: 'text', text: path }]
        },
      }),
    )
    registry.on('tools/result', (_exec, result) => {
      codes.push(result.error?.code)
    })
    const [write] = toAgentsTools(registry)
    const controller = new AbortController()
    const first = invoke(write!, { path: 'first' }, { callId: 'c1' })
    const second = invoke(write!, { path: 'second' }, { callId: 'c2', signal: controller.signal })
    await new Promise((resolve) => setTimeout(resolve, 5))
    controller.abort()
    expect(await second).toBe('Error: the call of tool "write" was cancelled before it started')
    finish()
    expect(await first).toBe('first')
    expect(ran).toEqual(['first'])
    expect(codes).toEqual(['CANCELLED', undefined])
  })
})

describe('toAgentsTools: options', () => {
  it('turns a dash into an underscore for Agents JS and still calls the tool by its name', async () => {
    const { registry, calls } = registryWith({}, 'read-file')
    const [tool] = toAgentsTools(registry)
    expect(tool?.name).toBe('read_file')
    await invoke(tool!, {})
    expect(calls[0]?.exec.name).toBe('read-file')
  })

  it('refuses names that collide once Agents JS has replaced the dash', () => {
    const registry = createToolRegistry()
    for (const name of ['read_file', 'read-file']) {
      registry.register({
        name,
        description: name,
        parameters: { type: 'object', properties: {}, additionalProperties: false },
        execute: async () => [],
      })
    }
    expect(() => toAgentsTools(registry)).toThrow(
      expect.objectContaining({
        code: 'UNSUPPORTED_TOOL',
        message:
          'toAgentsTools: tools "read_file" and "read-file" would both be named "read_file" in Agents JS, which allows only letters, digits and _ in tool names; rename one',
      }),
    )
  })

  it('shows a scope’s tools and runs them for its agent', async () => {
    const { registry } = registryWith({})
    const scoped = registry.scope(coder)
    const seen: ToolExecution[] = []
    scoped.register(
      defineTool({
        name: 'notes',
        description: 'Notes.',
        parameters: {},
        async execute(_args, exec) {
          seen.push(exec)
          return [{ type: 'text', text: 'milk' }]
        },
      }),
    )
    const tools = toAgentsTools(scoped)
    expect(tools.map((tool) => tool.name).sort()).toEqual(['notes', 'probe'])
    expect(
      await invoke(
        tools.find((tool) => tool.name === 'notes')!,
        {},
      ),
    ).toBe('milk')
    expect(seen[0]?.agent).toBe(coder)
    expect(toAgentsTools(registry).map((tool) => tool.name)).toEqual(['probe'])
  })

  it('refuses options it cannot use, naming them', () => {
    const { registry } = registryWith({})
    const scoped = registry.scope(coder)
    const refusals: [unknown, unknown, string][] = [
      [null, undefined, 'toAgentsTools: tools must be a ToolRegistry or ScopedTools, got null'],
      [
        {},
        undefined,
        'toAgentsTools: tools must be a ToolRegistry or ScopedTools, got an empty object',
      ],
      [registry, null, 'toAgentsTools: options must be an object, got null'],
      [registry, { agent: 'coder' }, 'toAgentsTools: agent must be an agent object, got "coder"'],
      [
        scoped,
        { agent: { id: 'other' } },
        'toAgentsTools: the agent option must be left out for a ScopedTools, whose calls run for its own agent "coder"',
      ],
    ]
    for (const [tools, options, message] of refusals) {
      expect(() => toAgentsTools(tools as never, options as never)).toThrow(
        expect.objectContaining({ name: 'AgentsBridgeError', code: 'INVALID_OPTIONS', message }),
      )
    }
  })
})
