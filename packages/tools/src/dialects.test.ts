import type { JsonValue } from '@toolpipe/core'
import { dialects, toProviderSchema } from '@toolpipe/schema'
import type { ArgIssue, SchemaSpec } from '@toolpipe/schema'
import { describe, expect, it, vi } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { agent, text, tool } from './__fixtures__/tools.js'
import type { ApprovalRequest } from './approval.js'
import { defineTool } from './define-tool.js'
import type { ToolExecution } from './tool-execution.js'
import { createToolRegistry } from './tool-registry.js'
import { ToolRegistryError } from './tool-registry-error.js'

/** SPEC §9.3 in the registry: the dialects it is configured with, and step 4's normalization. */

const searchSpec = {
  query: { type: 'string', required: true, maxLength: 80 },
  limit: { type: 'integer', minimum: 1, maximum: 500 },
  note: { type: 'string', nullable: true },
} as const satisfies SchemaSpec

function searchTool(seen: unknown[] = []) {
  return defineTool({
    name: 'search',
    description: 'Search the workspace.',
    parameters: searchSpec,
    async execute(args) {
      seen.push(args)
      return [text(`found ${args.query}${args.limit === undefined ? '' : ` (${args.limit})`}`)]
    },
  })
}

function thrown(run: () => unknown): unknown {
  try {
    run()
  } catch (error) {
    return error
  }
  throw new Error('nothing was thrown')
}

