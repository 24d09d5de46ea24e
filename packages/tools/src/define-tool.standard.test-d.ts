import { standardSchema } from '@toolpipe/schema'
import { toStandardJsonSchema } from '@valibot/to-json-schema'
import { type } from 'arktype'
import * as v from 'valibot'
import { describe, expectTypeOf, it } from 'vitest'
import { z } from 'zod'
import { defineTool } from './define-tool.js'
import type { InferToolArgs, InferToolInput } from './define-tool.js'
import { isCallOf } from './is-call-of.js'
import type { ToolDefinition } from './tool-definition.js'
import type { ToolExecution } from './tool-execution.js'

/** SPEC §10: the body is typed with the schema's output (`StandardSchemaV1.InferOutput`). */

describe('defineTool with a Standard Schema', () => {
  it('types the body and presenters with the zod output, transforms applied', () => {
    const parameters = z.object({
      path: z.string(),
      limit: z.number().optional(),
      when: z.string().transform((text) => new Date(text)),
    })
    const tool = defineTool({
      name: 'read_file',
      description: '',
      parameters,
      async execute(args, exec) {
        expectTypeOf(args).toEqualTypeOf<z.output<typeof parameters>>()
        expectTypeOf(args).toEqualTypeOf<{ path: string; limit?: number | undefined; when: Date }>()
        expectTypeOf(exec).toEqualTypeOf<ToolExecution>()
        // @ts-expect-error: not a declared parameter
        expectTypeOf(args.force).toBeUnknown()
        return []
      },
      presentCall(args) {
        expectTypeOf(args.when).toEqualTypeOf<Date>()
        return undefined
      },
      presentResult(args, result) {
        expectTypeOf(args.path).toEqualTypeOf<string>()
        expectTypeOf(result.isError).toEqualTypeOf<boolean>()
        return undefined
      },
    })
    // What `exec.arguments` holds once accepted: the input, as the model sent it.
    expectTypeOf(tool).toEqualTypeOf<ToolDefinition<z.input<typeof parameters>>>()
    const exec = {} as Readonly<ToolExecution<unknown>>
    if (isCallOf(exec, tool)) {
      expectTypeOf(exec.arguments.when).toEqualTypeOf<string>()
    }
  })

  it('types the body with the valibot output', () => {
    const parameters = toStandardJsonSchema(
      v.object({
        path: v.string(),
        size: v.pipe(
          v.string(),
          v.transform((text) => text.length),
        ),
      }),
    )
    defineTool({
      name: 'a',
      description: '',
      parameters,
      async execute(args) {
        expectTypeOf(args).toEqualTypeOf<{ path: string; size: number }>()
        return []
      },
    })
  })

  it('types the body with the arktype output', () => {
    const parameters = type({ path: 'string', 'count?': 'string.numeric.parse' })
    defineTool({
      name: 'a',
      description: '',
      parameters,
      async execute(args) {
        expectTypeOf(args).toEqualTypeOf<typeof parameters.infer>()
        expectTypeOf(args.count).toEqualTypeOf<number | undefined>()
        return []
      },
    })
  })

  it('types the body of standardSchema(spec) with InferArgs', () => {
    defineTool({
      name: 'a',
      description: '',
      parameters: standardSchema({ path: { type: 'string', required: true } }),
      async execute(args) {
        expectTypeOf(args).toEqualTypeOf<{ path: string }>()
        return []
      },
    })
  })

  it('exports InferToolArgs and InferToolInput for both kinds of parameters', () => {
    const schema = z.object({ n: z.string().transform(Number) })
    type Schema = typeof schema
    expectTypeOf<InferToolArgs<Schema>>().toEqualTypeOf<{ n: number }>()
    expectTypeOf<InferToolInput<Schema>>().toEqualTypeOf<{ n: string }>()
    // A type alias (an interface has no index signature, so it is not a spec).
    // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
    type Spec = { readonly n: { readonly type: 'number'; readonly required: true } }
    expectTypeOf<InferToolArgs<Spec>>().toEqualTypeOf<{ n: number }>()
    expectTypeOf<InferToolInput<Spec>>().toEqualTypeOf<{ n: number }>()
    expectTypeOf(schema).toExtend<Schema>()
  })

  it('refuses a Standard Schema without a JSON Schema side, and a body typed against the output', () => {
    defineTool({
      name: 'a',
      description: '',
      // @ts-expect-error: bare valibot has no JSON Schema side (wrap it in toStandardJsonSchema)
      parameters: v.object({ path: v.string() }),
      execute: async () => [],
    })
    defineTool({
      name: 'a',
      description: '',
      parameters: z.object({ n: z.string().transform(Number) }),
      // @ts-expect-error: the body receives the output, where n is a number
      execute: async (args: { n: string }) => (expectTypeOf(args).toBeObject(), []),
    })
  })

  it('types an extra checkArgs with the output, and the return with an outputSchema', () => {
    defineTool({
      name: 'a',
      description: '',
      parameters: z.object({ n: z.string().transform(Number) }),
      outputSchema: {
        type: 'object',
        properties: { doubled: { type: 'number' } },
        required: ['doubled'],
      },
      checkArgs(args) {
        expectTypeOf(args).toEqualTypeOf<{ n: number }>()
        return []
      },
      async execute({ n }) {
        return { structured: { doubled: n * 2 } }
      },
    })
  })
})
