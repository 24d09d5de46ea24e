import * as schema from '@toolpipe/schema'
import { SchemaSpecError, ToolArgsError } from '@toolpipe/schema'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { text } from './__fixtures__/tools.js'
import { defineTool } from './define-tool.js'
import { createToolRegistry } from './tool-registry.js'
import { ToolRegistryError } from './tool-registry-error.js'
import type { ToolExecution } from './tool-execution.js'

// The validator's entry points, spied on (still doing their work) to count validations.
vi.mock(import('@toolpipe/schema'), async (importOriginal) => {
  const original = await importOriginal()
  return {
    ...original,
    checkArgs: vi.fn(original.checkArgs),
    validateArgs: vi.fn(original.validateArgs),
  }
})

afterEach(() => {
  vi.mocked(schema.checkArgs).mockClear()
  vi.mocked(schema.validateArgs).mockClear()
})

const readFile = () =>
  defineTool({
    name: 'read_file',
    description: 'Read a text file.',
    parameters: {
      path: { type: 'string', required: true, description: 'the file' },
      encoding: { type: 'string', enum: ['utf8', 'base64'] },
    },
    timeoutMs: 5_000,
    async execute({ path, encoding }) {
      return [text(`read ${path} as ${encoding ?? 'utf8'}`)]
    },
    presentCall: ({ path }) => ({
      card: 'generic',
      title: `Read ${path}`,
      kind: 'read',
      locations: [{ path }],
    }),
    presentResult: ({ path }, result) => ({
      card: 'generic',
      title: `Read ${path}`,
      content: result.content,
    }),
  })

