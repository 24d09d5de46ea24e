import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { callInput } from '@toolpipe/call-inputs'
import { text } from './__fixtures__/tools.js'
import { defineTool } from './define-tool.js'
import { createToolRegistry } from './tool-registry.js'
import { counted, errorOf, libraries } from './__fixtures__/standard-libraries.js'

/**
 * SPEC §10 "In" through the whole pipeline (SPEC §6.3 step 4): a Standard Schema's JSON Schema
 * is shown, its `validate` runs once per call before anyone is asked, its issues fail the call
 * with INVALID_ARGS, and the body receives its output.
 */

describe.each(Object.entries(libraries))('defineTool with a %s schema', (vendor, schema) => {
  it("shows the library's JSON Schema and gives the body the output, transforms applied", async () => {
    const seen: unknown[] = []
    const tool = defineTool({
      name: 'read_file',
      description: 'Read a file.',
      parameters: schema,
      async execute(args) {
        seen.push(args)
        return [text('ok')]
      },
    })
    expect(tool.parameters).toMatchObject({
      type: 'object',
      properties: { path: { type: 'string' }, limit: { type: 'integer', minimum: 1 } },
      required: ['path', 'title'],
    })
    const registry = createToolRegistry()
    registry.register(tool)
    expect(registry.schemas()[0]?.parameters).toEqual(tool.parameters)
    const result = await registry.execute(callInput('read_file', { path: 'a.ts', title: 'hello' }))
    expect(result).toEqual({ content: [text('ok')], isError: false })
    expect(seen).toEqual([{ path: 'a.ts', title: 5 }])
  })

  it('fails invalid arguments with INVALID_ARGS naming each place, before anyone is asked', async () => {
    const touched: string[] = []
    const registry = createToolRegistry()
    registry.register(
      defineTool({
        name: 'read_file',
        description: 'Read a file.',
        parameters: schema,
        async execute() {
          touched.push('body')
          return []
        },
      }),
    )
    registry.on('tools/pre-execute', () => (touched.push('policy'), { kind: 'allow' }))
    registry.guard(() => (touched.push('guard'), undefined))
    const result = await registry.execute(callInput('read_file', { path: 3, limit: 0, title: 'x' }))
    const error = errorOf(result)
    expect(error).toMatchObject({ name: 'ToolArgsError', code: 'INVALID_ARGS' })
    expect(error.text).toMatch(/^Error: invalid arguments: "path": .+; "limit": .+$/)
    expect(touched).toEqual([])
    expect(vendor.length).toBeGreaterThan(0)
  })
})

describe.each(Object.entries(libraries))(
  'defineTool with a %s schema and a strict model',
  (vendor, schema) => {
    it('removes the null a strict model sends for a left-out optional member, before validating', async () => {
      const seen: unknown[] = []
      const registry = createToolRegistry({ dialects: ['openai-strict'] })
      registry.register(
        defineTool({
          name: 'read_file',
          description: 'Read a file.',
          parameters: schema,
          async execute(args, exec) {
            seen.push(args, exec.arguments)
            return []
          },
        }),
      )
      const strict = registry.schemas(undefined, { dialect: 'openai-strict' })[0]?.parameters as
        { additionalProperties?: unknown; required?: string[] } | undefined
      // Every member required (arktype lists its required keys first), the object closed.
      expect(strict?.additionalProperties).toBe(false)
      expect([...(strict?.required ?? [])].sort()).toEqual(['limit', 'path', 'title'])
      const result = await registry.execute(
        callInput('read_file', { path: 'a', limit: null, title: 'ab' }),
      )
      expect(result.isError).toBe(false)
      expect(seen).toEqual([
        { path: 'a', title: 2 },
        { path: 'a', title: 'ab' },
      ])
    })
  },
)

describe('defineTool with a Standard Schema and the §12 options', () => {
  it('runs an extra checkArgs on the output, after the schema accepted the arguments', async () => {
    const seen: unknown[] = []
    const registry = createToolRegistry()
    registry.register(
      defineTool({
        name: 'range',
        description: 'A range of lines.',
        parameters: z.object({ from: z.string().transform(Number), to: z.number() }),
        checkArgs({ from, to }) {
          seen.push({ from, to })
          return from <= to
            ? []
            : [
                {
                  code: 'invalid',
                  path: ['to'],
                  message: '"to" must not be below "from"',
                  reason: 'order',
                  vendor: 'range',
                },
              ]
        },
        async execute({ from, to }) {
          return [text(`${to - from}`)]
        },
      }),
    )
    expect(await registry.execute(callInput('range', { from: '2', to: 5 }))).toEqual({
      content: [text('3')],
      isError: false,
    })
    expect(errorOf(await registry.execute(callInput('range', { from: '9', to: 5 }))).text).toBe(
      'Error: invalid arguments: "to" must not be below "from"',
    )
    // Not reached when the schema itself refuses.
    expect(errorOf(await registry.execute(callInput('range', { from: 1, to: 5 }))).code).toBe(
      'INVALID_ARGS',
    )
    expect(seen).toEqual([
      { from: 2, to: 5 },
      { from: 9, to: 5 },
    ])
  })

  it('validates arguments a person edited at approval with the schema, and the body gets their output', async () => {
    const { schema, calls } = counted(libraries.zod)
    const seen: unknown[] = []
    const registry = createToolRegistry({
      approval: {
        request: async () => ({ kind: 'allowed-once', arguments: { path: 'b', title: 'edited' } }),
      },
    })
    registry.register(
      defineTool({
        name: 'read_file',
        description: 'Read a file.',
        parameters: schema,
        async execute(args, exec) {
          seen.push(args, exec.arguments)
          return []
        },
      }),
    )
    registry.on('tools/pre-execute', () => ({ kind: 'ask' }))
    const result = await registry.execute(
      callInput('read_file', { path: 'a', title: 'abc' }, { agent: { id: 'a' } }),
    )
    expect(result.isError).toBe(false)
    expect(seen).toEqual([
      { path: 'b', title: 6 },
      { path: 'b', title: 'edited' },
    ])
    expect(calls()).toBe(2)
  })

  it('names each place of an edit the schema refuses, the library’s words kept (SPEC §10, §12.3)', async () => {
    const { schema } = counted(libraries.zod)
    const registry = createToolRegistry({
      approval: { request: async () => ({ kind: 'allowed-once', arguments: { path: 7 } }) },
    })
    registry.register(
      defineTool({
        name: 'read_file',
        description: 'Read.',
        parameters: schema,
        execute: () => [],
      }),
    )
    registry.on('tools/pre-execute', () => ({ kind: 'ask' }))
    const result = await registry.execute(
      callInput('read_file', { path: 'a', title: 'abc' }, { agent: { id: 'a' } }),
    )
    expect(result).toMatchObject({ isError: true, error: { code: 'INVALID_ARGS' } })
    expect(result.content[0]).toEqual({
      type: 'text',
      text: 'Error: invalid arguments edited at approval: "path": Invalid input: expected string, received number; "title": Invalid input: expected string, received undefined',
    })
  })
})
