import { dialects, toProviderSchema } from '@toolpipe/schema'
import { describe, expect, it, vi } from 'vitest'
import { agent, thrown, tool } from './__fixtures__/tools.js'
import { defineTool } from './define-tool.js'
import { createToolRegistry } from './tool-registry.js'
import { ToolRegistryError } from './tool-registry-error.js'
import { searchSpec, searchTool } from './__fixtures__/search-tool.js'

/** SPEC §9.3 in the registry: the dialects it is configured with, and step 4's normalization. */

describe('createToolRegistry({ dialects })', () => {
  it('refuses at registration a tool a dialect cannot express, listing every fatal issue of every such dialect with its path (SPEC §9.3)', () => {
    const registry = createToolRegistry({ dialects: ['openai-strict', 'gemini'] })
    const changes = vi.fn()
    registry.on('tools/change', changes)
    const bad = defineTool({
      name: 'configure',
      description: 'Set options.',
      parameters: {
        options: { type: 'object' },
        tags: { type: 'array' },
        scale: { type: 'number', enum: [0.5, 1] },
      },
      execute: async () => [],
    })
    const error = thrown(() => registry.register(bad))
    expect(error).toBeInstanceOf(ToolRegistryError)
    // Every failing dialect's fatal issues, each under its dialect, in the order configured.
    const [strict, gemini, ...more] = (error as Error).message.split('; nor in the ')
    expect(more).toEqual([])
    expect(strict).toMatch(
      /^tool "configure" cannot be expressed in the openai-strict dialect: parameters\.properties\.options: a free-form object .*; parameters\.properties\.tags: an array without "items" .*$/,
    )
    expect(gemini).toMatch(
      /^gemini dialect: parameters\.properties\.tags: .*; parameters\.properties\.scale: Gemini enums hold strings/,
    )
    expect(error).toMatchObject({ code: 'UNSUPPORTED_SCHEMA' })
    // Nothing half-applied: no tool, no change announced.
    expect(registry.list()).toEqual([])
    expect(changes).not.toHaveBeenCalled()
    // Gemini's own issues are listed when it is the only dialect.
    const geminiOnly = createToolRegistry({ dialects: ['gemini'] })
    expect((thrown(() => geminiOnly.register(bad)) as Error).message).toMatch(
      /in the gemini dialect: parameters\.properties\.tags: .*; parameters\.properties\.scale: Gemini enums hold strings/,
    )
  })

  it('checks hand-written definitions from their parameters JSON Schema, and scoped registrations too', () => {
    const registry = createToolRegistry({ dialects: ['openai'] })
    const handWritten = tool('fetch', undefined, {
      parameters: { type: 'object', properties: { urls: { type: 'array' } } },
    })
    expect(thrown(() => registry.register(handWritten))).toMatchObject({
      code: 'UNSUPPORTED_SCHEMA',
    })
    expect(thrown(() => registry.scope(agent('a')).register(handWritten))).toMatchObject({
      code: 'UNSUPPORTED_SCHEMA',
    })
    expect(() => registry.register(searchTool())).not.toThrow()
  })

  it('refuses a dialects option that is not a list of dialect names', () => {
    expect(thrown(() => createToolRegistry({ dialects: ['openai-json'] as never }))).toMatchObject({
      code: 'INVALID_DIALECT',
    })
    expect(thrown(() => createToolRegistry({ dialects: 'gemini' as never }))).toMatchObject({
      code: 'INVALID_DIALECT',
    })
  })
})

