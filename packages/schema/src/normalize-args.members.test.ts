import { describe, expect, it } from 'vitest'
import { normalizeArgs } from './normalize-args.js'
import type { SchemaSpec } from './schema-spec.js'

/** SPEC §9.3's null→absent rule, at the edges of what it touches. */

const spec = {
  path: { type: 'string', required: true },
  limit: { type: 'integer' },
  edits: {
    type: 'array',
    items: { type: 'object', properties: { text: { type: 'string' } } },
  },
  value: { anyOf: [{ type: 'string', nullable: true }, { type: 'integer' }] },
  choice: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
} as const satisfies SchemaSpec

describe('normalizeArgs', () => {
  it('copies an array only from its first changed element on, sharing the others', () => {
    const kept = { text: 'a' }
    const result = normalizeArgs(spec, { path: 'p', edits: [kept, { text: null }] }) as {
      edits: unknown[]
    }
    expect(result).toEqual({ path: 'p', edits: [{ text: 'a' }, {}] })
    expect(result.edits[0]).toBe(kept)
  })

  it('returns the same arrays and objects when no element changes', () => {
    const args = { path: 'p', edits: [{ text: 'a' }, { text: 'b' }] }
    expect(normalizeArgs(spec, args)).toBe(args)
  })

  it('leaves elements that are null or not objects alone', () => {
    const args = { path: 'p', edits: [null, 'x', 3, [null], { text: 'a' }] }
    expect(normalizeArgs(spec, args)).toBe(args)
  })

  it('leaves arguments that are not an object alone, a function with members included', () => {
    const call = Object.assign(() => undefined, { path: 'p', limit: null })
    expect(normalizeArgs(spec, call)).toBe(call)
    expect(normalizeArgs(spec, 'limit')).toBe('limit')
  })

  it('reads own members only: an inherited null is not the arguments’ own', () => {
    const args = Object.assign(Object.create({ limit: null, edits: [{ text: null }] }) as object, {
      path: 'p',
    })
    expect(normalizeArgs(spec, args)).toBe(args)
  })

  it('keeps the null of an optional union that admits null through one of its members', () => {
    const args = { path: 'p', value: null }
    expect(normalizeArgs(spec, args)).toBe(args)
    expect(normalizeArgs(spec, { path: 'p', choice: null })).toEqual({ path: 'p' })
  })
})
