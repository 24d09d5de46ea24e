import { describe, expectTypeOf, it } from 'vitest'
import type { InferArgs, InferPropValue } from './infer-args.js'
import type { SchemaProp, SchemaSpec } from './schema-spec.js'

/**
 * What `@toolpipe/tools` declares: the spec is written inline, with no `as const` and no type
 * assertion, and `execute` receives the inferred arguments.
 */
declare function defineTool<const TSpec extends SchemaSpec>(definition: {
  name: string
  parameters: TSpec
  execute(args: InferArgs<TSpec>): Promise<string>
}): { parameters: TSpec }

describe('InferArgs with a defineTool-style generic helper (inline literal spec)', () => {
  it('infers required, optional, enum, nested object and array members', () => {
    defineTool({
      name: 'edit_files',
      parameters: {
        edits: {
          type: 'array',
          required: true,
          description: 'the edits',
          items: {
            type: 'object',
            properties: {
              path: { type: 'string', required: true },
              old_text: { type: 'string', required: true },
              new_text: { type: 'string', required: true },
              replace_all: { type: 'boolean' },
              mode: { type: 'string', enum: ['exact', 'fuzzy'], default: 'exact' },
            },
          },
        },
        dry_run: { type: 'boolean' },
        limit: { type: 'number', default: 10 },
        options: { type: 'object' },
        tags: { type: 'array' },
      },
      execute(args) {
        expectTypeOf(args).toEqualTypeOf<{
          edits: {
            path: string
            old_text: string
            new_text: string
            replace_all?: boolean
            mode?: 'exact' | 'fuzzy'
          }[]
          dry_run?: boolean
          limit?: number
          options?: Record<string, unknown>
          tags?: unknown[]
        }>()
        const first = args.edits[0]
        if (first !== undefined) {
          expectTypeOf(first.path).toEqualTypeOf<string>()
          expectTypeOf(first.mode).toEqualTypeOf<'exact' | 'fuzzy' | undefined>()
        }
        // @ts-expect-error: not a declared member
        const typo: unknown = args.pathh
        expectTypeOf(typo).toBeUnknown()
        // @ts-expect-error: limit is a number
        args.limit = '10'
        // @ts-expect-error: not one of the enum values
        args.edits.push({ path: '', old_text: '', new_text: '', mode: 'regex' })
        return Promise.resolve(first?.path ?? '')
      },
    })
  })

  it('keeps the spec type it inferred', () => {
    const tool = defineTool({
      name: 'read_file',
      parameters: { path: { type: 'string', required: true } },
      execute: (args) => Promise.resolve(args.path),
    })
    expectTypeOf(tool.parameters.path.type).toEqualTypeOf<'string'>()
    expectTypeOf(tool.parameters.path.required).toEqualTypeOf<true>()
  })

  it('refuses a spec that is not one, at the call site', () => {
    defineTool({
      name: 'bad',
      // @ts-expect-error: 'text' is not a SchemaType
      parameters: { path: { type: 'text' } },
      execute: () => Promise.resolve(''),
    })
    defineTool({
      name: 'bad',
      // @ts-expect-error: enum values are strings
      parameters: { level: { type: 'string', enum: [1, 2] } },
      execute: () => Promise.resolve(''),
    })
    defineTool({
      name: 'bad',
      // @ts-expect-error: required is `true` or absent
      parameters: { path: { type: 'string', required: false } },
      execute: () => Promise.resolve(''),
    })
  })
})

describe('InferArgs with an `as const` spec', () => {
  const readFile = {
    path: { type: 'string', required: true },
    offset: { type: 'number' },
    encoding: { type: 'string', enum: ['utf8', 'base64'] },
  } as const
  type Args = InferArgs<typeof readFile>
  expectTypeOf(readFile.encoding.enum).toEqualTypeOf<readonly ['utf8', 'base64']>()

  it('is one flat object type with required and truly optional keys', () => {
    // toEqualTypeOf tells an intersection from its flattened form, so this also proves Simplify.
    expectTypeOf<Args>().toEqualTypeOf<{
      path: string
      offset?: number
      encoding?: 'utf8' | 'base64'
    }>()
    expectTypeOf<{ path: string }>().toExtend<Args>()
    // exactOptionalPropertyTypes: optional means absent, not undefined
    expectTypeOf<{ path: string; offset: undefined }>().not.toExtend<Args>()
    expectTypeOf<{ offset: number }>().not.toExtend<Args>()
  })

  it('refuses undeclared keys and wrong types', () => {
    const args: Args = { path: 'a' }
    // @ts-expect-error: not declared
    const limit: unknown = args.limit
    expectTypeOf(limit).toBeUnknown()
    // @ts-expect-error: path is a string
    const wrong: Args = { path: 1 }
    // @ts-expect-error: not one of the enum values
    const badEnum: Args = { path: 'a', encoding: 'latin1' }
    expectTypeOf(wrong).toEqualTypeOf<Args>()
    expectTypeOf(badEnum).toEqualTypeOf<Args>()
  })
})

