import { createToolRegistry, defineTool } from '@toolpipe/tools'
import type { DialectIssueReport, ToolExecution } from '@toolpipe/tools'
import { expectRefusals } from '@toolpipe/adapter-testkit'
import { describe, expect, it } from 'vitest'
import { toAgentsTools } from './index.js'
import { coder, invoke, registryWith } from './__fixtures__/invoke-agents-tool.js'

/** `toAgentsTools`: the parameters it writes, the names it gives, the options it refuses. */

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

describe('toAgentsTools: options', () => {
  it('turns a dash into an underscore for Agents JS and still calls the tool by its name', async () => {
    const { registry, calls } = registryWith({}, 'read-file')
    const [tool] = toAgentsTools(registry)
    expect(tool?.name).toBe('read_file')
    await invoke(tool!, {})
    expect(calls[0]?.exec.name).toBe('read-file')
  })

  it('keeps every tool when names collide once the dash is replaced: the dashed one gets a suffix (SPEC §22)', async () => {
    const registry = createToolRegistry()
    const ran: string[] = []
    for (const name of ['read-file', 'read_file']) {
      registry.register({
        name,
        description: name,
        parameters: { type: 'object', properties: {}, additionalProperties: false },
        execute: () => {
          ran.push(name)
          return []
        },
      })
    }
    const converted = toAgentsTools(registry)
    const names = converted.map((tool) => tool.name)
    expect(names[1]).toBe('read_file')
    expect(names[0]).toMatch(/^read_file_[0-9a-f]{8}$/)
    // The same tools always get the same names.
    expect(toAgentsTools(registry).map((tool) => tool.name)).toEqual(names)
    for (const tool of converted) await invoke(tool, {})
    expect(ran).toEqual(['read-file', 'read_file'])
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
    expectRefusals(toAgentsTools, 'AgentsBridgeError', [
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
    ])
  })
})
