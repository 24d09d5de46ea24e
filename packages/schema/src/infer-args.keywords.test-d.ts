import { describe, expectTypeOf, it } from 'vitest'
import type { InferArgs, InferPropValue } from './infer-args.js'
import type { SchemaSpec } from './schema-spec.js'
import { defineTool } from './__fixtures__/define-tool-like.js'

describe('InferArgs of the §9.2 keywords (SPEC §9.2)', () => {
  it('integer → number, nullable → | null, numeric enum → the literals, anyOf → the union', () => {
    defineTool({
      name: 'search',
      parameters: {
        query: { type: 'string', required: true, minLength: 1, maxLength: 80, pattern: '\\S' },
        limit: { type: 'integer', minimum: 1, maximum: 500 },
        ratio: { type: 'number', exclusiveMinimum: 0, nullable: true },
        level: { type: 'integer', enum: [1, 2, 3] },
        mode: { type: 'string', enum: ['a', 'b'], nullable: true },
        tags: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 5 },
        target: {
          anyOf: [
            { type: 'string' },
            { type: 'object', properties: { line: { type: 'integer', required: true } } },
          ],
          required: true,
        },
        cursor: { anyOf: [{ type: 'string', nullable: true }, { type: 'integer' }] },
      },
      execute(args) {
        expectTypeOf(args).toEqualTypeOf<{
          query: string
          limit?: number
          ratio?: number | null
          level?: 1 | 2 | 3
          mode?: 'a' | 'b' | null
          tags?: string[]
          target: string | { line: number }
          cursor?: string | number | null
        }>()
        return Promise.resolve(args.query)
      },
    })
  })

  it('with `as const`: numeric enums keep their literals, an anyOf member ignores its required flag', () => {
    const spec = {
      size: { type: 'number', enum: [0.5, 1] },
      pick: { anyOf: [{ type: 'boolean', required: true }, { type: 'array' }] },
    } as const
    expectTypeOf(spec.size.enum).toEqualTypeOf<readonly [0.5, 1]>()
    expectTypeOf<InferArgs<typeof spec>>().toEqualTypeOf<{
      size?: 0.5 | 1
      pick?: boolean | unknown[]
    }>()
  })

  it('InferPropValue of each new form', () => {
    expectTypeOf<InferPropValue<{ type: 'integer' }>>().toEqualTypeOf<number>()
    expectTypeOf<InferPropValue<{ type: 'boolean'; nullable: true }>>().toEqualTypeOf<
      boolean | null
    >()
    expectTypeOf<
      InferPropValue<{ anyOf: readonly [{ type: 'string' }, { type: 'integer'; nullable: true }] }>
    >().toEqualTypeOf<string | number | null>()
    expectTypeOf<
      InferPropValue<{ type: 'array'; items: { anyOf: readonly [{ type: 'string' }] } }>
    >().toEqualTypeOf<string[]>()
  })

  it('misuse TypeScript can see is a compile error, inline in a generic call', () => {
    defineTool({
      name: 'bad',
      // @ts-expect-error: minLength belongs on strings
      parameters: { limit: { type: 'number', minLength: 1 } },
      execute: () => Promise.resolve(''),
    })
    defineTool({
      name: 'bad',
      // @ts-expect-error: a string enum holds strings
      parameters: { mode: { type: 'string', enum: [1] } },
      execute: () => Promise.resolve(''),
    })
    defineTool({
      name: 'bad',
      // @ts-expect-error: a numeric enum holds numbers
      parameters: { level: { type: 'integer', enum: ['1'] } },
      execute: () => Promise.resolve(''),
    })
    defineTool({
      name: 'bad',
      // @ts-expect-error: anyOf has no type of its own
      parameters: { target: { type: 'string', anyOf: [{ type: 'string' }] } },
      execute: () => Promise.resolve(''),
    })
    defineTool({
      name: 'bad',
      // @ts-expect-error: minimum belongs on numbers
      parameters: { name: { type: 'string', minimum: 1 } },
      execute: () => Promise.resolve(''),
    })
    defineTool({
      name: 'bad',
      // @ts-expect-error: minItems belongs on arrays
      parameters: { name: { type: 'object', minItems: 1 } },
      execute: () => Promise.resolve(''),
    })
    defineTool({
      name: 'bad',
      // @ts-expect-error: nullable is true or absent
      parameters: { name: { type: 'string', nullable: false } },
      execute: () => Promise.resolve(''),
    })
    defineTool({
      name: 'bad',
      // @ts-expect-error: a union prop carries anyOf, required and description only
      parameters: { name: { anyOf: [{ type: 'string' }], nullable: true } },
      execute: () => Promise.resolve(''),
    })
  })

  it('misuse in a `satisfies SchemaSpec` declaration', () => {
    const good = {
      limit: { type: 'integer', maximum: 10 },
    } satisfies SchemaSpec
    expectTypeOf(good.limit.maximum).toEqualTypeOf<number>()
    const bad = {
      // @ts-expect-error: pattern belongs on strings
      limit: { type: 'integer', pattern: 'x' },
    } satisfies SchemaSpec
    expectTypeOf(bad).not.toBeAny()
  })
})
