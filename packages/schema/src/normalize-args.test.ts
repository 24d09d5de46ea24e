import { describe, expect, it } from 'vitest'
import { checkArgs } from './check-args.js'
import { normalizeArgs } from './normalize-args.js'
import type { SchemaSpec } from './schema-spec.js'

/** SPEC §9.3: a `null` given for an optional property that is not itself nullable is removed. */

const spec = {
  path: { type: 'string', required: true },
  limit: { type: 'integer', minimum: 1 },
  note: { type: 'string', nullable: true },
  options: {
    type: 'object',
    properties: { depth: { type: 'integer' }, name: { type: 'string', required: true } },
  },
  edits: {
    type: 'array',
    items: { type: 'object', properties: { text: { type: 'string' }, at: { type: 'integer' } } },
  },
  target: {
    anyOf: [
      { type: 'object', properties: { line: { type: 'integer', required: true } } },
      {
        type: 'object',
        properties: { file: { type: 'string', required: true }, col: { type: 'integer' } },
      },
    ],
  },
} as const satisfies SchemaSpec

describe('normalizeArgs', () => {
  it('removes the null of an optional, non-nullable member, at every depth', () => {
    expect(
      normalizeArgs(spec, {
        path: 'a.ts',
        limit: null,
        options: { depth: null, name: 'x' },
        edits: [
          { text: null, at: 1 },
          { text: 'ok', at: null },
        ],
      }),
    ).toEqual({ path: 'a.ts', options: { name: 'x' }, edits: [{ at: 1 }, { text: 'ok' }] })
  })

  it('keeps the null of a nullable member and of a required one (which checkArgs then reports)', () => {
    const args = { path: null, note: null, options: { name: null } }
    expect(normalizeArgs(spec, args)).toBe(args)
    expect(checkArgs(spec, normalizeArgs(spec, args)).map((issue) => issue.path)).toEqual([
      ['path'],
      ['options', 'name'],
    ])
  })

  it('returns the same object when there is nothing to remove, and never mutates', () => {
    const args = { path: 'a', limit: 3, extra: null }
    expect(normalizeArgs(spec, args)).toBe(args)
    const frozen = Object.freeze({ path: 'a', limit: null, options: Object.freeze({ name: 'n' }) })
    const result = normalizeArgs(spec, frozen) as Record<string, unknown>
    expect(result).toEqual({ path: 'a', options: { name: 'n' } })
    expect(frozen).toEqual({ path: 'a', limit: null, options: { name: 'n' } })
    // An untouched subtree is shared, not copied.
    expect(result.options).toBe(frozen.options)
  })

  it('inside an anyOf, the first member that accepts the normalized value decides', () => {
    expect(normalizeArgs(spec, { path: 'a', target: { file: 'b.ts', col: null } })).toEqual({
      path: 'a',
      target: { file: 'b.ts' },
    })
    expect(normalizeArgs(spec, { path: 'a', target: { line: 3, file: null } })).toEqual({
      path: 'a',
      target: { line: 3, file: null },
    })
    // No member accepts: the value stays as given, and checkArgs says why.
    const args = { path: 'a', target: { col: null } }
    expect(normalizeArgs(spec, args)).toBe(args)
  })

  it('inside an anyOf that nothing accepts, the one member the value can be by its shape decides', () => {
    // Found by the strict dialect's differential test: a strict model sends null for `a`, which
    // it left out, and a string too short for `é`. The issue must be the short string, not the
    // null (seed 1743466553).
    const union = {
      place: {
        anyOf: [
          {
            type: 'object',
            properties: {
              a: { type: 'string', maxLength: 2 },
              é: { type: 'array', items: { type: 'string', minLength: 3 }, required: true },
            },
          },
        ],
      },
    } as const satisfies SchemaSpec
    const args = { place: { a: null, é: ['abc', 'bi'] } }
    expect(normalizeArgs(union, args)).toEqual({ place: { é: ['abc', 'bi'] } })
    const [issue, ...others] = checkArgs(union, normalizeArgs(union, args))
    expect(others).toEqual([])
    expect(issue?.code).toBe('invalid_union')
    expect(
      issue?.code === 'invalid_union' && issue.alternatives.flat().map((inner) => inner.path),
    ).toEqual([['place', 'é', 1]])
    // A discriminated union: the member whose one-value enum the object carries.
    const tagged = {
      step: {
        anyOf: [
          {
            type: 'object',
            properties: {
              kind: { type: 'string', enum: ['read'], required: true },
              path: { type: 'string', minLength: 3, required: true },
              limit: { type: 'integer' },
            },
          },
          {
            type: 'object',
            properties: {
              kind: { type: 'string', enum: ['write'], required: true },
              path: { type: 'string', required: true },
              limit: { type: 'integer' },
            },
          },
        ],
      },
    } as const satisfies SchemaSpec
    expect(normalizeArgs(tagged, { step: { kind: 'read', path: 'a', limit: null } })).toEqual({
      step: { kind: 'read', path: 'a' },
    })
    // Two members it can be by shape, or none: the value stays as given.
    const untagged = { step: { kind: 'copy', path: 'a', limit: null } }
    expect(normalizeArgs(tagged, untagged)).toBe(untagged)
    const scalars = { value: { anyOf: [{ type: 'string', maxLength: 1 }, { type: 'integer' }] } }
    const scalar = { value: 'long' }
    expect(normalizeArgs(scalars as SchemaSpec, scalar)).toBe(scalar)
  })

  it('leaves values that are not objects alone, and keys the spec does not declare', () => {
    expect(normalizeArgs(spec, null)).toBeNull()
    expect(normalizeArgs(spec, [1])).toEqual([1])
    expect(normalizeArgs(spec, { path: 'a', edits: 'x' })).toEqual({ path: 'a', edits: 'x' })
    const proto = JSON.parse('{"path": "a", "__proto__": null, "limit": null}') as object
    expect(Object.keys(normalizeArgs(spec, proto) as object)).toEqual(['path', '__proto__'])
  })
})
