import type { JsonObject } from '@toolpipe/core'
import { describe, expect, it } from 'vitest'
import { finishObject } from './finish-object.js'
import { conversion } from './__fixtures__/conversion.js'

describe('finishObject', () => {
  it('in strict mode, closes the object and makes every member required, optional ones nullable', () => {
    const at = conversion('openai-strict')
    const node = { type: 'object', required: ['path'] }
    const out: JsonObject = {
      type: 'object',
      properties: {
        path: { type: 'string' },
        limit: { type: 'integer', enum: [1, 2] },
        note: { type: ['string', 'null'] },
        either: { anyOf: [{ type: 'string' }] },
      },
    }
    finishObject(node, out, at)
    expect(out).toEqual({
      type: 'object',
      properties: {
        path: { type: 'string' },
        limit: { type: ['integer', 'null'], enum: [1, 2, null] },
        note: { type: ['string', 'null'] },
        either: { anyOf: [{ type: 'string' }, { type: 'null' }] },
      },
      required: ['path', 'limit', 'note', 'either'],
      additionalProperties: false,
    })
    expect(at.issues).toEqual([])
  })

  it('in strict mode, never lists null twice in the enum of an optional member (SPEC §9.3)', () => {
    const at = conversion('openai-strict')
    const out: JsonObject = {
      type: 'object',
      properties: {
        d: { type: 'string', enum: ['x', null] },
        n: { type: 'integer', enum: [null, 1] },
      },
    }
    finishObject({ type: 'object' }, out, at)
    // Before: `enum: ['x', null, null]`. The type alone refused null; nullable, the enum's own
    // null is the one it needs.
    expect(out.properties).toEqual({
      d: { type: ['string', 'null'], enum: ['x', null] },
      n: { type: ['integer', 'null'], enum: [null, 1] },
    })
    expect(at.issues).toEqual([])
  })

  it('in strict mode, refuses a free-form object', () => {
    for (const [node, out] of [
      [{ type: 'object' }, { type: 'object' }],
      [
        { type: 'object', additionalProperties: true },
        { type: 'object', properties: {} },
      ],
    ] as const) {
      const at = conversion('openai-strict')
      finishObject(node, { ...out }, at)
      expect(at.issues).toMatchObject([{ keyword: 'properties', fatal: true }])
    }
  })

  it('for Gemini, leaves out an empty properties, and the empty required beside it', () => {
    const at = conversion('gemini')
    const out: JsonObject = { type: 'object', properties: {}, required: [] }
    finishObject({ type: 'object' }, out, at)
    expect(out).toEqual({ type: 'object' })
    const kept: JsonObject = { type: 'object', properties: { a: { type: 'string' } } }
    finishObject({ type: 'object' }, kept, at)
    expect(kept).toEqual({ type: 'object', properties: { a: { type: 'string' } } })
  })

  it('changes nothing for the other dialects', () => {
    for (const dialect of ['openai', 'anthropic'] as const) {
      const out: JsonObject = { type: 'object', properties: { a: { type: 'string' } } }
      finishObject({ type: 'object' }, out, conversion(dialect))
      expect(out).toEqual({ type: 'object', properties: { a: { type: 'string' } } })
    }
  })
})
