import { describe, expect, it } from 'vitest'
import { normalizeArgs } from './normalize-args.js'
import type { StandardJSONSchemaSource } from './standard-tool-schema.js'
import { kept, source, text } from './__fixtures__/json-schema-source.js'

/**
 * SPEC §9.3's null→absent rule read from a hand-written JSON Schema (a Standard JSON Schema's
 * input, SPEC §10), keyword by keyword: a `null` goes where the schema says the member is
 * optional and does not accept null, and stays wherever the schema cannot tell; nothing the
 * schema cannot read stops the other members' normalization.
 */

describe('what accepts null', () => {
  it('type, enum, const, anyOf, oneOf and allOf say it; a type-less schema cannot tell', () => {
    const schema = source({
      plain: text,
      typeList: { type: ['string'] },
      typeListNull: { type: ['string', 'null'] },
      typeNull: { type: 'null' },
      enumOf: { enum: ['a', 'b'] },
      enumNull: { enum: ['a', null] },
      constOf: { const: 'a' },
      constNull: { const: null },
      anyOf: { anyOf: [text, { type: 'integer' }] },
      anyOfNull: { anyOf: [text, { type: 'null' }] },
      oneOf: { oneOf: [text, { type: 'integer' }] },
      allOf: { allOf: [{ type: ['string', 'null'] }, text] },
      allOfNull: { allOf: [{ type: ['string', 'null'] }, {}] },
      free: { description: 'anything' },
      boolean: true,
      removed: text,
    })
    const args = Object.fromEntries(
      [
        'plain',
        'typeList',
        'typeListNull',
        'typeNull',
        'enumOf',
        'enumNull',
        'constOf',
        'constNull',
        'anyOf',
        'anyOfNull',
        'oneOf',
        'allOf',
        'allOfNull',
        'free',
        'boolean',
      ].map((key) => [key, null]),
    )
    expect(kept(schema, args)).toEqual([
      'typeListNull',
      'typeNull',
      'enumNull',
      'constNull',
      'anyOfNull',
      'allOfNull',
      'free',
      'boolean',
    ])
  })

  it('a schema that refers to itself without end cannot tell, and the other members still go', () => {
    const schema = source(
      { loop: { $ref: '#/$defs/loop' }, all: { $ref: '#/$defs/all' }, gone: text },
      {
        $defs: {
          loop: { anyOf: [{ $ref: '#/$defs/loop' }] },
          all: { allOf: [{ $ref: '#/$defs/all' }] },
        },
      },
    )
    expect(normalizeArgs(schema, { loop: null, all: null, gone: null })).toEqual({
      loop: null,
      all: null,
    })
  })
})

describe('the shape of the result', () => {
  it('copies only along changed paths: an unchanged array or member is the same object', () => {
    const schema = source({
      gone: text,
      list: { type: 'array', items: { type: 'object', properties: { x: text } } },
      odd: { type: 'array', items: true },
      nested: { type: 'object', properties: { y: text } },
      count: { type: 'integer' },
    })
    const list = [{ x: 'a' }]
    const odd = [null]
    const nested = { y: 'b' }
    const result = normalizeArgs(schema, { gone: null, list, odd, nested, count: 3 }) as Record<
      string,
      unknown
    >
    expect(result).toEqual({ list, odd, nested, count: 3 })
    expect(result.list).toBe(list)
    expect(result.odd).toBe(odd)
    expect(result.nested).toBe(nested)
  })

  it('a changed member is an ordinary own data property', () => {
    const schema = source({
      options: { type: 'object', properties: { depth: { type: 'integer' } } },
    })
    const result = normalizeArgs(schema, { options: { depth: null } }) as object
    expect(result).toEqual({ options: {} })
    expect(Object.getOwnPropertyDescriptor(result, 'options')).toEqual({
      value: {},
      writable: true,
      enumerable: true,
      configurable: true,
    })
  })

  it('array elements are normalized by items; a null element stays', () => {
    const schema = source({
      list: { type: 'array', items: { type: 'object', properties: { x: text } } },
    })
    expect(normalizeArgs(schema, { list: [{ x: null }, { x: 'a' }, 3, null] })).toEqual({
      list: [{}, { x: 'a' }, 3, null],
    })
  })

  it('a value under a schema that cannot be read stays as it is, and the rest is normalized', () => {
    const schema = source({ external: { $ref: 'https://example.com/s.json' }, gone: text })
    for (const value of [{ a: null }, 'x', [null]]) {
      expect(normalizeArgs(schema, { external: value, gone: null })).toEqual({ external: value })
    }
  })
})

