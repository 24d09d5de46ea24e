import type { StandardJSONSchemaV1, StandardSchemaV1 } from '@standard-schema/spec'
import { toStandardJsonSchema } from '@valibot/to-json-schema'
import { type } from 'arktype'
import * as v from 'valibot'
import { describe, expectTypeOf, it } from 'vitest'
import { z } from 'zod'
import type { ArgIssue } from './arg-issue.js'
import { checkStandardArgs } from './check-standard-args.js'
import type { StandardArgsResult } from './check-standard-args.js'
import type { InferArgs } from './infer-args.js'
import { normalizeArgs } from './normalize-args.js'
import { standardSchema } from './standard-schema.js'
import { standardSchemaToJsonSchema } from './standard-schema-to-json-schema.js'
import type { StandardJSONSchemaSource, StandardToolSchema } from './standard-tool-schema.js'
import { toProviderSchema } from './to-provider-schema.js'

const spec = {
  path: { type: 'string', required: true },
  limit: { type: 'integer' },
  mode: { type: 'string', enum: ['fast', 'slow'] },
} as const

describe('standardSchema', () => {
  it('is a Standard Schema and a Standard JSON Schema typed by InferArgs', () => {
    const schema = standardSchema(spec)
    expectTypeOf(schema).toExtend<StandardSchemaV1<InferArgs<typeof spec>>>()
    expectTypeOf(schema).toExtend<StandardJSONSchemaV1<InferArgs<typeof spec>>>()
    expectTypeOf(schema).toExtend<StandardToolSchema>()
    expectTypeOf<StandardSchemaV1.InferOutput<typeof schema>>().toEqualTypeOf<{
      path: string
      limit?: number
      mode?: 'fast' | 'slow'
    }>()
    expectTypeOf<StandardSchemaV1.InferInput<typeof schema>>().toEqualTypeOf<
      InferArgs<typeof spec>
    >()
    expectTypeOf(schema['~standard'].vendor).toEqualTypeOf<'toolpipe'>()
  })

  it('infers a literal spec without as const', () => {
    const schema = standardSchema({ n: { type: 'number', required: true } })
    expectTypeOf(schema['~standard'].validate).returns.toEqualTypeOf<
      StandardSchemaV1.Result<{ n: number }> | Promise<StandardSchemaV1.Result<{ n: number }>>
    >()
  })
})

describe('StandardToolSchema', () => {
  it('admits zod 4, arktype 2 and valibot wrapped by toStandardJsonSchema', () => {
    expectTypeOf(z.object({ a: z.string() })).toExtend<StandardToolSchema>()
    expectTypeOf(type({ a: 'string' })).toExtend<StandardToolSchema>()
    expectTypeOf(toStandardJsonSchema(v.object({ a: v.string() }))).toExtend<StandardToolSchema>()
  })

  it('refuses a Standard Schema without a JSON Schema side (bare valibot)', () => {
    expectTypeOf(v.object({ a: v.string() })).not.toExtend<StandardToolSchema>()
    expectTypeOf(v.object({ a: v.string() })).not.toExtend<StandardJSONSchemaSource>()
  })
})

describe('checkStandardArgs', () => {
  it('types the value with the schema output, transforms applied', () => {
    const schema = z.object({ title: z.string().transform((text) => text.length) })
    expectTypeOf(checkStandardArgs(schema, {})).toEqualTypeOf<
      StandardArgsResult<{ title: number }> | Promise<StandardArgsResult<{ title: number }>>
    >()
    const result = checkStandardArgs(type({ n: 'string.numeric.parse' }), {})
    if (!(result instanceof Promise) && result.issues === undefined) {
      expectTypeOf(result.value).toEqualTypeOf<{ n: number }>()
    }
    if (!(result instanceof Promise) && result.issues !== undefined) {
      expectTypeOf(result.issues).toEqualTypeOf<readonly ArgIssue[]>()
    }
  })

  it('needs a Standard Schema', () => {
    // @ts-expect-error a schema spec is not a Standard Schema
    expectTypeOf(checkStandardArgs(spec, {})).not.toBeNever()
  })
})

describe('the functions that read a Standard JSON Schema', () => {
  it('take zod, arktype and wrapped valibot beside a spec', () => {
    const schema = z.object({ a: z.string() })
    expectTypeOf(standardSchemaToJsonSchema(schema).type).toEqualTypeOf<'object'>()
    toProviderSchema(schema, 'openai')
    toProviderSchema(type({ a: 'string' }), 'gemini')
    toProviderSchema(spec, 'openai')
    expectTypeOf(normalizeArgs(toStandardJsonSchema(v.object({ a: v.string() })), {})).toBeUnknown()
    // @ts-expect-error bare valibot has no JSON Schema side
    toProviderSchema(v.object({ a: v.string() }), 'openai')
  })
})
