import { describe, expect, it, vi } from 'vitest'
import { agent, thrown, tool } from './__fixtures__/tools.js'
import { defineTool } from './define-tool.js'
import { createToolRegistry } from './tool-registry.js'
import { ToolRegistryError } from './tool-registry-error.js'
import type { ToolDefinition } from './tool-definition.js'

/**
 * SPEC §24 in the registry: `deferLoading` on a definition, and the providers' native deferred
 * forms. Anthropic: https://platform.claude.com/docs/en/agents-and-tools/tool-use/tool-search-tool
 * (`defer_loading: true` on a tool, `{ type: 'tool_search_tool_bm25_20251119', name:
 * 'tool_search_tool_bm25' }`); OpenAI Responses: the `openai` SDK's `FunctionTool.defer_loading`
 * and `ToolSearchTool` (`{ type: 'tool_search' }`).
 */

const weather = defineTool({
  name: 'get_weather',
  description: 'The weather at a place.',
  parameters: { city: { type: 'string', required: true }, unit: { type: 'string' } },
  deferLoading: true,
  execute: () => [{ type: 'text', text: 'sunny' }],
})
const readFile = defineTool({
  name: 'read_file',
  description: 'Read a file.',
  parameters: { path: { type: 'string', required: true } },
  execute: () => [{ type: 'text', text: 'x' }],
})
/** A free-form object: the `openai` dialect takes it, strict mode does not. */
const configure = tool('configure', undefined, {
  parameters: { type: 'object', properties: { options: { type: 'object' } } },
  deferLoading: true,
})

function registryOf(...definitions: ToolDefinition[]) {
  const registry = createToolRegistry()
  for (const definition of definitions) registry.register(definition)
  return registry
}

describe('deferLoading on a definition', () => {
  it('is carried by defineTool, and checked there and at registration', () => {
    expect(weather.deferLoading).toBe(true)
    expect(readFile).not.toHaveProperty('deferLoading')
    const made = (extra: object) => () =>
      defineTool({
        name: 'bad',
        description: '',
        parameters: {},
        execute: () => [],
        ...extra,
      })
    expect(thrown(made({ deferLoading: 'yes' }))).toMatchObject({
      code: 'INVALID_TOOL',
      message: 'tool "bad": deferLoading must be a boolean when present, got "yes"',
    })
    expect(thrown(made({ searchText: 'x'.repeat(4097) }))).toMatchObject({
      code: 'INVALID_TOOL',
      message: expect.stringContaining(
        'searchText must be a string of at most 4096 characters',
      ) as unknown,
    })
    expect(
      defineTool({
        name: 'ok',
        description: '',
        parameters: {},
        execute: () => [],
        searchText: 'x'.repeat(4096),
      }).searchText,
    ).toHaveLength(4096)
    const registry = createToolRegistry()
    expect(
      thrown(() => registry.register(tool('hand', undefined, { deferLoading: 1 } as object))),
    ).toMatchObject({ code: 'INVALID_TOOL' })
    expect(
      thrown(() => registry.register(tool('hand', undefined, { searchText: 7 } as object))),
    ).toMatchObject({ code: 'INVALID_TOOL' })
    expect(registry.list()).toEqual([])
  })

  it('changes nothing in schemas() without deferLoading: every tool is listed as usual, unmarked', () => {
    const registry = registryOf(weather, readFile)
    for (const dialect of [
      'json-schema',
      'anthropic',
      'openai-responses',
      'openai-strict',
    ] as const) {
      const schemas = registry.schemas(undefined, { dialect })
      expect(schemas.map((schema) => schema.name)).toEqual(['get_weather', 'read_file'])
      for (const schema of schemas) expect(schema).not.toHaveProperty('defer_loading')
      expect(registry.schemas(undefined, { dialect, deferLoading: false })).toEqual(schemas)
    }
  })

  it('is never sent to the model, nor searchText', () => {
    const registry = registryOf(
      tool('t', undefined, { deferLoading: true, searchText: 'the acme server' }),
    )
    expect(Object.keys(registry.schemas()[0]!)).toEqual(['name', 'description', 'parameters'])
    expect(
      JSON.stringify(registry.schemas(undefined, { dialect: 'anthropic', deferLoading: true })),
    ).not.toContain('acme')
  })
})

describe("schemas(scope, { dialect: 'anthropic', deferLoading: true })", () => {
  it("marks the deferred tools and ends with Anthropic's BM25 tool search tool", () => {
    const registry = registryOf(weather, readFile)
    const schemas = registry.schemas(undefined, { dialect: 'anthropic', deferLoading: true })
    expect(schemas).toEqual([
      { ...registry.schemas(undefined, { dialect: 'anthropic' })[0], defer_loading: true },
      registry.schemas(undefined, { dialect: 'anthropic' })[1],
      { type: 'tool_search_tool_bm25_20251119', name: 'tool_search_tool_bm25' },
    ])
    expect(schemas[1]).not.toHaveProperty('defer_loading')
  })

  it('adds the search tool whatever is deferred: the list asked for is the native form', () => {
    const plain = registryOf(readFile).schemas(undefined, { dialect: 'anthropic' })
    expect(
      registryOf(readFile).schemas(undefined, { dialect: 'anthropic', deferLoading: true }),
    ).toEqual([...plain, { type: 'tool_search_tool_bm25_20251119', name: 'tool_search_tool_bm25' }])
    // A deferred tool the scope cannot see is not listed, marked or not.
    const registry = registryOf(readFile, weather)
    const reader = agent('reader')
    registry.restrict(reader, { allow: ['read_file'] })
    expect(registry.schemas(reader, { dialect: 'anthropic', deferLoading: true })).toEqual([
      ...plain,
      { type: 'tool_search_tool_bm25_20251119', name: 'tool_search_tool_bm25' },
    ])
  })

  it('is what a scope handle lists too', () => {
    const registry = registryOf(readFile)
    const scoped = registry.scope(agent('a'))
    scoped.register(weather)
    expect(scoped.schemas({ dialect: 'anthropic', deferLoading: true }).at(-1)).toEqual({
      type: 'tool_search_tool_bm25_20251119',
      name: 'tool_search_tool_bm25',
    })
    // The global view does not see the scope's deferred tool.
    expect(
      registry
        .schemas(undefined, { dialect: 'anthropic', deferLoading: true })
        .map((entry) => entry.name),
    ).toEqual(['read_file', 'tool_search_tool_bm25'])
  })
})