describe('anyOf and oneOf of objects: the one alternative that can match', () => {
  const member = { type: 'object', properties: { b: text } }

  it('is told apart by type, type list, const and one-value enum', () => {
    for (const alternatives of [
      [text, member],
      [{ type: ['string', 'null'] }, { ...member, type: ['object', 'null'] }],
      [
        { type: 'object', properties: { kind: { const: 'z' } } },
        { type: 'object', properties: { kind: { const: 'a' }, b: text } },
      ],
      [
        { type: 'object', properties: { kind: { enum: ['z'] } } },
        { type: 'object', properties: { kind: { enum: ['a'] }, b: text } },
      ],
    ]) {
      for (const keyword of ['anyOf', 'oneOf']) {
        const schema = source({ u: { [keyword]: alternatives } })
        expect(normalizeArgs(schema, { u: { kind: 'a', b: null } })).toEqual({ u: { kind: 'a' } })
      }
    }
  })

  it('an alternative without properties, or with boolean or object-valued members, admits any object', () => {
    const schema = (first: unknown): StandardJSONSchemaSource =>
      source({
        u: { anyOf: [first, { type: 'object', properties: { k: { const: 'x' }, b: text } }] },
        gone: text,
      })
    // the first alternative admits the object too: two can match, so nothing is removed
    for (const first of [
      { type: 'object' },
      { type: 'object', properties: { k: true } },
      { type: 'object', properties: { k: { const: { x: 1 } } } },
      { type: 'object', properties: { k: { enum: ['x', 'y'] } } },
    ]) {
      expect(normalizeArgs(schema(first), { u: { k: 'x', b: null }, gone: null })).toEqual({
        u: { k: 'x', b: null },
      })
    }
  })

  it('an object-valued const is no discriminator: the alternative that has one still matches alone', () => {
    const schema = source({
      u: {
        anyOf: [
          { type: 'object', properties: { k: { const: { x: 1 } }, b: text } },
          { type: 'object', properties: { k: { const: 'z' } } },
        ],
      },
    })
    expect(normalizeArgs(schema, { u: { k: { x: 1 }, b: null } })).toEqual({ u: { k: { x: 1 } } })
  })

  it('an enum of more values is no discriminator; an alternative that does not resolve is passed over', () => {
    const schema = source({
      u: {
        anyOf: [
          { $ref: '#/$defs/none' },
          { type: 'object', properties: { k: { enum: ['x', 'y'] }, b: text } },
          { type: 'object', properties: { k: { const: 'x' }, b: text } },
        ],
      },
      w: { anyOf: [{ type: 'object' }, text] },
      gone: text,
    })
    expect(normalizeArgs(schema, { u: { k: 'y', b: null }, w: { b: null }, gone: null })).toEqual({
      u: { k: 'y' },
      w: { b: null },
    })
  })

  it('none that matches, or more than one: the nulls inside stay', () => {
    const schema = source({
      u: {
        anyOf: [
          { type: 'object', properties: { b: text } },
          { type: 'object', properties: { b: { type: 'integer' } } },
        ],
      },
      v: { anyOf: [text, { type: 'integer' }] },
    })
    expect(normalizeArgs(schema, { u: { b: null }, v: { b: null } })).toEqual({
      u: { b: null },
      v: { b: null },
    })
  })
})
