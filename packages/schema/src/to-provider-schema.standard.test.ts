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
    const mail = z.object({ to: z.email() })
    for (const schema of [tree, mail]) {
      for (const dialect of dialects) {
        const { issues } = toProviderSchema(schema, dialect)
        const fatal = issues.filter((issue) => issue.fatal)
        if (dialect === 'openai-strict' || dialect === 'gemini') {
          expect(fatal.length).toBeGreaterThan(0)
        } else {
          expect(fatal).toEqual([])
        }
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
    expect(toProviderSchema(mail, 'gemini').issues).toContainEqual({
      path: 'parameters.properties.to',
      keyword: 'format',
      message: '"format" is outside toolpipe\'s schema subset and cannot be converted for gemini',
      fatal: true,
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
