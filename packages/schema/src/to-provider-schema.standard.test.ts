import { toStandardJsonSchema } from '@valibot/to-json-schema'
import { type } from 'arktype'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { dialects } from './dialect.js'
import { standardSchema } from './standard-schema.js'
import { StandardSchemaError } from './standard-schema-error.js'
import { standardSchemaToJsonSchema } from './standard-schema-to-json-schema.js'
import { jsonSchemaToProviderSchema, toProviderSchema } from './to-provider-schema.js'

/**
 * SPEC §10: dialects apply to a Standard Schema's JSON Schema; what falls outside the subset is
 * a dialect issue, not a crash. (The dialect rules themselves, with the provider documents behind
 * them, are pinned in to-provider-schema.test.ts.)
 */

const search = z.object({
  query: z.string().max(80),
  limit: z.number().int().min(1).optional(),
})

describe('toProviderSchema with a Standard Schema', () => {
  it('converts the library JSON Schema exactly as jsonSchemaToProviderSchema does', () => {
    for (const schema of [
      search,
      toStandardJsonSchema(v.object({ query: v.string(), limit: v.optional(v.number()) })),
      type({ query: 'string', 'limit?': 'number' }),
    ]) {
      for (const dialect of dialects) {
        expect(toProviderSchema(schema, dialect)).toEqual(
          jsonSchemaToProviderSchema(standardSchemaToJsonSchema(schema), dialect),
        )
      }
    }
  })

  it('writes zod for OpenAI strict mode: every member required, optional ones nullable, objects closed', () => {
    const { schema, issues } = toProviderSchema(search, 'openai-strict')
    expect(schema).toEqual({
      type: 'object',
      properties: {
        query: { type: 'string', description: 'at most 80 characters' },
        limit: { type: ['integer', 'null'], minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
      },
      required: ['query', 'limit'],
      additionalProperties: false,
    })
    expect(issues.every((issue) => !issue.fatal)).toBe(true)
  })

  it('makes what falls outside the subset a dialect issue: fatal only where the provider cannot take it', () => {
    interface Node {
      name: string
      children?: Node[] | undefined
    }
    const tree: z.ZodType<Node> = z.object({
      name: z.string(),
      get children() {
        return z.array(tree).optional()
      },
    })
    for (const dialect of dialects) {
      const { issues } = toProviderSchema(tree, dialect)
      const fatal = issues.filter((issue) => issue.fatal)
      if (dialect === 'openai-strict' || dialect === 'gemini') {
        expect(fatal.length).toBeGreaterThan(0)
      } else {
        expect(fatal).toEqual([])
      }
    }
    // A recursive zod schema refers to itself with `$ref`: sent as written where JSON Schema is
    // taken, fatal where the dialect needs every node typed.
    expect(toProviderSchema(tree, 'openai').schema).toMatchObject({
      properties: { children: { items: { $ref: '#' } } },
    })
    expect(toProviderSchema(tree, 'openai-strict').issues).toEqual([
      {
        path: 'parameters.properties.children.items',
        keyword: 'type',
        message: 'a node without "type" (any value) cannot be expressed in openai-strict',
        fatal: true,
      },
    ])
  })

  it("zod's z.email(), z.url() and z.iso.date() are expressible in every dialect (SPEC §22: format is never fatal on its own)", () => {
    const message = z.object({
      to: z.email(),
      link: z.url().optional(),
      on: z.iso.date(),
      at: z.iso.datetime(),
    })
    for (const dialect of dialects) {
      const { issues } = toProviderSchema(message, dialect)
      expect(issues.filter((issue) => issue.fatal)).toEqual([])
    }
    // [OpenAI] documents email, date and date-time, not uri; [Gemini] only date-time of these.
    const strict = toProviderSchema(message, 'openai-strict').schema.properties
    expect(strict?.to).toMatchObject({ type: 'string', format: 'email' })
    expect(strict?.link).toEqual({ type: ['string', 'null'], description: 'format: uri' })
    expect(strict?.on).toMatchObject({ type: 'string', format: 'date' })
    const gemini = toProviderSchema(message, 'gemini').schema.properties
    expect(gemini?.to).toMatchObject({ type: 'string', description: 'format: email' })
    expect(gemini?.to).not.toHaveProperty('format')
    expect(gemini?.at).toMatchObject({ type: 'string', format: 'date-time' })
    expect(toProviderSchema(message, 'gemini').issues).toContainEqual({
      path: 'parameters.properties.to',
      keyword: 'format',
      message:
        'format "email" is not supported by gemini on a string: moved into the description as "format: email"',
      fatal: false,
    })
  })

  it('writes standardSchema(spec) as toProviderSchema(spec)', () => {
    const spec = { title: { type: 'string', maxLength: 80, required: true } } as const
    for (const dialect of dialects) {
      expect(toProviderSchema(standardSchema(spec), dialect)).toEqual(
        toProviderSchema(spec, dialect),
      )
    }
  })

  it('throws the typed StandardSchemaError when the JSON Schema cannot be had', () => {
    expect(() => toProviderSchema(z.object({ when: z.date() }), 'openai')).toThrow(
      StandardSchemaError,
    )
  })
})
