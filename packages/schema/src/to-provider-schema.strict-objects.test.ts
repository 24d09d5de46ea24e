import { Ajv2020 } from 'ajv/dist/2020.js'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { convert, member } from './__fixtures__/convert.js'
import { toProviderSchema } from './to-provider-schema.js'

// SPEC §9.3, openai-strict: "every object has additionalProperties: false and lists every
// property in required; an optional property becomes nullable", and "What strict mode cannot
// express at all (a free-form object, …) is a fatal issue". [OpenAI]
// https://platform.openai.com/docs/guides/structured-outputs, "Supported schemas": the supported
// types are String, Number, Boolean, Integer, Object, Array, Enum and anyOf (no `const` among
// the supported properties); "it is possible to emulate an optional parameter by using a union
// type with null"; "additionalProperties: false must always be set in objects".

const freeForm = {
  path: 'parameters.properties.m',
  keyword: 'properties',
  message:
    'a free-form object (no "properties", or additionalProperties allowed) cannot be expressed in OpenAI strict mode, which needs every member listed and additionalProperties: false; declare its properties',
  fatal: true,
}

/** Whether the strict schema `schema` takes `value` (JSON Schema 2020-12, as Ajv reads it). */
function takes(schema: object, value: unknown): boolean {
  return new Ajv2020({ strict: false }).validate(schema, value)
}

describe('openai-strict: an optional member with const takes the null a strict model sends (SPEC §9.3)', () => {
  it('a const becomes an Enum with null beside its value, as the supported types allow', () => {
    // Before: { type: ['string', 'null'], const: 'fast' }, which refuses the null.
    const { schema, issues } = convert(member({ type: 'string', const: 'fast' }), 'openai-strict')
    expect(schema.properties?.m).toEqual({ type: ['string', 'null'], enum: ['fast', null] })
    expect(issues).toEqual([])
    expect(takes(schema, { m: null })).toBe(true)
    expect(takes(schema, { m: 'fast' })).toBe(true)
    expect(takes(schema, { m: 'slow' })).toBe(false)
  })

  it("zod's z.literal('fast').optional() gives the same", () => {
    const { schema, issues } = toProviderSchema(
      z.object({ mode: z.literal('fast').optional(), level: z.literal(2).optional() }),
      'openai-strict',
    )
    expect(schema.properties?.mode).toEqual({ type: ['string', 'null'], enum: ['fast', null] })
    expect(schema.properties?.level).toEqual({ type: ['number', 'null'], enum: [2, null] })
    expect(schema.required).toEqual(['mode', 'level'])
    expect(issues).toEqual([])
    expect(takes(schema, { mode: null, level: null })).toBe(true)
  })

  it('a nullable type with a const that is not null is made to take null too', () => {
    const { schema } = convert(member({ type: ['integer', 'null'], const: 3 }), 'openai-strict')
    expect(schema.properties?.m).toEqual({ type: ['integer', 'null'], enum: [3, null] })
  })

  it('a const beside an enum keeps to both, and null', () => {
    const within = convert(
      member({ type: 'string', enum: ['a', 'b'], const: 'a' }),
      'openai-strict',
    )
    expect(within.schema.properties?.m).toEqual({ type: ['string', 'null'], enum: ['a', null] })
    const outside = convert(member({ type: 'string', enum: ['b'], const: 'a' }), 'openai-strict')
    expect(outside.schema.properties?.m).toEqual({ type: ['string', 'null'], enum: [null] })
  })

  it('a const null, or a required member with a const, stays as written', () => {
    expect(
      convert(member({ type: ['string', 'null'], const: null }), 'openai-strict').schema.properties
        ?.m,
    ).toEqual({ type: ['string', 'null'], const: null })
    expect(
      convert(member({ type: 'string', const: 'a' }, { required: ['m'] }), 'openai-strict').schema
        .properties?.m,
    ).toEqual({ type: 'string', const: 'a' })
  })
})

describe('openai-strict: an object that admits other members is free-form, fatal (SPEC §9.3)', () => {
  it('additionalProperties of its own schema (a string map) is fatal at its path', () => {
    // Before: silently written `additionalProperties: false`, which refuses every member.
    const { issues } = convert(
      member({ type: 'object', properties: {}, additionalProperties: { type: 'string' } }),
      'openai-strict',
    )
    expect(issues).toEqual([freeForm])
  })

  it("zod's .catchall() is fatal too, the object's declared members aside", () => {
    const { issues } = toProviderSchema(
      z.object({ m: z.object({ HOME: z.string() }).catchall(z.string()) }),
      'openai-strict',
    )
    expect(issues).toEqual([freeForm])
  })

  it('the other dialects keep a schema of its own for additionalProperties', () => {
    const schema = { type: 'object', properties: {}, additionalProperties: { type: 'string' } }
    for (const dialect of ['openai', 'anthropic'] as const) {
      expect(convert(member(schema), dialect).issues).toEqual([])
    }
  })
})

describe('openai-strict: a closed object without members is expressible (SPEC §9.3)', () => {
  it('additionalProperties: false without properties is written as the empty object it is', () => {
    // Before: called free-form, fatal. It takes {} alone, as the DSL's `properties: {}` does.
    const { schema, issues } = convert(
      member(
        { type: 'object', additionalProperties: false, description: 'none' },
        {
          required: ['m'],
        },
      ),
      'openai-strict',
    )
    expect(issues).toEqual([])
    expect(schema.properties?.m).toEqual({
      type: 'object',
      description: 'none',
      properties: {},
      required: [],
      additionalProperties: false,
    })
    expect(schema.properties?.m).toEqual({
      ...toProviderSchema(
        { m: { type: 'object', properties: {}, required: true } },
        'openai-strict',
      ).schema.properties?.m,
      description: 'none',
    })
  })

  it('an object with neither properties nor additionalProperties: false stays free-form', () => {
    for (const node of [
      { type: 'object' },
      { type: 'object', additionalProperties: true },
      { type: 'object', additionalProperties: {} },
      { type: 'object', properties: 3, additionalProperties: false },
    ]) {
      expect(convert(member(node, { required: ['m'] }), 'openai-strict').issues).toEqual([freeForm])
    }
  })
})
