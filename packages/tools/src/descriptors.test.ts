import { schemaSpecToJsonSchema } from '@toolpipe/schema'
import type { ArgIssue } from '@toolpipe/schema'
import { describe, expect, it } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { agent, text, tool } from './__fixtures__/tools.js'
import { defineTool } from './define-tool.js'
import { createToolRegistry } from './tool-registry.js'

const outputSchema = {
  type: 'object',
  properties: { lines: { type: 'integer' } },
  required: ['lines'],
} as const

describe('§12.1 registry.descriptors(scope?)', () => {
  it('describes each visible tool in full: parameters, outputSchema, annotations, concurrencySafe', () => {
    const registry = createToolRegistry()
    registry.register(
      defineTool({
        name: 'count_lines',
        description: 'Count lines.',
        parameters: { path: { type: 'string', required: true } },
        outputSchema,
        annotations: { title: 'Count lines', readOnly: true, idempotent: true },
        concurrencySafe: true,
        timeoutMs: 1000,
        execute: async () => ({ structured: { lines: 3 } }),
      }),
    )
    registry.register(tool('plain'))
    expect(registry.descriptors()).toEqual([
      {
        name: 'count_lines',
        description: 'Count lines.',
        parameters: schemaSpecToJsonSchema({ path: { type: 'string', required: true } }),
        outputSchema,
        annotations: { title: 'Count lines', readOnly: true, idempotent: true },
        concurrencySafe: true,
      },
      {
        name: 'plain',
        description: 'the plain tool',
        parameters: { type: 'object', properties: {} },
        concurrencySafe: false,
      },
    ])
  })

  it('is a fresh copy each call, by an allowlist: unknown annotation keys and code never appear', () => {
    const registry = createToolRegistry()
    const annotations = { readOnly: true, secret: 'x' } as never
    const definition = tool('t', undefined, { outputSchema, annotations })
    registry.register(definition)
    const [first] = registry.descriptors()
    const [second] = registry.descriptors()
    expect(first).toEqual(second)
    expect(first).not.toBe(second)
    expect(first?.outputSchema).not.toBe(outputSchema)
    expect(first?.parameters).not.toBe(definition.parameters)
    expect(first?.annotations).toEqual({ readOnly: true })
    expect(Object.keys(first ?? {}).sort()).toEqual([
      'annotations',
      'concurrencySafe',
      'description',
      'name',
      'outputSchema',
      'parameters',
    ])
  })

  it('follows the scope’s visible set, like list(), also through a scope handle', () => {
    const registry = createToolRegistry()
    const alice = agent('alice')
    registry.register(tool('a'))
    registry.register(tool('b'))
    registry.restrict(alice, { deny: ['b'] })
    const scoped = registry.scope(alice)
    scoped.register(tool('mine', undefined, { concurrencySafe: true }))
    expect(registry.descriptors(alice).map((d) => [d.name, d.concurrencySafe])).toEqual([
      ['a', false],
      ['mine', true],
    ])
    expect(scoped.descriptors()).toEqual(registry.descriptors(alice))
  })

  it('schemas() stays the model-facing allowlist: no outputSchema, annotations or concurrencySafe', () => {
    const registry = createToolRegistry()
    registry.register(
      tool('t', undefined, {
        outputSchema,
        annotations: { readOnly: true },
        concurrencySafe: true,
      }),
    )
    expect(Object.keys(registry.schemas()[0] ?? {}).sort()).toEqual([
      'description',
      'name',
      'parameters',
    ])
  })
})

describe('§12.1 registration checks the new fields', () => {
  it.each([
    [
      'an outputSchema outside the subset',
      { outputSchema: { type: 'object', properties: { a: { type: 'date' } } } },
      /^tool "t": outputSchema: unsupported output schema/,
    ],
    [
      'an outputSchema whose root is not an object',
      { outputSchema: { type: 'string' } },
      /^tool "t": outputSchema: unsupported output schema/,
    ],
    ['annotations that are not an object', { annotations: 'ro' }, /annotations must be an object/],
    [
      'a hint that is not a boolean',
      { annotations: { readOnly: 'yes' } },
      /annotations\.readOnly must be a boolean when present, got "yes"/,
    ],
    ['a title that is not a string', { annotations: { title: 1 } }, /annotations\.title must be/],
    [
      'concurrencySafe that is not a boolean',
      { concurrencySafe: 1 },
      /concurrencySafe must be a boolean when present, got 1/,
    ],
  ])('refuses %s with INVALID_TOOL', (_, extra, message) => {
    const registry = createToolRegistry()
    expect(() => registry.register(tool('t', undefined, extra as never))).toThrow(
      expect.objectContaining({ code: 'INVALID_TOOL' }),
    )
    expect(() => registry.register(tool('t', undefined, extra as never))).toThrow(message)
    expect(registry.list()).toEqual([])
  })

  it('defineTool refuses bad annotations and concurrencySafe at definition time', () => {
    const base = { name: 't', description: '', parameters: {}, execute: async () => [] }
    expect(() => defineTool({ ...base, annotations: { destructive: 'no' } as never })).toThrow(
      expect.objectContaining({ code: 'INVALID_TOOL' }),
    )
    expect(() => defineTool({ ...base, concurrencySafe: 'yes' as never })).toThrow(
      /concurrencySafe must be a boolean/,
    )
  })
})

/** An issue no spec keyword produces (the registry reads any string code; ArgIssue's union is closed). */
function crossFieldIssue(path: string[], message: string): ArgIssue {
  return { code: 'invalid', path, message } as unknown as ArgIssue
}

describe('§12.1 defineTool checkArgs: a check beyond the spec', () => {
  const range = () =>
    defineTool({
      name: 'slice',
      description: 'Lines start..end.',
      parameters: {
        start: { type: 'number', required: true },
        end: { type: 'number', required: true },
      },
      checkArgs: ({ start, end }) =>
        start <= end ? [] : [crossFieldIssue(['end'], '"end" must be ≥ "start"')],
      execute: async ({ start, end }) => [text(`${start}..${end}`)],
    })

  it('runs after the spec accepted the arguments; its issues are INVALID_ARGS before anyone is asked', async () => {
    const registry = createToolRegistry()
    registry.register(range())
    let asked = false
    registry.on('tools/pre-execute', (_exec, next) => {
      asked = true
      return next()
    })
    expect(await registry.execute(callInput('slice', { start: 5, end: 2 }))).toEqual({
      content: [text('Error: invalid arguments: "end" must be ≥ "start"')],
      isError: true,
      error: { name: 'ToolArgsError', code: 'INVALID_ARGS' },
    })
    expect(asked).toBe(false)
    expect((await registry.execute(callInput('slice', { start: 1, end: 2 }))).content).toEqual([
      text('1..2'),
    ])
  })

  it('is not called when the spec already refused the arguments', async () => {
    let called = false
    const definition = defineTool({
      name: 'slice',
      description: '',
      parameters: { start: { type: 'number', required: true } },
      checkArgs: () => {
        called = true
        return []
      },
      execute: async () => [],
    })
    expect(definition.checkArgs?.({ start: 'x' })).toHaveLength(1)
    expect(called).toBe(false)
  })

  it('a direct call of execute outside the registry runs it too, throwing ToolArgsError', async () => {
    await expect(range().execute({ start: 5, end: 2 }, {} as never)).rejects.toMatchObject({
      code: 'INVALID_ARGS',
      message: 'invalid arguments: "end" must be ≥ "start"',
    })
  })
})
