import { describe, expect, it } from 'vitest'
import { dialects } from './dialect.js'
import type { Dialect } from './dialect.js'
import { jsonSchemaToProviderSchema, toProviderSchema } from './to-provider-schema.js'

/**
 * SPEC §9.3, the dialect rules one at a time on hand-written JSON Schemas
 * (`jsonSchemaToProviderSchema`): the exact schema each dialect writes and the exact issue it
 * reports, message included (the message is what an integrator shows when a tool is refused).
 */

/** A root object schema with one member `m`. */
function member(schema: unknown, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { type: 'object', properties: { m: schema }, ...extra }
}

const convert = jsonSchemaToProviderSchema

describe('the root', () => {
  it.each(dialects)('%s: the fatal issue names the dialect', (dialect) => {
    const { issues } = convert({ type: 'array', items: { type: 'string' } }, dialect)
    expect(issues).toEqual([
      {
        path: 'parameters',
        keyword: 'type',
        message: `the parameters of a tool must be an object schema ({ "type": "object", … }) in every dialect (${dialect})`,
        fatal: true,
      },
    ])
  })

  it('json-schema keeps an object root of another type as written; a root that is no object becomes {}', () => {
    expect(convert({ type: 'string' }, 'json-schema').schema).toEqual({ type: 'string' })
    expect(convert(['a'], 'json-schema')).toEqual({
      schema: {},
      issues: [expect.objectContaining({ path: 'parameters', fatal: true })],
      dialect: 'json-schema',
    })
    expect(convert({ properties: {} }, 'json-schema').issues).toHaveLength(1)
  })

  it.each(['openai-strict', 'openai', 'gemini', 'anthropic'] as const)(
    '%s: a root that is no object schema is written as the empty { type: "object" }',
    (dialect) => {
      expect(convert({ type: 'string', description: 'x' }, dialect).schema).toEqual({
        type: 'object',
      })
      expect(convert('string', dialect).schema).toEqual({ type: 'object' })
    },
  )

  it('only plain json-schema keeps $schema', () => {
    const schema = { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object' }
    expect(convert(schema, 'json-schema').schema).toEqual(schema)
    expect(convert(schema, 'anthropic').schema).toEqual({ type: 'object' })
  })
})

describe('nodes the dialect cannot read', () => {
  it('a node that is not an object: kept by openai and anthropic, fatal for gemini and strict', () => {
    for (const dialect of ['openai', 'anthropic'] as const) {
      expect(convert(member(true), dialect)).toEqual({
        schema: { type: 'object', properties: { m: true } },
        issues: [],
        dialect,
      })
    }
    for (const dialect of ['gemini', 'openai-strict'] as const) {
      const { schema, issues } = convert(member(true, { required: ['m'] }), dialect)
      expect(schema.properties?.m).toEqual({})
      expect(issues[0]).toEqual({
        path: 'parameters.properties.m',
        keyword: 'type',
        message: `a schema node that is not an object (true) cannot be converted for ${dialect}`,
        fatal: true,
      })
    }
  })

  it('a node without "type", or with two types: kept by openai and anthropic, fatal for gemini and strict', () => {
    const free = { description: 'anything' }
    const twoTypes = { type: ['string', 'number'] }
    for (const dialect of ['openai', 'anthropic'] as const) {
      expect(convert(member(free), dialect).schema.properties?.m).toEqual(free)
      expect(convert(member(twoTypes), dialect).schema.properties?.m).toEqual(twoTypes)
      expect(convert(member(twoTypes), dialect).issues).toEqual([])
    }
    expect(convert(member(free), 'gemini')).toEqual({
      schema: { type: 'object', properties: { m: {} } },
      issues: [
        {
          path: 'parameters.properties.m',
          keyword: 'type',
          message: 'a node without "type" (any value) cannot be expressed in gemini',
          fatal: true,
        },
      ],
      dialect: 'gemini',
    })
    expect(convert(member(twoTypes, { required: ['m'] }), 'openai-strict').issues).toEqual([
      {
        path: 'parameters.properties.m',
        keyword: 'type',
        message:
          '"type" ["string","number"] cannot be expressed in openai-strict: only one type, or [type, "null"]',
        fatal: true,
      },
    ])
  })

  it('[T, "null"] is the only type array read as one type: ["null", T] and ["null", "null"] are not', () => {
    for (const type of [
      ['null', 'string'],
      ['null', 'null'],
      [1, 'null'],
      ['string', 'null', 'integer'],
      ['string'],
    ]) {
      expect(convert(member({ type }), 'gemini').issues).toEqual([
        {
          path: 'parameters.properties.m',
          keyword: 'type',
          message: `"type" ${JSON.stringify(type)} cannot be expressed in gemini: only one type, or [type, "null"]`,
          fatal: true,
        },
      ])
    }
    expect(convert(member({ type: ['string', 'null'] }), 'gemini')).toEqual({
      schema: { type: 'object', properties: { m: { type: 'string', nullable: true } } },
      issues: [],
      dialect: 'gemini',
    })
  })

  it('gemini: a node of type "null" alone is fatal', () => {
    expect(convert(member({ type: 'null' }), 'gemini')).toEqual({
      schema: { type: 'object', properties: { m: {} } },
      issues: [
        {
          path: 'parameters.properties.m',
          keyword: 'type',
          message: 'a node of type "null" alone cannot be expressed in Gemini',
          fatal: true,
        },
      ],
      dialect: 'gemini',
    })
  })
})

describe('keywords outside the subset', () => {
  it.each(['openai', 'anthropic'] as const)(
    '%s: kept as written, with a non-fatal issue',
    (dialect) => {
      expect(
        convert(member({ type: 'string', contentEncoding: 'base64' }), dialect).issues,
      ).toEqual([
        {
          path: 'parameters.properties.m',
          keyword: 'contentEncoding',
          message: `"contentEncoding" is outside toolpipe's schema subset: sent to ${dialect} as written, without conversion`,
          fatal: false,
        },
      ])
    },
  )

  it.each(['openai-strict', 'gemini'] as const)('%s: fatal, and left out', (dialect) => {
    const { schema, issues } = convert(
      member({ type: 'string', contentEncoding: 'base64' }, { required: ['m'] }),
      dialect,
    )
    expect(schema.properties?.m).toEqual({ type: 'string' })
    expect(issues).toEqual([
      {
        path: 'parameters.properties.m',
        keyword: 'contentEncoding',
        message: `"contentEncoding" is outside toolpipe's schema subset and cannot be converted for ${dialect}`,
        fatal: true,
      },
    ])
  })

  it('beside anyOf: annotations follow their rule, anything else is outside the subset', () => {
    const union = {
      anyOf: [{ type: 'string' }, { type: 'integer' }],
      description: 'an id',
      default: 'a',
      title: 'Id',
      examples: ['a', 1],
      format: 'x',
      contentMediaType: 'text/plain',
    }
    const strict = convert(member(union, { required: ['m'] }), 'openai-strict')
    expect(strict.schema.properties?.m).toEqual({
      anyOf: [{ type: 'string' }, { type: 'integer' }],
      description: 'an id (default: "a"; title: "Id"; examples: "a", 1; format: x)',
    })
    expect(strict.issues.map((found) => [found.path, found.keyword, found.fatal])).toEqual([
      ['parameters.properties.m', 'default', false],
      ['parameters.properties.m', 'title', false],
      ['parameters.properties.m', 'examples', false],
      ['parameters.properties.m', 'format', false],
      ['parameters.properties.m', 'contentMediaType', true],
    ])
    expect(convert(member(union), 'openai').schema.properties?.m).toEqual(union)
  })

  it('anyOf that is not an array converts to no members', () => {
    expect(convert(member({ anyOf: { type: 'string' } }), 'gemini').schema.properties?.m).toEqual({
      anyOf: [],
    })
  })

  it('the members of anyOf are converted at their own paths', () => {
    expect(
      convert(member({ anyOf: [{ type: 'string' }, { format: 'x' }] }), 'gemini').issues,
    ).toEqual([
      expect.objectContaining({ path: 'parameters.properties.m.anyOf[1]', keyword: 'type' }),
    ])
  })
})

describe('format (SPEC §22): a value the provider documents stays, any other becomes words, never fatal', () => {
  // [OpenAI] "Supported properties", strings: format "date-time, time, date, duration, email,
  // hostname, ipv4, ipv6, uuid".
  const openAiFormats = [
    'date-time',
    'time',
    'date',
    'duration',
    'email',
    'hostname',
    'ipv4',
    'ipv6',
    'uuid',
  ]

  it.each(openAiFormats)('openai-strict keeps format "%s" on a string', (format) => {
    const { schema, issues } = convert(
      member({ type: 'string', format }, { required: ['m'] }),
      'openai-strict',
    )
    expect(schema.properties?.m).toEqual({ type: 'string', format })
    expect(issues).toEqual([])
  })

  it('openai-strict moves any other string format into the description, beside what is there', () => {
    const { schema, issues } = convert(
      member({ type: 'string', format: 'uri', description: 'the page', maxLength: 9 }),
      'openai-strict',
    )
    expect(schema.properties?.m).toEqual({
      type: ['string', 'null'],
      description: 'the page (format: uri; at most 9 characters)',
    })
    expect(issues).toEqual([
      {
        path: 'parameters.properties.m',
        keyword: 'format',
        message:
          'format "uri" is not supported by openai-strict on a string: moved into the description as "format: uri"',
        fatal: false,
      },
      expect.objectContaining({ keyword: 'maxLength', fatal: false }),
    ])
  })

  it('openai-strict documents no format on numbers: even "int32" becomes words', () => {
    const { schema, issues } = convert(
      member({ type: 'integer', format: 'int32' }, { required: ['m'] }),
      'openai-strict',
    )
    expect(schema.properties?.m).toEqual({ type: 'integer', description: 'format: int32' })
    expect(issues).toEqual([
      expect.objectContaining({
        keyword: 'format',
        message:
          'format "int32" is not supported by openai-strict on an integer: moved into the description as "format: int32"',
        fatal: false,
      }),
    ])
  })

  // [Gemini] Schema.format: "for NUMBER type: float, double; for INTEGER type: int32, int64; for
  // STRING type: enum, date-time".
  it.each([
    ['number', 'float'],
    ['number', 'double'],
    ['integer', 'int32'],
    ['integer', 'int64'],
    ['string', 'date-time'],
    ['string', 'enum'],
  ])('gemini keeps on a %s format "%s"', (type, format) => {
    const { schema, issues } = convert(member({ type, format }, { required: ['m'] }), 'gemini')
    expect(schema.properties?.m).toEqual({ type, format })
    expect(issues).toEqual([])
  })

  it.each([
    ['string', 'email'],
    ['string', 'uri'],
    ['string', 'date'],
    ['number', 'int32'],
    ['integer', 'float'],
    ['boolean', 'date-time'],
  ])('gemini moves on a %s format "%s" into the description', (type, format) => {
    const { schema, issues } = convert(member({ type, format }, { required: ['m'] }), 'gemini')
    expect(schema.properties?.m).toEqual({ type, description: `format: ${format}` })
    expect(issues).toEqual([
      expect.objectContaining({ path: 'parameters.properties.m', keyword: 'format', fatal: false }),
    ])
  })

  it.each(['openai', 'anthropic'] as const)(
    '%s takes JSON Schema: every format kept as written, without an issue',
    (dialect) => {
      for (const format of ['uri', 'email', 'x-made-up']) {
        const { schema, issues } = convert(member({ type: 'string', format }), dialect)
        expect(schema.properties?.m).toEqual({ type: 'string', format })
        expect(issues).toEqual([])
      }
    },
  )

  it('a format that is not a string, or on a type named like an Object.prototype member, is words', () => {
    expect(convert(member({ type: 'string', format: 5 }), 'gemini').schema.properties?.m).toEqual({
      type: 'string',
      description: 'format: 5',
    })
    const { schema, issues } = convert(
      member({ type: 'constructor', format: 'date-time' }),
      'openai-strict',
    )
    expect(issues).toEqual([expect.objectContaining({ keyword: 'format', fatal: false })])
    expect(schema.properties?.m).toEqual({
      type: ['constructor', 'null'],
      description: 'format: date-time',
    })
  })

  it('in arrays and nested objects, at its own path', () => {
    const { schema, issues } = convert(
      member({
        type: 'array',
        items: { type: 'object', properties: { at: { type: 'string', format: 'iri' } } },
      }),
      'gemini',
    )
    expect(schema).toMatchObject({
      properties: { m: { items: { properties: { at: { description: 'format: iri' } } } } },
    })
    expect(issues).toEqual([
      expect.objectContaining({ path: 'parameters.properties.m.items.properties.at' }),
    ])
  })
})

describe('moved keywords become words', () => {
  it('the words of each moved keyword, singular and plural, after a description', () => {
    const { schema, issues } = convert(
      {
        type: 'object',
        properties: {
          one: { type: 'string', minLength: 1, maxLength: 1 },
          many: { type: 'string', description: 'text', minLength: 0, maxLength: 3 },
          named: { type: 'string', title: 'Name', examples: 'x' },
          odd: { type: 'string', maxLength: 'ten' },
        },
        required: ['one', 'many', 'named', 'odd'],
      },
      'openai-strict',
    )
    expect(schema.properties).toEqual({
      one: { type: 'string', description: 'at least 1 character; at most 1 character' },
      many: { type: 'string', description: 'text (at least 0 characters; at most 3 characters)' },
      named: { type: 'string', description: 'title: "Name"; examples: "x"' },
      odd: { type: 'string', description: 'at most 0 characters' },
    })
    expect(issues[0]?.message).toBe(
      '"minLength" is not supported by openai-strict: moved into the description as "at least 1 character"; the arguments are still checked against it',
    )
  })

  it('gemini moves examples (Schema has example, singular) and keeps title and default', () => {
    expect(
      convert(member({ type: 'integer', title: 'T', default: 2, examples: [1, 2] }), 'gemini'),
    ).toEqual({
      schema: {
        type: 'object',
        properties: {
          m: { type: 'integer', title: 'T', default: 2, description: 'examples: 1, 2' },
        },
      },
      issues: [
        {
          path: 'parameters.properties.m',
          keyword: 'examples',
          message:
            '"examples" is not supported by gemini: moved into the description as "examples: 1, 2"; the arguments are still checked against it',
          fatal: false,
        },
      ],
      dialect: 'gemini',
    })
  })
})

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
      dialect: 'gemini',
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
      dialect: 'openai-strict',
    })
    // a schema of its own for additionalProperties is replaced by false
    expect(
      convert(
        { type: 'object', properties: {}, additionalProperties: { type: 'string' } },
        'openai-strict',
      ).schema,
    ).toEqual({ type: 'object', properties: {}, required: [], additionalProperties: false })
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
      dialect: 'gemini',
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
      dialect: 'gemini',
    })
  })
})

