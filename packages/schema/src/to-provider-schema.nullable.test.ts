import type { JsonObject } from '@toolpipe/core'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { convert, member } from './__fixtures__/convert.js'
import type { SchemaProp } from './schema-spec.js'
import { standardSchemaToJsonSchema } from './standard-schema-to-json-schema.js'
import { toProviderSchema } from './to-provider-schema.js'

// SPEC §9.3, gemini: "`nullable: true` instead of type arrays … `anyOf` allowed"; SPEC §10:
// "Dialects apply to the produced JSON Schema". zod's `.nullable()` on an object, an array or an
// enum writes `anyOf: [X, { type: 'null' }]`. [Gemini] Schema has no "null" type but
// `nullable` ("Indicates if the value of this field can be null"), and googleapis/js-genai's
// processJsonSchema folds a two-member anyOf with a null member into `nullable: true`. Before,
// the null member was a fatal issue for Gemini, while the same prop written in the DSL was not.

interface Row {
  readonly name: string
  readonly schema: z.ZodType
  /** What Gemini gets for the member. */
  readonly gemini: JsonObject
  /** The same prop in the DSL, where it has one: Gemini gets the same from both. */
  readonly prop?: SchemaProp
}

const rows: readonly Row[] = [
  {
    name: 'an object',
    schema: z.object({ line: z.number() }).nullable(),
    gemini: {
      type: 'object',
      nullable: true,
      properties: { line: { type: 'number' } },
      required: ['line'],
    },
    prop: {
      type: 'object',
      nullable: true,
      properties: { line: { type: 'number', required: true } },
    },
  },
  {
    name: 'an enum',
    schema: z.enum(['a', 'b']).nullable(),
    gemini: { type: 'string', nullable: true, enum: ['a', 'b'] },
    prop: { type: 'string', nullable: true, enum: ['a', 'b'] },
  },
  {
    name: 'an array',
    schema: z.array(z.string()).nullable(),
    gemini: { type: 'array', nullable: true, items: { type: 'string' } },
    prop: { type: 'array', nullable: true, items: { type: 'string' } },
  },
  {
    name: 'an integer',
    schema: z.number().int().min(1).nullable(),
    gemini: { type: 'integer', nullable: true, minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
  },
  {
    name: 'an object described outside (the outer description wins)',
    schema: z.object({ a: z.string() }).describe('inner').nullable().describe('where'),
    gemini: {
      type: 'object',
      nullable: true,
      properties: { a: { type: 'string' } },
      required: ['a'],
      description: 'where',
    },
  },
  {
    name: 'an object described inside',
    schema: z.object({ a: z.string() }).describe('inner').nullable(),
    gemini: {
      type: 'object',
      nullable: true,
      properties: { a: { type: 'string' } },
      required: ['a'],
      description: 'inner',
    },
  },
  {
    name: 'a union',
    schema: z.union([z.string(), z.object({ a: z.string() })]).nullable(),
    gemini: {
      anyOf: [
        { type: 'string' },
        { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
      ],
      nullable: true,
    },
  },
]

/** The member `v` of each dialect's schema of `z.object({ v: schema })`, and its fatal issues. */
function converted(schema: z.ZodType, dialect: Parameters<typeof toProviderSchema>[1]) {
  const { schema: written, issues } = toProviderSchema(z.object({ v: schema }), dialect)
  return { member: written.properties?.v, fatal: issues.filter((issue) => issue.fatal) }
}

describe('a nullable zod object, enum, array or union in each dialect (SPEC §9.3)', () => {
  it.each(rows)('gemini: $name becomes nullable: true, never a fatal issue', (row) => {
    const { member: written, fatal } = converted(row.schema, 'gemini')
    expect(fatal).toEqual([])
    expect(written).toEqual(row.gemini)
    if (row.prop !== undefined) {
      const dsl = toProviderSchema({ v: { ...row.prop, required: true } }, 'gemini')
      expect(dsl.issues).toEqual([])
      expect(dsl.schema.properties?.v).toEqual(written)
    }
  })

  it.each(rows)('openai-strict: $name keeps its anyOf with the null member', (row) => {
    // [OpenAI] "Supported schemas": anyOf, and a union type with null for what may be null.
    const { member: written, fatal } = converted(row.schema, 'openai-strict')
    expect(fatal).toEqual([])
    expect(written).toMatchObject({ anyOf: expect.arrayContaining([{ type: 'null' }]) as unknown })
  })

  it.each(rows)('openai and anthropic: $name as zod wrote it', (row) => {
    const { properties } = standardSchemaToJsonSchema(z.object({ v: row.schema }))
    const written = properties as Record<string, unknown>
    for (const dialect of ['openai', 'anthropic'] as const) {
      const { member: kept, fatal } = converted(row.schema, dialect)
      expect(fatal).toEqual([])
      expect(kept).toEqual(written.v)
    }
  })

  it('gemini: a nullable member left optional is nullable and not required', () => {
    const { schema, issues } = toProviderSchema(
      z.object({ v: z.object({ a: z.string() }).nullable().optional() }),
      'gemini',
    )
    expect(issues.filter((issue) => issue.fatal)).toEqual([])
    expect(schema.properties?.v).toMatchObject({ type: 'object', nullable: true })
    expect(schema.required).toBeUndefined()
  })
})

describe('gemini: which anyOf members fold (SPEC §9.3)', () => {
  it('the null member first, or with annotations of its own, folds the same', () => {
    for (const anyOf of [
      [{ type: 'null' }, { type: 'string', enum: ['a'] }],
      [
        { type: 'string', enum: ['a'] },
        { type: 'null', description: 'none', title: 'Nothing' },
      ],
    ]) {
      expect(convert(member({ anyOf }), 'gemini')).toEqual({
        schema: {
          type: 'object',
          properties: { m: { type: 'string', nullable: true, enum: ['a'] } },
        },
        issues: [],
      })
    }
  })

  it('a longer anyOf keeps its other members, nullable: true beside it (as js-genai does)', () => {
    const { schema, issues } = convert(
      member({ anyOf: [{ type: 'string' }, { type: 'null' }, { type: 'integer' }] }),
      'gemini',
    )
    expect(issues).toEqual([])
    expect(schema.properties?.m).toEqual({
      anyOf: [{ type: 'string' }, { type: 'integer' }],
      nullable: true,
    })
  })

  it('a null member with a keyword of its own, or null alone, stays fatal; issues keep their place', () => {
    for (const anyOf of [
      [{ type: 'string' }, { type: 'null', enum: [null] }],
      [{ type: 'null' }],
    ]) {
      expect(convert(member({ anyOf }), 'gemini').issues).toContainEqual({
        path: `parameters.properties.m.anyOf[${String(anyOf.length - 1)}]`,
        keyword: 'type',
        message: 'a node of type "null" alone cannot be expressed in Gemini',
        fatal: true,
      })
    }
    // The folded member's own issues name its place in the anyOf.
    expect(
      convert(member({ anyOf: [{ type: 'null' }, { type: 'number', enum: [1] }] }), 'gemini')
        .issues,
    ).toEqual([expect.objectContaining({ path: 'parameters.properties.m.anyOf[1]', fatal: true })])
  })
})