describe('registry.schemas(scope, { dialect })', () => {
  it('defaults to json-schema: today’s output, unchanged', () => {
    const registry = createToolRegistry({ dialects: ['openai-strict'] })
    const search = searchTool()
    registry.register(search)
    expect(registry.schemas()).toEqual([
      { name: 'search', description: 'Search the workspace.', parameters: search.parameters },
    ])
    expect(registry.schemas(undefined, { dialect: 'json-schema' })).toEqual(registry.schemas())
  })

  it('writes each tool in the dialect, with strict: true on openai-strict only', () => {
    const registry = createToolRegistry()
    registry.register(searchTool())
    const [strict] = registry.schemas(undefined, { dialect: 'openai-strict' })
    expect(strict).toEqual({
      name: 'search',
      description: 'Search the workspace.',
      parameters: toProviderSchema(searchSpec, 'openai-strict').schema,
      strict: true,
    })
    for (const dialect of ['openai', 'gemini', 'anthropic'] as const) {
      const [schema] = registry.schemas(undefined, { dialect })
      expect(schema).toEqual({
        name: 'search',
        description: 'Search the workspace.',
        parameters: toProviderSchema(searchSpec, dialect).schema,
      })
    }
  })

  it('scoped: the scope’s tools, in the dialect', () => {
    const registry = createToolRegistry()
    const scoped = registry.scope(agent('a'))
    scoped.register(searchTool())
    expect(scoped.schemas({ dialect: 'gemini' })[0]?.parameters).toEqual(
      toProviderSchema(searchSpec, 'gemini').schema,
    )
    expect(registry.schemas(agent('b'), { dialect: 'gemini' })).toEqual([])
  })

  it('converts once per (definition, dialect), and hands out a fresh copy every call', () => {
    let reads = 0
    const parameters = { type: 'object', properties: { a: { type: 'string' } } }
    const definition = tool('counted', undefined)
    Object.defineProperty(definition, 'parameters', {
      get: () => (reads++, parameters),
      enumerable: true,
    })
    const registry = createToolRegistry({ dialects: ['gemini'] })
    registry.register(definition)
    const afterRegister = reads
    const first = registry.schemas(undefined, { dialect: 'gemini' })
    const second = registry.schemas(undefined, { dialect: 'gemini' })
    expect(reads).toBe(afterRegister)
    expect(second).toEqual(first)
    expect(second[0]?.parameters).not.toBe(first[0]?.parameters)
    ;(first[0]?.parameters.properties as Record<string, unknown>).a = 'mutated'
    expect(registry.schemas(undefined, { dialect: 'gemini' })).toEqual(second)
    // A dialect the registry was not configured with is converted on first use, then kept.
    registry.schemas(undefined, { dialect: 'openai-strict' })
    const afterStrict = reads
    registry.schemas(undefined, { dialect: 'openai-strict' })
    expect(reads).toBe(afterStrict)
  })

  it('throws for an unknown dialect; a tool an unconfigured dialect cannot express degrades instead (schemas-degradation.test.ts)', () => {
    const registry = createToolRegistry({ logger: { warn: () => undefined } })
    registry.register(
      defineTool({
        name: 'free',
        description: '',
        parameters: { options: { type: 'object' } },
        execute: async () => [],
      }),
    )
    expect(thrown(() => registry.schemas(undefined, { dialect: 'xml' as never }))).toMatchObject({
      code: 'INVALID_DIALECT',
    })
    expect(registry.schemas(undefined, { dialect: 'openai-strict' })).toEqual([
      expect.not.objectContaining({ strict: true }),
    ])
    expect(registry.schemas(undefined, { dialect: 'openai' })).toHaveLength(1)
  })
})

describe('the dialect options, read to the letter', () => {
  const dialectList = dialects.map((name) => JSON.stringify(name)).join(', ')

  it('refuses a dialects list with any unknown name, listing the known ones', () => {
    expect(
      thrown(() => createToolRegistry({ dialects: ['openai', 'xml'] as never })),
    ).toMatchObject({
      code: 'INVALID_DIALECT',
      message: `dialects must be an array of ${dialectList}, got an array`,
    })
  })

  it('reads {} and { dialect: undefined } as json-schema, a bare name as that dialect, and refuses null', () => {
    const registry = createToolRegistry()
    registry.register(searchTool())
    const jsonSchema = registry.schemas()
    expect(registry.schemas(undefined, {})).toEqual(jsonSchema)
    expect(registry.schemas(undefined, { dialect: undefined })).toEqual(jsonSchema)
    expect(registry.schemas(undefined, 'openai-strict' as never)).toEqual(
      registry.schemas(undefined, { dialect: 'openai-strict' }),
    )
    expect(registry.schemas(undefined, 'openai-strict' as never)[0]?.strict).toBe(true)
    for (const [options, described] of [
      [null, 'null'],
      [{ dialect: 'xml' }, '"xml"'],
    ] as const) {
      expect(thrown(() => registry.schemas(undefined, options as never))).toMatchObject({
        code: 'INVALID_DIALECT',
        // schemas() also writes the Responses API's function tools (SPEC §24).
        message: `unknown dialect ${described}; the dialects are ${dialectList}, "openai-responses"`,
      })
    }
  })

  it('converts a definition once per dialect, at registration, whatever is asked later', () => {
    const registry = createToolRegistry({ dialects: ['openai', 'anthropic'] })
    let reads = 0
    const parameters = {
      type: 'object',
      properties: { query: { type: 'string' } },
      required: ['query'],
    }
    const counted = tool('search', undefined, {})
    Object.defineProperty(counted, 'parameters', {
      get() {
        reads++
        return parameters
      },
    })
    registry.register(counted)
    const afterRegistration = reads
    for (let turn = 0; turn < 3; turn++) {
      registry.schemas(undefined, { dialect: 'openai' })
      registry.schemas(undefined, { dialect: 'anthropic' })
    }
    expect(reads).toBe(afterRegistration)
  })
})
