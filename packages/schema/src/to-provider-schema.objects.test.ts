import { describe, expect, it } from 'vitest'
import { convert, member } from './__fixtures__/convert.js'

/**
 * SPEC §9.3, the dialect rules one at a time on hand-written JSON Schemas
 * (`jsonSchemaToProviderSchema`): the exact schema each dialect writes and the exact issue it
 * reports, message included (the message is what an integrator shows when a tool is refused).
 */

describe('objects', () => {
  it('properties that are not an object are passed through', () => {
    expect(convert({ type: 'object', properties: 3 }, 'openai').schema).toEqual({
      type: 'object',
      properties: 3,
    })
  })

  it('additionalProperties: kept by openai and anthropic, left out by gemini (an issue only for false)', () => {
    for (const value of [true, false, { type: 'string' }]) {
      for (const dialect of ['openai', 'anthropic'] as const) {
        expect(convert({ type: 'object', additionalProperties: value }, dialect).schema).toEqual({
          type: 'object',
          additionalProperties: value,
        })
      }
    }
    expect(convert({ type: 'object', additionalProperties: true }, 'gemini')).toEqual({
      schema: { type: 'object' },
      issues: [],
    })
    expect(convert({ type: 'object', additionalProperties: false }, 'gemini').issues).toEqual([
      {
        path: 'parameters',
        keyword: 'additionalProperties',
        message:
          'Gemini has no "additionalProperties": left out; the arguments are still checked against it',
        fatal: false,
      },
    ])
  })

  it('openai-strict: additionalProperties allowed is a free-form object, with its message', () => {
    expect(
      convert({ type: 'object', properties: {}, additionalProperties: true }, 'openai-strict'),
    ).toEqual({
      schema: { type: 'object', properties: {} },
      issues: [
        {
          path: 'parameters',
          keyword: 'properties',
          message:
            'a free-form object (no "properties", or additionalProperties allowed) cannot be expressed in OpenAI strict mode, which needs every member listed and additionalProperties: false; declare its properties',
          fatal: true,
        },
      ],
    })
    // SPEC §9.3: "What strict mode cannot express at all (a free-form object, …) is a `fatal`
    // issue". A schema of its own for additionalProperties (zod's `.catchall()`, a string map)
    // admits members strict mode cannot list: fatal, at its path, as `true` is. Before, it was
    // silently replaced by `false`, which refuses every member the model was meant to send.
    const catchall = convert(
      { type: 'object', properties: {}, additionalProperties: { type: 'string' } },
      'openai-strict',
    )
    expect(catchall.schema).toEqual({ type: 'object', properties: {} })
    expect(catchall.issues).toEqual([
      {
        path: 'parameters',
        keyword: 'properties',
        message:
          'a free-form object (no "properties", or additionalProperties allowed) cannot be expressed in OpenAI strict mode, which needs every member listed and additionalProperties: false; declare its properties',
        fatal: true,
      },
    ])
  })

  it('openai-strict: each optional member becomes nullable by its own form', () => {
    const { schema, issues } = convert(
      {
        type: 'object',
        properties: {
          kept: { type: 'string' },
          plain: { type: 'string' },
          listed: { type: 'integer', enum: [1, 2] },
          nullableEnum: { type: ['integer', 'null'], enum: [1] },
          nullableWithNull: { type: ['integer', 'null'], enum: [1, null] },
          alreadyNull: { type: 'null' },
          union: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
          unionWithNull: { anyOf: [{ type: 'string' }, { type: ['integer', 'null'] }] },
          notObject: true,
          untyped: { description: 'any' },
        },
        required: ['kept'],
      },
      'openai-strict',
    )
    expect(schema.properties).toEqual({
      kept: { type: 'string' },
      plain: { type: ['string', 'null'] },
      listed: { type: ['integer', 'null'], enum: [1, 2, null] },
      nullableEnum: { type: ['integer', 'null'], enum: [1, null] },
      nullableWithNull: { type: ['integer', 'null'], enum: [1, null] },
      alreadyNull: { type: 'null' },
      union: { anyOf: [{ type: 'string' }, { type: 'integer' }, { type: 'null' }] },
      unionWithNull: { anyOf: [{ type: 'string' }, { type: ['integer', 'null'] }] },
      notObject: {},
      untyped: {},
    })
    expect(schema.required).toEqual(Object.keys(schema.properties ?? {}))
    expect(issues.map((found) => found.path)).toEqual([
      'parameters.properties.notObject',
      'parameters.properties.untyped',
    ])
  })

  it('gemini: empty properties leave, and an empty required with them; a non-empty required stays', () => {
    expect(convert({ type: 'object', properties: {}, required: [] }, 'gemini').schema).toEqual({
      type: 'object',
    })
    expect(convert({ type: 'object', properties: {}, required: ['a'] }, 'gemini').schema).toEqual({
      type: 'object',
      required: ['a'],
    })
    expect(convert({ type: 'object', required: [] }, 'gemini').schema).toEqual({
      type: 'object',
      required: [],
    })
  })
})