describe('gemini: exclusive bounds', () => {
  it('on an integer, the inclusive bound, with its message; the tighter of an existing one wins whichever comes first', () => {
    expect(convert(member({ type: 'integer', exclusiveMaximum: 10 }), 'gemini')).toEqual({
      schema: { type: 'object', properties: { m: { type: 'integer', maximum: 9 } } },
      issues: [
        {
          path: 'parameters.properties.m',
          keyword: 'exclusiveMaximum',
          message:
            'Gemini has no "exclusiveMaximum": written as maximum 9, the same bound on integers',
          fatal: false,
        },
      ],
      dialect: 'gemini',
    })
    const m = (schema: unknown): unknown => convert(member(schema), 'gemini').schema.properties?.m
    expect(m({ type: 'integer', exclusiveMinimum: 2.5 })).toEqual({ type: 'integer', minimum: 3 })
    expect(m({ type: 'integer', exclusiveMaximum: 2.5 })).toEqual({ type: 'integer', maximum: 2 })
    expect(m({ type: 'integer', exclusiveMinimum: 2 })).toEqual({ type: 'integer', minimum: 3 })
    // an existing inclusive bound that is tighter stays, written before or after
    expect(m({ type: 'integer', minimum: 5, exclusiveMinimum: 2 })).toEqual({
      type: 'integer',
      minimum: 5,
    })
    expect(m({ type: 'integer', exclusiveMinimum: 2, minimum: 5 })).toEqual({
      type: 'integer',
      minimum: 5,
    })
    expect(m({ type: 'integer', maximum: 5, exclusiveMaximum: 9 })).toEqual({
      type: 'integer',
      maximum: 5,
    })
    expect(m({ type: 'integer', exclusiveMaximum: 9, maximum: 5 })).toEqual({
      type: 'integer',
      maximum: 5,
    })
    expect(m({ type: 'integer', exclusiveMaximum: 3, maximum: 5 })).toEqual({
      type: 'integer',
      maximum: 2,
    })
    expect(m({ type: 'integer', exclusiveMinimum: 2, minimum: 1 })).toEqual({
      type: 'integer',
      minimum: 3,
    })
    // a bound that is no number counts as 0
    expect(m({ type: 'integer', exclusiveMinimum: 'x' })).toEqual({ type: 'integer', minimum: 1 })
    // minimum and maximum stay where no exclusive bound was written
    expect(m({ type: 'number', minimum: 1, maximum: 2 })).toEqual({
      type: 'number',
      minimum: 1,
      maximum: 2,
    })
  })

  it('only minimum and maximum are skipped when written already: the format of an integer enum, which Gemini writes as format "enum", becomes words', () => {
    expect(convert(member({ type: 'integer', enum: [1], format: 'int32' }), 'gemini')).toEqual({
      schema: {
        type: 'object',
        properties: {
          m: { type: 'integer', format: 'enum', enum: ['1'], description: 'format: int32' },
        },
      },
      issues: [
        {
          path: 'parameters.properties.m',
          keyword: 'format',
          message:
            'format "int32" is not supported by gemini on an integer: moved into the description as "format: int32"',
          fatal: false,
        },
      ],
      dialect: 'gemini',
    })
    // The same whichever keyword comes first.
    expect(
      convert(member({ type: 'integer', format: 'int32', enum: [1] }), 'gemini').schema.properties
        ?.m,
    ).toEqual({ type: 'integer', format: 'enum', enum: ['1'], description: 'format: int32' })
  })

  it('on a number, words with their message; other dialects keep both', () => {
    expect(convert(member({ type: 'number', exclusiveMaximum: 1.5 }), 'gemini').issues).toEqual([
      {
        path: 'parameters.properties.m',
        keyword: 'exclusiveMaximum',
        message:
          'Gemini has no "exclusiveMaximum": moved into the description as "less than 1.5"; the arguments are still checked against it',
        fatal: false,
      },
    ])
    expect(
      convert(member({ type: 'integer', exclusiveMinimum: 0, exclusiveMaximum: 9 }), 'openai')
        .schema.properties?.m,
    ).toEqual({ type: 'integer', exclusiveMinimum: 0, exclusiveMaximum: 9 })
  })
})

