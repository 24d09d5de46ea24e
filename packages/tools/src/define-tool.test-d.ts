import type { ToolExecution, ToolDefinition } from './index.js'
import { describe, expectTypeOf, it } from 'vitest'
import { defineTool } from './define-tool.js'

describe('defineTool', () => {
  it('infers args in execute, presentCall and presentResult from a literal spec, with no assertion', () => {
    const definition = defineTool({
      name: 'edit_files',
      description: 'Apply edits.',
      parameters: {
        edits: {
          type: 'array',
          required: true,
          items: {
            type: 'object',
            properties: {
              path: { type: 'string', required: true },
              mode: { type: 'string', enum: ['replace', 'append'] },
            },
          },
        },
        dryRun: { type: 'boolean' },
      },
      async execute(args, exec) {
        expectTypeOf(args).toEqualTypeOf<{
          edits: { path: string; mode?: 'replace' | 'append' }[]
          dryRun?: boolean
        }>()
        expectTypeOf(exec).toEqualTypeOf<ToolExecution>()
        // @ts-expect-error: not a declared parameter
        const force: unknown = args.force
        // @ts-expect-error: path is a string
        const wrong: number = args.edits[0]!.path
        expectTypeOf(force).toBeUnknown()
        expectTypeOf(wrong).toBeNumber()
        return []
      },
      presentCall(args) {
        expectTypeOf(args.edits).toEqualTypeOf<{ path: string; mode?: 'replace' | 'append' }[]>()
        return { card: 'diff', title: 'edit', diffs: [] }
      },
      presentResult(args, result) {
        expectTypeOf(args.dryRun).toEqualTypeOf<boolean | undefined>()
        expectTypeOf(result.isError).toEqualTypeOf<boolean>()
        return undefined
      },
    })
    expectTypeOf(definition).toEqualTypeOf<
      ToolDefinition<{
        edits: { path: string; mode?: 'replace' | 'append' }[]
        dryRun?: boolean
      }>
    >()
    expectTypeOf(definition).toExtend<ToolDefinition>()
  })

  it('refuses a presenter that returns something that is not a card', () => {
    defineTool({
      name: 'x',
      description: '',
      parameters: {},
      execute: async () => [],
      // @ts-expect-error: not a ToolCallView
      presentCall: () => ({ card: 'fancy', title: 'x' }),
    })
  })

  it('refuses an execute that returns something other than content', () => {
    defineTool({
      name: 'x',
      description: '',
      parameters: {},
      // @ts-expect-error: a tool returns content blocks or { content?, structured?, meta? } with content or structured
      execute: async () => 'text',
    })
    defineTool({
      name: 'x',
      description: '',
      parameters: {},
      // @ts-expect-error: synchronously neither
      execute: () => 'text',
    })
  })

  it('takes an execute that returns synchronously, as it may at run time (SPEC §22)', () => {
    const search = defineTool({
      name: 'search',
      description: 'Search.',
      parameters: { query: { type: 'string', required: true } },
      execute: ({ query }) => [{ type: 'text', text: query }],
    })
    expectTypeOf(search).toExtend<ToolDefinition<{ query: string }>>()
    defineTool({
      name: 'count',
      description: '',
      parameters: {},
      outputSchema: {
        type: 'object',
        properties: { lines: { type: 'integer' } },
        required: ['lines'],
      },
      execute: () => ({ structured: { lines: 1 } }),
    })
    defineTool({
      name: 'count',
      description: '',
      parameters: {},
      outputSchema: {
        type: 'object',
        properties: { lines: { type: 'integer' } },
        required: ['lines'],
      },
      // @ts-expect-error: the outputSchema still types a synchronous return
      execute: () => ({ structured: { lines: 'one' } }),
    })
  })

  // Issue #40: a body that returns `new Promise(…)` compiles under strict, as a harness writes it.
  it('takes a body that returns new Promise(...)', () => {
    const plain = defineTool({
      name: 'promise',
      description: '',
      parameters: {},
      execute: () =>
        new Promise((resolve) => {
          resolve([{ type: 'text', text: 'x' }])
        }),
    })
    expectTypeOf(plain).toExtend<ToolDefinition>()
    // With an outputSchema, a promise body is written `async` (or its promise annotated): the
    // schema's type is not known yet while a bare `new Promise(…)` is typed.
    defineTool({
      name: 'count',
      description: '',
      parameters: {},
      outputSchema: {
        type: 'object',
        properties: { lines: { type: 'integer' } },
        required: ['lines'],
      },
      execute: async () => ({ structured: { lines: 1 } }),
    })
  })
})