describe('arrays', () => {
  it.each([
    ['openai', 'OpenAI'],
    ['openai-strict', 'OpenAI'],
    ['gemini', 'Gemini'],
  ] as const)(
    '%s: the message names the provider that refuses an array without items',
    (dialect, name) => {
      expect(convert(member({ type: 'array' }, { required: ['m'] }), dialect).issues).toEqual([
        {
          path: 'parameters.properties.m',
          keyword: 'items',
          message: `an array without "items" cannot be sent to ${name}: the API refuses it ("array schema missing items" / "items: missing field"); declare its items`,
          fatal: true,
        },
      ])
    },
  )

  it('items are converted at their path', () => {
    expect(
      convert(member({ type: 'array', items: { type: 'string', format: 'x' } }), 'gemini').issues,
    ).toEqual([
      expect.objectContaining({ path: 'parameters.properties.m.items', keyword: 'format' }),
    ])
  })

  it('an array that is not one (a string with items) is not asked for items', () => {
    expect(convert(member({ type: 'string' }), 'openai').issues).toEqual([])
  })
})

describe('enum and const', () => {
  it('gemini: a string enum without its null, an integer enum as strings, other enums fatal', () => {
    expect(
      convert(member({ type: ['string', 'null'], enum: ['a', null] }), 'gemini').schema.properties
        ?.m,
    ).toEqual({ type: 'string', nullable: true, enum: ['a'] })
    expect(
      convert(member({ type: ['integer', 'null'], enum: [1, null] }), 'gemini').schema.properties
        ?.m,
    ).toEqual({ type: 'integer', nullable: true, format: 'enum', enum: ['1'] })
    expect(convert(member({ type: 'boolean', enum: [true] }), 'gemini').issues).toEqual([
      {
        path: 'parameters.properties.m',
        keyword: 'enum',
        message:
          'Gemini enums hold strings, and only an integer enum may be written as strings (format "enum"); a boolean enum cannot be expressed',
        fatal: true,
      },
    ])
    expect(convert(member({ type: 'string', enum: 'a' }), 'gemini').schema.properties?.m).toEqual({
      type: 'string',
      enum: [],
    })
  })

  it('the other dialects keep enum as written', () => {
    for (const dialect of ['openai', 'anthropic'] as const) {
      expect(
        convert(member({ type: 'number', enum: [0.5, null] }), dialect).schema.properties?.m,
      ).toEqual({ type: 'number', enum: [0.5, null] })
    }
  })

  it('const: kept where JSON Schema is taken; gemini writes a string one as a one-member enum, refuses others', () => {
    for (const dialect of ['openai', 'anthropic', 'openai-strict'] as const) {
      expect(
        convert(member({ type: 'integer', const: 3 }, { required: ['m'] }), dialect).schema
          .properties?.m,
      ).toEqual({ type: 'integer', const: 3 })
    }
    expect(convert(member({ type: 'string', const: 'go' }), 'gemini')).toEqual({
      schema: { type: 'object', properties: { m: { type: 'string', enum: ['go'] } } },
      issues: [
        {
          path: 'parameters.properties.m',
          keyword: 'const',
          message: 'Gemini has no "const": written as a one-member enum',
          fatal: false,
        },
      ],
    })
    expect(convert(member({ type: 'integer', const: 3 }), 'gemini')).toEqual({
      schema: { type: 'object', properties: { m: { type: 'integer' } } },
      issues: [
        {
          path: 'parameters.properties.m',
          keyword: 'const',
          message: 'Gemini has no "const", and only strings make an enum',
          fatal: true,
        },
      ],
    })
  })
})