describe("the 'openai-responses' dialect", () => {
  it('writes strict parameters with strict: true, and strict: false in the openai dialect for a tool strict mode cannot take, reported', () => {
    const onDialectIssue = vi.fn()
    const registry = registryOf(weather, configure)
    const schemas = registry.schemas(undefined, { dialect: 'openai-responses', onDialectIssue })
    const strict = registry.schemas(undefined, {
      dialect: 'openai-strict',
      onDialectIssue: () => {},
    })
    expect(schemas[0]).toEqual(strict[0])
    expect(schemas[0]).toMatchObject({ strict: true })
    expect(schemas[1]).toEqual({
      ...registry.schemas(undefined, { dialect: 'openai' })[1],
      strict: false,
    })
    expect(onDialectIssue).toHaveBeenCalledTimes(1)
    expect(onDialectIssue.mock.calls[0]![0]).toMatchObject({
      tool: 'configure',
      dialect: 'openai-responses',
      action: 'non-strict',
    })
  })

  it("with deferLoading marks the deferred tools and ends with { type: 'tool_search' }", () => {
    const registry = registryOf(weather, readFile, configure)
    const schemas = registry.schemas(undefined, {
      dialect: 'openai-responses',
      deferLoading: true,
      onDialectIssue: () => {},
    })
    expect(schemas).toHaveLength(4)
    expect(schemas[0]).toMatchObject({ name: 'get_weather', strict: true, defer_loading: true })
    expect(schemas[1]).toMatchObject({ name: 'read_file', strict: true })
    expect(schemas[1]).not.toHaveProperty('defer_loading')
    expect(schemas[2]).toMatchObject({ name: 'configure', strict: false, defer_loading: true })
    expect(schemas[3]).toEqual({ type: 'tool_search' })
  })
})

describe('deferLoading with a dialect that has no tool search of its own', () => {
  it.each(['json-schema', 'openai', 'openai-strict', 'gemini', undefined] as const)(
    'is refused with INVALID_DIALECT (%s)',
    (dialect) => {
      const registry = registryOf(weather)
      const error = thrown(() => registry.schemas(undefined, { dialect, deferLoading: true }))
      expect(error).toBeInstanceOf(ToolRegistryError)
      expect(error).toMatchObject({
        code: 'INVALID_DIALECT',
        message: expect.stringContaining(
          `deferLoading needs a dialect with a tool search of its own ("anthropic" or "openai-responses"), got "${dialect ?? 'json-schema'}"`,
        ) as unknown,
      })
    },
  )

  it('refuses a deferLoading that is not a boolean', () => {
    const registry = registryOf(weather)
    expect(
      thrown(() =>
        registry.schemas(undefined, {
          dialect: 'anthropic',
          deferLoading: 'yes' as unknown as true,
        }),
      ),
    ).toMatchObject({
      code: 'INVALID_DIALECT',
      message: 'deferLoading must be a boolean, got "yes"',
    })
  })

  it('names openai-responses among the dialects of an unknown one', () => {
    const registry = registryOf(weather)
    expect(
      (thrown(() => registry.schemas(undefined, { dialect: 'responses' as 'openai' })) as Error)
        .message,
    ).toBe(
      'unknown dialect "responses"; the dialects are "json-schema", "openai-strict", "openai", "gemini", "anthropic", "openai-responses"',
    )
  })
})

describe('schemas(scope, { include })', () => {
  it('lists only the visible tools it admits, in order, converting nothing else', () => {
    const registry = registryOf(weather, readFile, configure)
    const seen: string[] = []
    const onDialectIssue = vi.fn()
    const schemas = registry.schemas(undefined, {
      dialect: 'openai-strict',
      onDialectIssue,
      include: (definition) => {
        seen.push(definition.name)
        return definition.name !== 'configure'
      },
    })
    expect(schemas.map((schema) => schema.name)).toEqual(['get_weather', 'read_file'])
    expect(seen).toEqual(['get_weather', 'read_file', 'configure'])
    // The tool left out was never converted, so nothing about it is reported.
    expect(onDialectIssue).not.toHaveBeenCalled()
    // A native form with include: the admitted tools, then the search tool.
    expect(
      registry
        .schemas(undefined, {
          dialect: 'anthropic',
          deferLoading: true,
          include: (definition) => definition.name === 'get_weather',
        })
        .map((entry) => ('defer_loading' in entry ? `${entry.name} deferred` : entry.name)),
    ).toEqual(['get_weather deferred', 'tool_search_tool_bm25'])
  })

  it('refuses an include that is not a function', () => {
    expect(
      thrown(() => registryOf(readFile).schemas(undefined, { include: 'read_file' as never })),
    ).toMatchObject({
      code: 'INVALID_LISTENER',
      message: 'include must be a function, got "read_file"',
    })
  })
})
