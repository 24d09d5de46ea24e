import { describe, expectTypeOf, it } from 'vitest'
import type { InferStructured } from './infer-structured.js'
import type {
  StructuredOutputSchema,
  StructuredSchemaNode,
  StructuredSubschema,
} from './structured-schema.js'

describe('InferStructured', () => {
  it('makes required members required and the others optional', () => {
    const schema = {
      type: 'object',
      properties: { id: { type: 'string' }, note: { type: 'string' } },
      required: ['id'],
      additionalProperties: false,
    } as const
    expectTypeOf(schema).toExtend<StructuredOutputSchema>()
    expectTypeOf<InferStructured<typeof schema>>().toEqualTypeOf<{ id: string; note?: string }>()
    // @ts-expect-error: id is required
    const missing: InferStructured<typeof schema> = { note: 'x' }
    expectTypeOf(missing).toBeObject()
  })

  it('closes an object only under additionalProperties: false', () => {
    const open = {
      type: 'object',
      properties: { id: { type: 'integer' } },
      required: ['id'],
    } as const
    expectTypeOf(open).toExtend<StructuredOutputSchema>()
    expectTypeOf<InferStructured<typeof open>>().toEqualTypeOf<{
      [key: string]: unknown
      id: number
    }>()
    const explicit = { ...open, additionalProperties: true } as const
    expectTypeOf(explicit).toExtend<StructuredOutputSchema>()
    expectTypeOf<InferStructured<typeof explicit>>().toEqualTypeOf<{
      [key: string]: unknown
      id: number
    }>()
    const closed = { ...open, additionalProperties: false } as const
    expectTypeOf(closed).toExtend<StructuredOutputSchema>()
    expectTypeOf<InferStructured<typeof closed>>().toEqualTypeOf<{ id: number }>()
    // @ts-expect-error: a closed object has no other members
    const extra: InferStructured<typeof closed> = { id: 1, other: true }
    expectTypeOf(extra).toBeObject()
  })

  it('gives literal types for enum and const', () => {
    const schema = {
      type: 'object',
      properties: {
        verdict: { type: 'string', enum: ['pass', 'fail'] },
        level: { type: 'integer', enum: [1, 2, 3] },
        kind: { type: 'string', const: 'report' },
        flag: { type: 'boolean', const: true },
        nothing: { type: 'null', const: null },
      },
      required: ['verdict', 'level', 'kind', 'flag', 'nothing'],
      additionalProperties: false,
    } as const
    expectTypeOf(schema).toExtend<StructuredOutputSchema>()
    expectTypeOf<InferStructured<typeof schema>>().toEqualTypeOf<{
      verdict: 'pass' | 'fail'
      level: 1 | 2 | 3
      kind: 'report'
      flag: true
      nothing: null
    }>()
  })

  it('maps integer and number to number, boolean, null', () => {
    expectTypeOf<InferStructured<{ readonly type: 'integer' }>>().toEqualTypeOf<number>()
    expectTypeOf<InferStructured<{ readonly type: 'number' }>>().toEqualTypeOf<number>()
    expectTypeOf<InferStructured<{ readonly type: 'boolean' }>>().toEqualTypeOf<boolean>()
    expectTypeOf<InferStructured<{ readonly type: 'null' }>>().toEqualTypeOf<null>()
    expectTypeOf<InferStructured<{ readonly type: 'string' }>>().toEqualTypeOf<string>()
  })

  it('types nested arrays and nested objects', () => {
    const schema = {
      type: 'object',
      properties: {
        grid: { type: 'array', items: { type: 'array', items: { type: 'number' } } },
        rows: {
          type: 'array',
          items: {
            type: 'object',
            properties: { name: { type: 'string' }, tags: { type: 'array' } },
            required: ['name'],
            additionalProperties: false,
          },
        },
        meta: { type: 'object' },
        closedEmpty: { type: 'object', additionalProperties: false },
      },
      required: ['grid', 'rows', 'meta', 'closedEmpty'],
      additionalProperties: false,
    } as const
    expectTypeOf(schema).toExtend<StructuredOutputSchema>()
    type Value = InferStructured<typeof schema>
    expectTypeOf<Value['grid']>().toEqualTypeOf<number[][]>()
    expectTypeOf<Value['rows']>().toEqualTypeOf<{ name: string; tags?: unknown[] }[]>()
    expectTypeOf<Value['meta']>().toEqualTypeOf<Record<string, unknown>>()
    expectTypeOf<Value['closedEmpty']>().toEqualTypeOf<Record<string, never>>()
  })

  it('is flat on hover: a plain object type, not an intersection', () => {
    const schema = {
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'number' } },
      required: ['a'],
      additionalProperties: false,
    } as const
    expectTypeOf(schema).toExtend<StructuredOutputSchema>()
    type Value = InferStructured<typeof schema>
    expectTypeOf<keyof Value>().toEqualTypeOf<'a' | 'b'>()
    expectTypeOf<Value>().toEqualTypeOf<{ a: string; b?: number }>()
  })

  it('adds null for a nullable type, and takes the union of anyOf (SPEC §9.1)', () => {
    const schema = {
      type: 'object',
      properties: {
        note: { type: ['string', 'null'], maxLength: 80 },
        score: { type: ['number', 'null'], minimum: 0, exclusiveMaximum: 1 },
        tags: { type: ['array', 'null'], items: { type: 'string', pattern: '^[a-z]+$' } },
        owner: { type: ['object', 'null'], properties: { id: { type: 'integer' } } },
        id: { anyOf: [{ type: 'string', minLength: 1 }, { type: 'integer' }] },
        shape: {
          anyOf: [
            {
              type: 'object',
              properties: { kind: { type: 'string', const: 'circle' }, r: { type: 'number' } },
              required: ['kind', 'r'],
              additionalProperties: false,
            },
            {
              type: 'object',
              properties: { kind: { type: 'string', const: 'square' }, side: { type: 'number' } },
              required: ['kind', 'side'],
              additionalProperties: false,
            },
          ],
          description: 'a discriminated union',
        },
        level: { type: 'integer', enum: [1, 2, 3] },
        ratio: { type: ['number', 'null'], enum: [0.5, 1, null] },
        list: { type: 'array', items: { type: 'integer' }, minItems: 1, maxItems: 3 },
      },
      required: ['note', 'score', 'tags', 'owner', 'id', 'shape', 'level', 'ratio', 'list'],
      additionalProperties: false,
    } as const
    expectTypeOf(schema).toExtend<StructuredOutputSchema>()
    type Value = InferStructured<typeof schema>
    expectTypeOf<Value['note']>().toEqualTypeOf<string | null>()
    expectTypeOf<Value['score']>().toEqualTypeOf<number | null>()
    expectTypeOf<Value['tags']>().toEqualTypeOf<string[] | null>()
    expectTypeOf<Value['owner']>().toEqualTypeOf<{ [key: string]: unknown; id?: number } | null>()
    expectTypeOf<Value['id']>().toEqualTypeOf<string | number>()
    expectTypeOf<Value['shape']>().toEqualTypeOf<
      { kind: 'circle'; r: number } | { kind: 'square'; side: number }
    >()
    expectTypeOf<Value['level']>().toEqualTypeOf<1 | 2 | 3>()
    expectTypeOf<Value['ratio']>().toEqualTypeOf<0.5 | 1 | null>()
    expectTypeOf<Value['list']>().toEqualTypeOf<number[]>()
  })

  it('keeps the root an object node, and anyOf out of it', () => {
    const anyOfRoot = { anyOf: [{ type: 'object' }] } as const
    expectTypeOf(anyOfRoot).toExtend<StructuredSubschema>()
    expectTypeOf(anyOfRoot).not.toExtend<StructuredOutputSchema>()
    // @ts-expect-error: only [type, 'null'] is an array of types
    const twoTypes: StructuredSchemaNode = { type: ['string', 'number'] }
    // @ts-expect-error: null cannot be made nullable
    const nullNull: StructuredSchemaNode = { type: ['null', 'null'] }
    // @ts-expect-error: a nullable root is not an object root
    const nullableRoot: StructuredOutputSchema = { type: ['object', 'null'] }
    // @ts-expect-error: a pattern is a string
    const badPattern: StructuredSchemaNode = { type: 'string', pattern: /x/ }
    expectTypeOf([twoTypes, nullNull, nullableRoot, badPattern]).toBeArray()
  })

  it('degrades gracefully on widened, any and never schemas', () => {
    expectTypeOf<InferStructured<StructuredOutputSchema>>().toEqualTypeOf<Record<string, unknown>>()
    // JSON.parse returns `any`: a schema typed `any` says nothing about values.
    expectTypeOf<InferStructured<ReturnType<typeof JSON.parse>>>().toEqualTypeOf<unknown>()
    expectTypeOf<InferStructured<never>>().toEqualTypeOf<never>()
    expectTypeOf<InferStructured<StructuredSchemaNode>>().not.toBeAny()
  })
})

