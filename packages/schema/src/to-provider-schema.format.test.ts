import { describe, expect, it } from 'vitest'
import { convert, member } from './__fixtures__/convert.js'

/**
 * SPEC §9.3, the dialect rules one at a time on hand-written JSON Schemas
 * (`jsonSchemaToProviderSchema`): the exact schema each dialect writes and the exact issue it
 * reports, message included (the message is what an integrator shows when a tool is refused).
 */

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
    })
  })
})