describe('openai-strict: the documented limits, at their edges', () => {
  const strict = (schema: unknown): readonly string[] =>
    convert(schema, 'openai-strict').issues.map((found) => {
      // the size limits are about the whole schema: their issues sit at the root, fatal
      if (found.keyword !== 'enum' || !found.message.startsWith('an enum of')) {
        expect([found.path, found.fatal]).toEqual(['parameters', true])
      }
      return `${found.keyword}: ${found.message}`
    })

  /** `count` required string members with names of `nameLength` characters. */
  function wide(count: number, nameLength = 1): Record<string, unknown> {
    const properties: Record<string, unknown> = {}
    for (let index = 0; index < count; index++) {
      properties[`${index}`.padStart(nameLength, 'n')] = { type: 'string' }
    }
    return { type: 'object', properties, required: Object.keys(properties) }
  }

  it('5000 properties in all pass, 5001 do not, counted across objects', () => {
    expect(strict(wide(5000, 4))).toEqual([])
    const split = wide(4998, 4)
    ;(split.properties as Record<string, unknown>).o = wide(2, 4)
    ;(split.required as string[]).push('o')
    expect(strict(split)).toEqual([
      "properties: 5001 object properties in all is past OpenAI strict mode's limit of 5000",
    ])
  })

  it('10 levels of objects and arrays pass, 11 do not; a string leaf is no level', () => {
    let node: unknown = { type: 'string' }
    for (let level = 0; level < 9; level++) {
      node =
        level % 2 === 0
          ? { type: 'array', items: node }
          : { type: 'object', properties: { c: node }, required: ['c'] }
    }
    const ten = { type: 'object', properties: { c: node }, required: ['c'] }
    expect(strict(ten)).toEqual([])
    const eleven = { type: 'object', properties: { c: ten }, required: ['c'] }
    expect(strict(eleven)).toEqual([
      "properties: 11 levels of nested objects and arrays is past OpenAI strict mode's limit of 10",
    ])
  })

  it('120000 characters of names, enum and const strings pass, one more does not', () => {
    // 1000 names of 100 characters, the names e and c, an enum of 10 strings of 1999 characters
    // and a const of 8: 100000 + 2 + 19990 + 8 = 120000
    const schema = wide(1000, 100)
    const properties = schema.properties as Record<string, unknown>
    properties.e = {
      type: 'string',
      enum: Array.from({ length: 10 }, (_, i) => `${i}`.padEnd(1999, 'e')),
    }
    properties.c = { type: 'string', const: 'cccccccc' }
    ;(schema.required as string[]).push('e', 'c')
    // a const that is no string adds no characters (the name it sits under still counts)
    const first = Object.keys(properties)[0] ?? ''
    properties[first] = { type: 'array', items: { type: 'integer' }, const: [1, 2, 3] }
    expect(strict(schema)).toEqual([])
    properties.c = { type: 'string', const: 'ccccccccc' }
    expect(strict(schema)).toEqual([
      "enum: 120001 characters of property names, enum and const values is past OpenAI strict mode's limit of 120000",
    ])
  })

  it('1000 enum values in all pass, 1001 do not, counted across properties; non-strings add no length', () => {
    const values = (from: number, count: number): number[] =>
      Array.from({ length: count }, (_, index) => from + index)
    const schema = (second: number): unknown => ({
      type: 'object',
      properties: {
        a: { type: 'integer', enum: values(0, 500) },
        b: { type: 'integer', enum: values(500, second) },
      },
      required: ['a', 'b'],
    })
    expect(strict(schema(500))).toEqual([])
    expect(strict(schema(501))).toEqual([
      "enum: 1001 enum values in all is past OpenAI strict mode's limit of 1000",
    ])
  })

  it('one enum: more than 250 strings are limited to 15000 characters; 250 strings, or 15000 characters, pass', () => {
    const strings = (count: number, total: number): string[] =>
      Array.from({ length: count }, (_, index) =>
        `${index}`.padEnd(index === 0 ? total - (count - 1) * 10 : 10, 's'),
      )
    const one = (list: string[]): unknown => ({
      type: 'object',
      properties: { s: { type: 'string', enum: list } },
      required: ['s'],
    })
    expect(strict(one(strings(251, 15_000)))).toEqual([])
    expect(strict(one(strings(250, 15_001)))).toEqual([])
    expect(strict(one(strings(251, 15_001)))).toEqual([
      "enum: an enum of 251 strings totalling 15001 characters is past OpenAI strict mode's limit (more than 250 values: at most 15000 characters)",
    ])
    expect(convert(one(strings(251, 15_001)), 'openai-strict').issues[0]?.path).toBe(
      'parameters.properties.s',
    )
  })

  it('the other dialects have no such limits', () => {
    const many = Array.from({ length: 1001 }, (_, index) => index)
    for (const dialect of ['openai', 'anthropic'] satisfies Dialect[]) {
      expect(toProviderSchema({ n: { type: 'integer', enum: many } }, dialect).issues).toEqual([])
      const long = Array.from({ length: 251 }, (_, index) => `${index}`.padEnd(100, 's'))
      expect(toProviderSchema({ s: { type: 'string', enum: long } }, dialect).issues).toEqual([])
    }
  })
})