describe('defineTool', () => {
  it('turns the spec into JSON Schema parameters and keeps name, description and timeoutMs', () => {
    const definition = readFile()
    expect(definition.name).toBe('read_file')
    expect(definition.description).toBe('Read a text file.')
    expect(definition.timeoutMs).toBe(5_000)
    expect(definition.parameters).toEqual({
      type: 'object',
      properties: {
        path: { type: 'string', description: 'the file' },
        encoding: { type: 'string', enum: ['utf8', 'base64'] },
      },
      required: ['path'],
    })
    expect(Object.isFrozen(definition)).toBe(true)
    expect(
      'timeoutMs' in
        defineTool({ name: 'x', description: '', parameters: {}, execute: async () => [] }),
    ).toBe(false)
  })

  it('validates arguments before the typed body runs; a mismatch throws ToolArgsError', async () => {
    const body = vi.fn(async () => [text('ran')])
    const definition = defineTool({
      name: 'edit',
      description: 'edit',
      parameters: { path: { type: 'string', required: true } },
      execute: body,
    })
    await expect(definition.execute({ path: 3 }, {} as ToolExecution)).rejects.toBeInstanceOf(
      ToolArgsError,
    )
    expect(body).not.toHaveBeenCalled()
    await expect(definition.execute({ path: 'a' }, {} as ToolExecution)).resolves.toEqual([
      text('ran'),
    ])
  })

  it('in the registry, an invalid call becomes an error result the model can correct from', async () => {
    const registry = createToolRegistry()
    registry.register(readFile())
    const wrong = await registry.execute(callInput('read_file', { path: 7, encoding: 'latin1' }))
    expect(wrong.isError).toBe(true)
    expect(wrong.error).toEqual({ name: 'ToolArgsError', code: 'INVALID_ARGS' })
    expect((wrong.content[0] as { text: string }).text).toMatch(
      /^Error: invalid arguments: "path" must be a string, got number; /,
    )
    const right = await registry.execute(callInput('read_file', { path: 'a.txt' }))
    expect(right).toEqual({ content: [text('read a.txt as utf8')], isError: false })
  })

  it('validates once per call through the registry: the pipeline checks, the body does not check again', async () => {
    const registry = createToolRegistry()
    registry.register(readFile())
    // A retry wrapper runs the body twice; the arguments were checked once, before both.
    registry.on('tools/execute', async (_exec, next) => (await next(), next()))
    vi.mocked(schema.checkArgs).mockClear()
    expect(await registry.execute(callInput('read_file', { path: 'a.txt' }))).toEqual({
      content: [text('read a.txt as utf8')],
      isError: false,
    })
    expect(schema.checkArgs).toHaveBeenCalledTimes(1)
    expect(schema.validateArgs).not.toHaveBeenCalled()
  })

  it('validates a direct call of execute itself, once', async () => {
    const definition = readFile()
    vi.mocked(schema.checkArgs).mockClear()
    await definition.execute({ path: 'a.txt' }, {} as ToolExecution)
    expect(schema.validateArgs).toHaveBeenCalledTimes(1)
    expect(schema.checkArgs).not.toHaveBeenCalled()
  })

  it('presenters see typed arguments, and return undefined for arguments that do not match', () => {
    const definition = readFile()
    expect(definition.presentCall?.({ path: 'a.txt' })).toEqual({
      card: 'generic',
      title: 'Read a.txt',
      kind: 'read',
      locations: [{ path: 'a.txt' }],
    })
    expect(definition.presentCall?.({ file: 'old-log-shape.txt' })).toBeUndefined()
    const result = { content: [text('x')], isError: false }
    expect(definition.presentResult?.({ path: 'a.txt' }, result)).toEqual({
      card: 'generic',
      title: 'Read a.txt',
      content: [text('x')],
    })
    expect(definition.presentResult?.(null, result)).toBeUndefined()
  })

  it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY])(
    'refuses timeoutMs %s at definition time',
    (timeoutMs) => {
      expect(() =>
        defineTool({
          name: 'slow',
          description: '',
          parameters: {},
          timeoutMs,
          execute: async () => [],
        }),
      ).toThrow(ToolRegistryError)
    },
  )

  it.each(['', 'read file', 'a'.repeat(65), 'naïve', 'dots.not.allowed'])(
    'refuses the name %j',
    (name) => {
      expect(() =>
        defineTool({ name, description: '', parameters: {}, execute: async () => [] }),
      ).toThrow(/must match/)
    },
  )

  it('accepts names of 64 characters from the allowed set', () => {
    const name = `${'a'.repeat(60)}_-9Z`
    expect(
      defineTool({ name, description: '', parameters: {}, execute: async () => [] }).name,
    ).toBe(name)
  })

  it('refuses a malformed spec with SchemaSpecError', () => {
    expect(() =>
      defineTool({
        name: 'bad',
        description: '',
        // Inverted bounds: what TypeScript cannot see (SPEC §9.2 made number enums valid).
        parameters: { limit: { type: 'integer', minimum: 5, maximum: 2 } },
        execute: async () => [],
      }),
    ).toThrow(SchemaSpecError)
  })
})

describe('defineTool: the definition it builds, to the letter', () => {
  it('has no optional member the options left out', () => {
    const minimal = defineTool({
      name: 'read',
      description: 'Read.',
      parameters: { path: { type: 'string', required: true } },
      execute: async () => [],
    })
    expect(Object.keys(minimal).sort()).toEqual([
      'checkArgs',
      'description',
      'execute',
      'name',
      'normalizeArgs',
      'parameters',
    ])
  })

  it('called directly, waits for an async extra check before running the body', async () => {
    const seen: unknown[] = []
    const read = defineTool({
      name: 'read',
      description: 'Read.',
      parameters: { path: { type: 'string', required: true } },
      checkArgs: async () => [],
      async execute(args) {
        seen.push(args)
        return [text('read')]
      },
    })
    const exec = {
      callId: 'call_1',
      name: 'read',
      arguments: { path: 'a' },
    } as unknown as ToolExecution
    await expect(read.execute({ path: 'a' }, exec)).resolves.toEqual([text('read')])
    expect(seen).toEqual([{ path: 'a' }])
  })
})