describe('createToolRegistry({ dialects })', () => {
  it('refuses at registration a tool a dialect cannot express, listing every fatal issue with its path', () => {
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
    expect(error).toMatchObject({
      code: 'UNSUPPORTED_SCHEMA',
      message: expect.stringMatching(
        /^tool "configure" cannot be expressed in the openai-strict dialect: parameters\.properties\.options: a free-form object .*; parameters\.properties\.tags: an array without "items" .*$/,
      ) as unknown,
    })
    // Nothing half-applied: no tool, no change announced.
    expect(registry.list()).toEqual([])
    expect(changes).not.toHaveBeenCalled()
    // Gemini's own issues are listed when it is the first dialect that fails.
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

describe('step 4: null→absent normalization, in every dialect (SPEC §6.3 step 4, §9.3)', () => {
  it('a strict model’s null for an optional member is removed before validation: the body gets InferArgs', async () => {
    const seen: unknown[] = []
    const registry = createToolRegistry()
    registry.register(searchTool(seen))
    const result = await registry.execute(
      callInput('search', { query: 'todo', limit: null, note: null }),
    )
    expect(result).toMatchObject({ isError: false, content: [text('found todo')] })
    // `note` is nullable: its null is a value and stays.
    expect(seen).toEqual([{ query: 'todo', note: null }])
  })

  it('policies, guards, the approval card, the body and the observers all see the one normalized, frozen value', async () => {
    const views: unknown[] = []
    const requests: ApprovalRequest[] = []
    const registry = createToolRegistry({
      approval: {
        request: (request) => {
          requests.push(request)
          return Promise.resolve({ kind: 'allowed-once' })
        },
      },
    })
    const seenByBody: unknown[] = []
    registry.register(
      defineTool({
        name: 'search',
        description: '',
        parameters: searchSpec,
        execute: async (args) => (seenByBody.push(args), [text('ok')]),
        presentCall: (args) => (
          views.push(args),
          { card: 'generic', title: `search ${args.query}` }
        ),
      }),
    )
    const seen: { stage: string; args: unknown }[] = []
    registry.on('tools/pre-execute', (exec) => {
      seen.push({ stage: 'pre-execute', args: exec.arguments })
      return { kind: 'ask' }
    })
    registry.guard((exec) => void seen.push({ stage: 'guard', args: exec.arguments }))
    let observed: Readonly<ToolExecution<JsonValue | undefined>> | undefined
    registry.on('tools/result', (exec) => void (observed = exec))
    const result = await registry.execute(
      callInput('search', { query: 'q', limit: null }, { agent: agent('a') }),
    )
    expect(result.isError).toBe(false)
    const [first] = seen
    expect(first?.args).toEqual({ query: 'q' })
    expect(Object.isFrozen(first?.args)).toBe(true)
    for (const entry of [...seen, ...seenByBody.map((args) => ({ stage: 'body', args }))]) {
      expect(entry.args).toBe(first?.args)
    }
    expect(views).toEqual([{ query: 'q' }])
    expect(requests[0]?.view.title).toBe('search q')
    expect(observed?.arguments).toBe(first?.args)
    // Read-only afterwards, like every field of a settled execution.
    expect(() => {
      ;(observed as { arguments: unknown }).arguments = {}
    }).toThrow(TypeError)
  })

  it('validation runs once per call, on the normalized value', async () => {
    const checkArgs = vi.fn((): ArgIssue[] => [])
    const normalizeArgs = vi.fn((args: JsonValue): JsonValue => {
      return Object.fromEntries(
        Object.entries(args as Record<string, JsonValue>).filter(([key]) => key !== 'drop'),
      )
    })
    const registry = createToolRegistry()
    const body = vi.fn(async (args: unknown) => [text(JSON.stringify(args))])
    registry.register(tool('hand', body, { checkArgs, normalizeArgs }))
    const result = await registry.execute(callInput('hand', { keep: 1, drop: 2 }))
    expect(result.content).toEqual([text('{"keep":1}')])
    expect(normalizeArgs).toHaveBeenCalledTimes(1)
    expect(checkArgs).toHaveBeenCalledTimes(1)
    expect(checkArgs).toHaveBeenCalledWith({ keep: 1 })
  })

  it('a member its parameters do not declare keeps its null', async () => {
    const registry = createToolRegistry()
    const body = vi.fn(async (args: unknown) => [text(JSON.stringify(args))])
    registry.register(tool('hand', body))
    const result = await registry.execute(callInput('hand', { limit: null }))
    expect(result.content).toEqual([text('{"limit":null}')])
  })

  it('a null for a required member is still an invalid argument', async () => {
    const registry = createToolRegistry()
    registry.register(searchTool())
    const result = await registry.execute(callInput('search', { query: null }))
    expect(result).toMatchObject({
      isError: true,
      error: { name: 'ToolArgsError', code: 'INVALID_ARGS' },
      content: [text('Error: invalid arguments: "query" must be a string, got null')],
    })
  })

  it('a normalizer that throws, or returns what is not JSON, fails the call before anyone is asked', async () => {
    const registry = createToolRegistry()
    const body = vi.fn(async () => [text('ran')])
    registry.register(
      tool('throws', body, {
        normalizeArgs: () => {
          throw new Error('boom')
        },
      }),
    )
    registry.register(tool('nan', body, { normalizeArgs: () => Number.NaN }))
    registry.register(tool('later', body, { normalizeArgs: () => Promise.resolve({}) as never }))
    expect(await registry.execute(callInput('throws'))).toMatchObject({
      isError: true,
      error: { name: 'ToolFailedError', code: 'TOOL_FAILED' },
    })
    for (const name of ['nan', 'later']) {
      expect(await registry.execute(callInput(name))).toMatchObject({
        isError: true,
        error: { name: 'ToolPipelineError', code: 'INVALID_NORMALIZED_ARGS' },
      })
    }
    expect(body).not.toHaveBeenCalled()
  })

  it('refuses at registration a normalizeArgs that is not a function', () => {
    const registry = createToolRegistry()
    expect(
      thrown(() => registry.register(tool('x', undefined, { normalizeArgs: 1 as never }))),
    ).toMatchObject({
      code: 'INVALID_TOOL',
      message: 'tool "x": normalizeArgs must be a function when present',
    })
  })

  it('defineTool called directly normalizes too, and its presenters do', async () => {
    const seen: unknown[] = []
    const search = searchTool(seen)
    await search.execute({ query: 'q', limit: null }, undefined as never)
    expect(seen).toEqual([{ query: 'q' }])
    const presented = defineTool({
      name: 'p',
      description: '',
      parameters: searchSpec,
      execute: async () => [],
      presentCall: (args) => ({ card: 'generic', title: `limit ${String(args.limit)}` }),
    })
    expect(presented.presentCall?.({ query: 'q', limit: null })).toEqual({
      card: 'generic',
      title: 'limit undefined',
    })
    expect(presented.presentCall?.({ query: 1 })).toBeUndefined()
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
        message: `unknown dialect ${described}; the dialects are ${dialectList}`,
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
