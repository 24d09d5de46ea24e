import { describe, expect, it } from 'vitest'
import { dialects } from './dialect.js'
import { convert, member } from './__fixtures__/convert.js'

/**
 * SPEC §9.3, the dialect rules one at a time on hand-written JSON Schemas
 * (`jsonSchemaToProviderSchema`): the exact schema each dialect writes and the exact issue it
 * reports, message included (the message is what an integrator shows when a tool is refused).
 */

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
