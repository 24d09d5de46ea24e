import { createToolRegistry } from '@toolpipe/tools'
import type { DialectIssueReport, ToolDefinition } from '@toolpipe/tools'
import { asSchema } from 'ai'
import { expectRefusals } from '@toolpipe/adapter-testkit'
import { describe, expect, it } from 'vitest'
import { toAiSdkTools } from './index.js'
import type { AiSdkTool } from './index.js'
import { coder, invoke, probe } from './__fixtures__/invoke-ai-sdk-tool.js'

/** `toAiSdkTools`: the tool set it makes of a registry or a scope, and the options it refuses. */

describe('toAiSdkTools: the tool set', () => {
  it('shows each visible tool with its description and its parameters as the input schema', async () => {
    const registry = createToolRegistry()
    registry.register(probe({ path: { type: 'string', required: true, maxLength: 80 } }).definition)
    const tools = toAiSdkTools(registry)
    expect(Object.keys(tools)).toEqual(['probe'])
    expect(tools.probe?.description).toBe('Probe.')
    expect(await asSchema(tools.probe?.inputSchema).jsonSchema).toEqual(
      registry.schemas()[0]?.parameters,
    )
    expect(tools.probe).not.toHaveProperty('strict')
  })

  it('writes the input schemas in the dialect asked for, with strict: true for openai-strict', async () => {
    const registry = createToolRegistry()
    registry.register(
      probe({ path: { type: 'string', required: true, maxLength: 80 }, limit: { type: 'integer' } })
        .definition,
    )
    const tools = toAiSdkTools(registry, { dialect: 'openai-strict' })
    expect(tools.probe?.strict).toBe(true)
    expect(await asSchema(tools.probe?.inputSchema).jsonSchema).toEqual({
      type: 'object',
      properties: {
        path: { type: 'string', description: 'at most 80 characters' },
        limit: { type: ['integer', 'null'] },
      },
      required: ['path', 'limit'],
      additionalProperties: false,
    })
    const gemini = toAiSdkTools(registry, { dialect: 'gemini' })
    expect(gemini.probe).not.toHaveProperty('strict')
    expect(await asSchema(gemini.probe?.inputSchema).jsonSchema).toEqual(
      registry.schemas(undefined, { dialect: 'gemini' })[0]?.parameters,
    )
  })

  it('one tool the dialect cannot express never takes the others down: it degrades as schemas() degrades it, reported (SPEC §22)', async () => {
    const registry = createToolRegistry()
    registry.register(probe({ path: { type: 'string', required: true } }).definition)
    registry.register({ ...probe({ options: { type: 'object' } }).definition, name: 'configure' })
    registry.register({ ...probe({ list: { type: 'array' } }).definition, name: 'lister' })
    const reports: DialectIssueReport[] = []
    const tools = toAiSdkTools(registry, {
      dialect: 'openai-strict',
      onDialectIssue: (report) => reports.push(report),
    })
    expect(Object.keys(tools)).toEqual(['probe', 'configure'])
    expect(tools.probe).toMatchObject({ strict: true })
    expect(tools.configure).not.toHaveProperty('strict')
    expect(await asSchema(tools.configure?.inputSchema).jsonSchema).toEqual({
      type: 'object',
      properties: { options: { type: 'object' } },
    })
    expect(reports.map(({ tool, action }) => [tool, action])).toEqual([
      ['configure', 'non-strict'],
      ['lister', 'omitted'],
    ])
    // Gemini: left out, never non-strict.
    const gemini: DialectIssueReport[] = []
    expect(
      Object.keys(
        toAiSdkTools(registry, {
          dialect: 'gemini',
          onDialectIssue: (report) => gemini.push(report),
        }),
      ),
    ).toEqual(['probe', 'configure'])
    expect(gemini.map(({ tool, action }) => [tool, action])).toEqual([['lister', 'omitted']])
  })

  it('without onDialectIssue, the registry logger warns once per (tool, dialect), not per tool set', () => {
    const warnings: unknown[][] = []
    const registry = createToolRegistry({ logger: { warn: (...line) => warnings.push(line) } })
    registry.register({ ...probe({ list: { type: 'array' } }).definition, name: 'lister' })
    for (let turn = 0; turn < 3; turn++) {
      expect(toAiSdkTools(registry, { dialect: 'openai-strict' })).toEqual({})
    }
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toEqual([
      expect.stringContaining('tool "lister" cannot be expressed in the openai-strict dialect'),
    ])
    expect(() => toAiSdkTools(registry, { onDialectIssue: 'log' as never })).toThrow(
      expect.objectContaining({
        name: 'AiSdkBridgeError',
        code: 'INVALID_OPTIONS',
        message: 'toAiSdkTools: onDialectIssue must be a function, got "log"',
      }) as Error,
    )
  })

  it('shows the tools of the agent’s scope', () => {
    const registry = createToolRegistry()
    registry.register(probe().definition)
    const local: ToolDefinition = { ...probe().definition, name: 'local' }
    registry.register(local, { scope: coder })
    registry.restrict(coder, { deny: ['probe'] })
    expect(Object.keys(toAiSdkTools(registry, { agent: coder }))).toEqual(['local'])
    expect(Object.keys(toAiSdkTools(registry))).toEqual(['probe'])
    expect(Object.keys(toAiSdkTools(registry.scope(coder)))).toEqual(['local'])
  })

  it('keeps a tool named __proto__ an own member of the tool set, and runs it', async () => {
    const registry = createToolRegistry()
    registry.register({ ...probe().definition, name: '__proto__' })
    const tools = toAiSdkTools(registry)
    expect(Object.getPrototypeOf(tools)).toBe(Object.prototype)
    expect(Object.keys(tools)).toEqual(['__proto__'])
    const own = Object.getOwnPropertyDescriptor(tools, '__proto__')?.value as AiSdkTool
    expect(await invoke(own, {})).toMatchObject({ isError: false })
  })

  it('refuses options it cannot use, naming them', () => {
    const registry = createToolRegistry()
    const scoped = registry.scope(coder)
    expectRefusals(toAiSdkTools, 'AiSdkBridgeError', [
      [
        undefined,
        undefined,
        'toAiSdkTools: tools must be a ToolRegistry or ScopedTools, got undefined',
      ],
      [registry, 7, 'toAiSdkTools: options must be an object, got 7'],
      [registry, { agent: 3 }, 'toAiSdkTools: agent must be an agent object, got 3'],
      [
        registry,
        { dialect: 'claude' },
        'toAiSdkTools: dialect must be one of "json-schema", "openai-strict", "openai", "gemini", "anthropic", got "claude"',
      ],
      [
        scoped,
        { agent: { id: 'other' } },
        'toAiSdkTools: the agent option must be left out for a ScopedTools, whose calls run for its own agent "coder"',
      ],
    ])
    expect(toAiSdkTools(scoped, { agent: coder })).toEqual({})
  })
})
