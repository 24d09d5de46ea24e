import { readTextFileInputSchema } from '@toolpipe/tool-schemas'
import { describe, expect, it } from 'vitest'
import { normalizeJsonSchemaArgs } from './normalize-json-schema-args.js'

/**
 * SPEC §9.3 and §22: the null→absent step read from a hand-written JSON Schema, the parameters
 * of an MCP tool among them. The keyword-by-keyword reading is shared with Standard JSON Schemas
 * (normalize-args.json-schema.test.ts); this pins the entry point itself.
 */

describe('normalizeJsonSchemaArgs', () => {
  it("removes a strict model's nulls for optional members that do not accept null", () => {
    expect(
      normalizeJsonSchemaArgs(readTextFileInputSchema, { path: 'a.txt', head: null, tail: null }),
    ).toEqual({ path: 'a.txt' })
  })

  it('keeps a null for a required member, or one that accepts null, for validation to judge', () => {
    const args = { path: null, head: 2 }
    expect(normalizeJsonSchemaArgs(readTextFileInputSchema, args)).toBe(args)
    const nullable = {
      type: 'object',
      properties: { note: { type: ['string', 'null'] }, any: {} },
    }
    const given = { note: null, any: null }
    expect(normalizeJsonSchemaArgs(nullable, given)).toBe(given)
  })

  it('returns the arguments themselves when there is nothing to remove, and never mutates them', () => {
    const args = Object.freeze({ path: 'a.txt', head: 2 })
    expect(normalizeJsonSchemaArgs(readTextFileInputSchema, args)).toBe(args)
    const frozen = Object.freeze({ path: 'a.txt', head: null })
    expect(normalizeJsonSchemaArgs(readTextFileInputSchema, frozen)).toEqual({ path: 'a.txt' })
    expect(frozen).toEqual({ path: 'a.txt', head: null })
  })

  it('nested objects, arrays and local $refs', () => {
    const schema = {
      type: 'object',
      $defs: { edit: { type: 'object', properties: { line: { type: 'integer' } } } },
      properties: {
        edits: { type: 'array', items: { $ref: '#/$defs/edit' } },
        options: { type: 'object', properties: { dryRun: { type: 'boolean' } } },
      },
    }
    expect(
      normalizeJsonSchemaArgs(schema, {
        edits: [{ line: null }, { line: 2 }],
        options: { dryRun: null },
      }),
    ).toEqual({ edits: [{}, { line: 2 }], options: {} })
  })

  it('a schema that is not an object, or cannot be read, leaves the arguments as given', () => {
    const args = { head: null }
    for (const schema of [undefined, null, 'schema', [readTextFileInputSchema], new Map()]) {
      expect(normalizeJsonSchemaArgs(schema, args)).toBe(args)
    }
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error('trap')
        },
        ownKeys() {
          throw new Error('trap')
        },
      },
    )
    expect(normalizeJsonSchemaArgs(hostile, args)).toBe(args)
    const revoked = Proxy.revocable({}, {})
    revoked.revoke()
    expect(normalizeJsonSchemaArgs(revoked.proxy, args)).toBe(args)
    expect(normalizeJsonSchemaArgs(readTextFileInputSchema, revoked.proxy)).toBe(revoked.proxy)
  })
})
