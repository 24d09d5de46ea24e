import type { StandardJSONSchemaV1 } from '@standard-schema/spec'
import { toStandardJsonSchema } from '@valibot/to-json-schema'
import { type } from 'arktype'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { checkStandardArgs } from './check-standard-args.js'
import { normalizeArgs } from './normalize-args.js'
import type { StandardJSONSchemaSource } from './standard-tool-schema.js'

/**
 * SPEC §9.3's null→absent rule, read from a Standard Schema's JSON Schema (SPEC §10): strict
 * models send `null` for the optional members they leave out, and zod's `.optional()` (like
 * valibot's and arktype's optional keys) refuses `null`.
 */

/** A Standard JSON Schema that writes `schema`. */
function written(schema: Record<string, unknown>): StandardJSONSchemaSource {
  const input = (options: StandardJSONSchemaV1.Options) => {
    expect(options).toEqual({ target: 'draft-2020-12' })
    return schema
  }
  return {
    '~standard': { version: 1, vendor: 'acme', jsonSchema: { input, output: input } },
  }
}

describe('normalizeArgs with a Standard Schema', () => {
  const zodSchema = z.object({
    path: z.string(),
    limit: z.number().int().optional(),
    note: z.string().nullable().optional(),
    options: z.object({ depth: z.number().optional(), name: z.string() }).optional(),
    edits: z.array(z.object({ text: z.string().optional(), at: z.number() })).optional(),
  })

  it('removes the null of an optional member that does not accept null, so validation passes', () => {
    const args = { path: 'a', limit: null, note: null, options: { depth: null, name: 'n' } }
    const normalized = normalizeArgs(zodSchema, args)
    expect(normalized).toEqual({ path: 'a', note: null, options: { name: 'n' } })
    expect(args).toEqual({
      path: 'a',
      limit: null,
      note: null,
      options: { depth: null, name: 'n' },
    })
    expect(checkStandardArgs(zodSchema, normalized)).toEqual({
      value: { path: 'a', note: null, options: { name: 'n' } },
    })
    expect(checkStandardArgs(zodSchema, args)).toHaveProperty('issues')
  })

  it('goes through array items, copying only along changed paths', () => {
    const untouched = { path: 'p' }
    const args = {
      path: 'a',
      edits: [
        { text: null, at: 1 },
        { text: 'x', at: 2 },
      ],
      untouched,
    }
    const normalized = normalizeArgs(zodSchema, args) as typeof args
    expect(normalized.edits).toEqual([{ at: 1 }, { text: 'x', at: 2 }])
    expect(normalized.edits[1]).toBe(args.edits[1])
    expect(normalized.untouched).toBe(untouched)
  })

  it('returns the arguments themselves when there is no null to remove', () => {
    const args = { path: 'a', limit: 3, options: { name: 'n' } }
    expect(normalizeArgs(zodSchema, args)).toBe(args)
    for (const value of ['x', null, [1], 3]) expect(normalizeArgs(zodSchema, value)).toBe(value)
  })

  it('keeps the null of a required member, for validation to report', () => {
    expect(normalizeArgs(zodSchema, { path: null })).toEqual({ path: null })
  })

  it('follows valibot and arktype JSON Schema alike', () => {
    const valibotSchema = toStandardJsonSchema(
      v.object({ path: v.string(), limit: v.optional(v.number()), note: v.nullish(v.string()) }),
    )
    const arktypeSchema = type({ path: 'string', 'limit?': 'number', 'note?': 'string | null' })
    for (const schema of [valibotSchema, arktypeSchema]) {
      const normalized = normalizeArgs(schema, { path: 'a', limit: null, note: null })
      expect(normalized).toEqual({ path: 'a', note: null })
      expect(checkStandardArgs(schema, normalized)).toHaveProperty('value')
    }
  })

  it('picks the one alternative of a discriminated union that the value can match', () => {
    const schema = z.object({
      op: z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('move'), to: z.string(), force: z.boolean().optional() }),
        z.object({ kind: z.literal('delete'), force: z.boolean().nullable().optional() }),
      ]),
    })
    expect(normalizeArgs(schema, { op: { kind: 'move', to: 'b', force: null } })).toEqual({
      op: { kind: 'move', to: 'b' },
    })
    expect(normalizeArgs(schema, { op: { kind: 'delete', force: null } })).toEqual({
      op: { kind: 'delete', force: null },
    })
  })

  it('leaves a union it cannot tell apart as it is', () => {
    const schema = written({
      type: 'object',
      properties: {
        target: {
          anyOf: [
            { type: 'object', properties: { a: { type: 'string' } } },
            { type: 'object', properties: { b: { type: 'string' } } },
          ],
        },
      },
    })
    const args = { target: { a: null } }
    expect(normalizeArgs(schema, args)).toBe(args)
  })

  it('follows local $refs, zod recursive schemas included, and stops at cycles', () => {
    interface Node {
      name: string
      size?: number | undefined
      children?: Node[] | undefined
    }
    const node: z.ZodType<Node> = z.object({
      name: z.string(),
      size: z.number().optional(),
      get children() {
        return z.array(node).optional()
      },
    })
    const args = {
      name: 'root',
      children: [{ name: 'a', size: null, children: [{ name: 'b', size: null }] }],
    }
    expect(normalizeArgs(node, args)).toEqual({
      name: 'root',
      children: [{ name: 'a', children: [{ name: 'b' }] }],
    })
    const loop = written({
      type: 'object',
      properties: { a: { $ref: '#/$defs/x' }, b: { $ref: '#/nowhere' } },
      $defs: { x: { $ref: '#/$defs/x' } },
    })
    const unresolved = { a: null, b: null }
    expect(normalizeArgs(loop, unresolved)).toBe(unresolved)
  })

  it('keeps a null where the member schema cannot tell (no type, not, allOf of unknowns)', () => {
    const schema = written({
      type: 'object',
      properties: {
        any: {},
        described: { description: 'anything' },
        negated: { not: { type: 'string' } },
        typed: { type: 'string' },
        constant: { const: 'x' },
        nullConstant: { const: null },
        listed: { enum: ['a', null] },
        both: { allOf: [{ type: 'string' }, {}] },
      },
    })
    const args = {
      any: null,
      described: null,
      negated: null,
      typed: null,
      constant: null,
      nullConstant: null,
      listed: null,
      both: null,
    }
    expect(normalizeArgs(schema, args)).toEqual({
      any: null,
      described: null,
      negated: null,
      nullConstant: null,
      listed: null,
    })
  })

  it('keeps a member named __proto__ an own member, and never changes a prototype', () => {
    const schema = written({
      type: 'object',
      properties: { ['__proto__']: { type: 'object', properties: { x: { type: 'string' } } } },
    })
    const args = JSON.parse('{"__proto__": {"x": null}}') as object
    const normalized = normalizeArgs(schema, args) as Record<string, unknown>
    expect(Object.getPrototypeOf(normalized)).toBe(Object.prototype)
    expect(Object.getOwnPropertyDescriptor(normalized, '__proto__')?.value).toEqual({})
  })

  it('never throws on hostile arguments', () => {
    const hostile = new Proxy(
      {},
      {
        ownKeys: () => {
          throw new Error('trap')
        },
        getOwnPropertyDescriptor: () => {
          throw new Error('trap')
        },
      },
    )
    expect(normalizeArgs(zodSchema, hostile)).toBe(hostile)
  })
})
