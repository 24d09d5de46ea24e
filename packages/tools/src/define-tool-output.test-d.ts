import type { ContentBlock } from '@toolpipe/core'
import type { InferStructured } from '@toolpipe/structured-output'
import { describe, expectTypeOf, it } from 'vitest'
import { defineTool } from './define-tool.js'
import type { DefineToolReturn } from './define-tool.js'
import type { ToolDefinition, ToolDescriptor, ToolExecuteReturn } from './index.js'

describe('defineTool: the return typed by the outputSchema (InferStructured)', () => {
  it('requires structured of the inferred type, from an inline schema', () => {
    defineTool({
      name: 'grade',
      description: '',
      parameters: {},
      outputSchema: {
        type: 'object',
        properties: {
          verdict: { type: 'string', enum: ['pass', 'fail'] },
          score: { type: 'number' },
        },
        required: ['verdict'],
        additionalProperties: false,
      },
      async execute() {
        // TypeScript widens a string literal in the body before it knows the schema: `as const`.
        return { structured: { verdict: 'pass' as const, score: 1 } }
      },
    })
    defineTool({
      name: 'grade',
      description: '',
      parameters: {},
      outputSchema: {
        type: 'object',
        properties: { verdict: { type: 'string', enum: ['pass', 'fail'] } },
        required: ['verdict'],
        additionalProperties: false,
      },
      // @ts-expect-error: "maybe" is not one of the enum's members
      async execute() {
        return { structured: { verdict: 'maybe' as const } }
      },
    })
    defineTool({
      name: 'grade',
      description: '',
      parameters: {},
      outputSchema: {
        type: 'object',
        properties: { verdict: { type: 'string' } },
        required: ['verdict'],
      },
      // @ts-expect-error: with an outputSchema, structured is required
      async execute() {
        return [{ type: 'text' as const, text: 'no value' }]
      },
    })
  })

  it('types structured from a schema declared `as const` elsewhere; content stays optional', () => {
    const schema = {
      type: 'object',
      properties: { lines: { type: 'integer' }, path: { type: 'string' } },
      required: ['lines'],
      additionalProperties: false,
    } as const
    type Output = InferStructured<typeof schema>
    expectTypeOf<Output>().toEqualTypeOf<{ lines: number; path?: string }>()
    expectTypeOf<DefineToolReturn<typeof schema>>().toEqualTypeOf<{
      content?: ContentBlock[] | undefined
      structured: { lines: number; path?: string }
      meta?: unknown
    }>()
    defineTool({
      name: 'count',
      description: '',
      parameters: {},
      outputSchema: schema,
      async execute() {
        return { content: [{ type: 'text', text: '3 lines' }], structured: { lines: 3 } }
      },
    })
    defineTool({
      name: 'count',
      description: '',
      parameters: {},
      outputSchema: schema,
      // @ts-expect-error: lines is a number
      async execute() {
        return { structured: { lines: '3' } }
      },
    })
  })

  it('without an outputSchema the return is any ToolExecuteReturn', () => {
    expectTypeOf<DefineToolReturn<undefined>>().toEqualTypeOf<ToolExecuteReturn>()
    const definition = defineTool({
      name: 'plain',
      description: '',
      parameters: { path: { type: 'string', required: true } },
      annotations: { readOnly: true, title: 'Plain' },
      concurrencySafe: true,
      checkArgs(args) {
        expectTypeOf(args).toEqualTypeOf<{ path: string }>()
        return []
      },
      async execute() {
        return { content: [], structured: { anything: [1] } }
      },
    })
    expectTypeOf(definition).toEqualTypeOf<ToolDefinition<{ path: string }>>()
  })

  it('refuses annotations of the wrong type and an outputSchema outside the subset', () => {
    defineTool({
      name: 'x',
      description: '',
      parameters: {},
      // @ts-expect-error: readOnly is a boolean
      annotations: { readOnly: 'yes' },
      execute: async () => [],
    })
    defineTool({
      name: 'x',
      description: '',
      parameters: {},
      // @ts-expect-error: the root of an output schema is an object
      outputSchema: { type: 'string' },
      execute: async () => ({ structured: 'x' }),
    })
  })

  it('descriptors carry the schema types', () => {
    expectTypeOf<ToolDescriptor['concurrencySafe']>().toEqualTypeOf<boolean>()
    expectTypeOf<ToolDescriptor>().toHaveProperty('outputSchema')
  })
})
