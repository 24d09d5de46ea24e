import { describe, expectTypeOf, it } from 'vitest'
import type { InferArgs, InferPropValue } from './infer-args.js'
import type { SchemaProp, SchemaSpec } from './schema-spec.js'
import { defineTool } from './__fixtures__/define-tool-like.js'

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
