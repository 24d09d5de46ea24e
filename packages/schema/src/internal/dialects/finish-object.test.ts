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