describe('InferStructured of an object without members is an object type (SPEC §4)', () => {
  it('closed, with properties: {}, is Record<string, never>, as without properties', () => {
    const empty = { type: 'object', properties: {}, additionalProperties: false } as const
    const bare = { type: 'object', additionalProperties: false } as const
    expectTypeOf(empty).toExtend<StructuredOutputSchema>()
    expectTypeOf(bare).toExtend<StructuredOutputSchema>()
    // Before: `{}`, which 'a string' and 42 satisfy; the schema accepts `{}` alone.
    expectTypeOf<InferStructured<typeof empty>>().toEqualTypeOf<Record<string, never>>()
    expectTypeOf<InferStructured<typeof empty>>().toEqualTypeOf<InferStructured<typeof bare>>()
    // @ts-expect-error: a string is not an object
    const text: InferStructured<typeof empty> = 'a string'
    // @ts-expect-error: nor is a number
    const count: InferStructured<typeof empty> = 42
    // @ts-expect-error: a closed object without members takes no member
    const member: InferStructured<typeof empty> = { x: 1 }
    const none: InferStructured<typeof empty> = {}
    expectTypeOf([text, count, member, none]).toBeArray()
  })

  it('open, with properties: {}, takes any member and still no primitive', () => {
    const open = { type: 'object', properties: {} } as const
    expectTypeOf(open).toExtend<StructuredOutputSchema>()
    expectTypeOf<InferStructured<typeof open>>().toEqualTypeOf<Record<string, unknown>>()
    expectTypeOf<7>().not.toExtend<InferStructured<typeof open>>()
  })

  it('nested, and nullable, the same', () => {
    const schema = {
      type: 'object',
      properties: {
        options: { type: ['object', 'null'], properties: {}, additionalProperties: false },
      },
      required: ['options'],
      additionalProperties: false,
    } as const
    expectTypeOf(schema).toExtend<StructuredOutputSchema>()
    expectTypeOf<InferStructured<typeof schema>>().toEqualTypeOf<{
      options: Record<string, never> | null
    }>()
  })
})