describe('InferArgs with a `satisfies SchemaSpec` spec', () => {
  it('keeps literal types, without enum literals (the array is string[])', () => {
    const spec = {
      path: { type: 'string', required: true },
      encoding: { type: 'string', enum: ['utf8'] },
    } satisfies SchemaSpec
    expectTypeOf(spec.path.type).toEqualTypeOf<'string'>()
    expectTypeOf<InferArgs<typeof spec>>().toEqualTypeOf<{ path: string; encoding?: string }>()
  })
})

describe('InferArgs with a spec typed as plain SchemaSpec', () => {
  it('gives an index signature of every possible value, not any', () => {
    type Args = InferArgs<SchemaSpec>
    expectTypeOf<Args>().not.toBeAny()
    // SPEC §9.2 made `nullable` part of the DSL, so `null` is one of the possibilities.
    expectTypeOf<Args[string]>().toEqualTypeOf<
      string | number | boolean | Record<string, unknown> | unknown[] | null | undefined
    >()
  })

  it('InferPropValue of plain SchemaProp is the union of every type', () => {
    expectTypeOf<InferPropValue<SchemaProp>>().toEqualTypeOf<
      string | number | boolean | Record<string, unknown> | unknown[] | null
    >()
  })
})

describe('InferPropValue', () => {
  it('maps each type', () => {
    expectTypeOf<InferPropValue<{ type: 'string' }>>().toEqualTypeOf<string>()
    expectTypeOf<InferPropValue<{ type: 'number' }>>().toEqualTypeOf<number>()
    expectTypeOf<InferPropValue<{ type: 'boolean' }>>().toEqualTypeOf<boolean>()
    expectTypeOf<InferPropValue<{ type: 'object' }>>().toEqualTypeOf<Record<string, unknown>>()
    expectTypeOf<InferPropValue<{ type: 'array' }>>().toEqualTypeOf<unknown[]>()
    expectTypeOf<InferPropValue<{ type: 'string'; enum: readonly ['a', 'b'] }>>().toEqualTypeOf<
      'a' | 'b'
    >()
    expectTypeOf<InferPropValue<{ type: 'string'; enum: string[] }>>().toEqualTypeOf<string>()
  })

  it('nests: arrays of arrays, objects in arrays, required inside nested objects', () => {
    type Matrix = InferPropValue<{
      type: 'array'
      items: { type: 'array'; items: { type: 'number' } }
    }>
    expectTypeOf<Matrix>().toEqualTypeOf<number[][]>()
    type Point = InferPropValue<{
      type: 'object'
      properties: { x: { type: 'number'; required: true }; label: { type: 'string' } }
    }>
    expectTypeOf<Point>().toEqualTypeOf<{ x: number; label?: string }>()
    type Deep = InferPropValue<{
      type: 'object'
      properties: {
        a: {
          type: 'object'
          required: true
          properties: { b: { type: 'array'; items: { type: 'boolean' } } }
        }
      }
    }>
    expectTypeOf<Deep>().toEqualTypeOf<{ a: { b?: boolean[] } }>()
  })

  it('ignores the required flag of an array item', () => {
    expectTypeOf<
      InferPropValue<{ type: 'array'; items: { type: 'string'; required: true } }>
    >().toEqualTypeOf<string[]>()
  })
})

describe('SchemaProp and SchemaSpec', () => {
  it('accept readonly enums and readonly objects', () => {
    expectTypeOf<{
      readonly type: 'string'
      readonly enum: readonly ['a']
    }>().toExtend<SchemaProp>()
    expectTypeOf<{ readonly a: { readonly type: 'number' } }>().toExtend<SchemaSpec>()
  })

  it('refuse unknown types and non-string enums', () => {
    expectTypeOf<{ type: 'text' }>().not.toExtend<SchemaProp>()
    expectTypeOf<{ type: 'string'; enum: number[] }>().not.toExtend<SchemaProp>()
    expectTypeOf<{ type: 'string'; required: false }>().not.toExtend<SchemaProp>()
  })
})

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
