import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { asMember, violationsOf } from './__fixtures__/output-schema.js'
import { revokedProxy } from '@toolpipe/hostile-values'

describe('assertSupportedOutputSchema refuses (one rule each)', () => {
  class Point {
    type = 'object'
  }

  it.each([
    ['an array', [{ type: 'string' }], 'array'],
    ['a Date', new Date(0), 'an instance of Date'],
    ['a Map', new Map([['type', 'string']]), 'an instance of Map'],
    ['a class instance', new Point(), 'an instance of Point'],
    ['null', null, 'null'],
    ['a string', 'string', 'string'],
    ['a boolean schema', true, 'boolean'],
    ['a function', () => ({ type: 'string' }), 'a function'],
    ['a foreign-realm array', runInNewContext('[]') as unknown, 'array'],
  ])('a node that is not a plain object: %s', (_label, node, described) => {
    expect(violationsOf(asMember(node))).toEqual([
      `schema.properties.a: a schema node must be a plain object, got ${described}`,
    ])
    expect(
      violationsOf({ type: 'object', properties: { list: { type: 'array', items: node } } }),
    ).toEqual([
      `schema.properties.list.items: a schema node must be a plain object, got ${described}`,
    ])
  })

  it('a root that is not a plain object', () => {
    expect(violationsOf([])).toEqual(['schema: a schema node must be a plain object, got array'])
    expect(violationsOf(undefined)).toEqual([
      'schema: a schema node must be a plain object, got undefined',
    ])
  })

  it('a circular node: through items, and through properties', () => {
    const list: Record<string, unknown> = { type: 'array' }
    list.items = list
    expect(violationsOf(asMember(list))).toEqual([
      'schema.properties.a.items: circular schema: this node is also schema.properties.a',
    ])
    const root: Record<string, unknown> = { type: 'object' }
    root.properties = { self: { type: 'object', properties: { again: root } } }
    expect(violationsOf(root)).toEqual([
      'schema.properties.self.properties.again: circular schema: this node is also schema',
    ])
  })

  it.each([
    'format',
    'multipleOf',
    'uniqueItems',
    'contains',
    'prefixItems',
    'minProperties',
    'maxProperties',
    'patternProperties',
    'propertyNames',
    'dependentRequired',
    'unevaluatedProperties',
    'oneOf',
    'allOf',
    'not',
    'if',
    '$ref',
    '$defs',
    '$schema',
    '$id',
    '$comment',
    'nullable',
    'deprecated',
  ])('a keyword outside the subset: %s', (keyword) => {
    expect(violationsOf(asMember({ type: 'string', [keyword]: 1 }))).toEqual([
      `schema.properties.a: unsupported keyword ${JSON.stringify(keyword)}`,
    ])
  })

  it('"type" missing', () => {
    expect(violationsOf(asMember({ description: 'x' }))).toEqual([
      'schema.properties.a: "type" is missing (one of object, array, string, number, integer, boolean, null)',
    ])
  })

  it('"type" not a string', () => {
    expect(violationsOf(asMember({ type: 1 }))).toEqual([
      'schema.properties.a: "type" must be a string, got number',
    ])
  })

  it('"type" as an array of types other than [type, "null"]', () => {
    for (const type of [
      ['string', 'number'],
      ['null', 'string'],
      ['null', 'null'],
      ['string'],
      ['string', 'null', 'number'],
      ['text', 'null'],
      [],
    ]) {
      expect(violationsOf(asMember({ type }))).toEqual([
        'schema.properties.a: "type" must be a single type name, or [type, "null"] for a nullable node; other arrays of types are not supported',
      ])
    }
  })

  it('"type" unknown', () => {
    expect(violationsOf(asMember({ type: 'float' }))).toEqual([
      'schema.properties.a: "type" "float" is unknown; use one of object, array, string, number, integer, boolean, null',
    ])
  })

  it.each([
    ['properties', { a: { type: 'string' } }],
    ['required', []],
    ['additionalProperties', false],
  ])('"%s" off an object node', (keyword, value) => {
    for (const type of ['array', 'string', 'number', 'integer', 'boolean', 'null']) {
      expect(violationsOf(asMember({ type, [keyword]: value }))).toContain(
        `schema.properties.a: "${keyword}" is only allowed on "object" nodes, not on "type": "${type}"`,
      )
    }
  })

  it('"items" off an array node', () => {
    for (const type of ['object', 'string', 'number', 'integer', 'boolean', 'null']) {
      expect(violationsOf(asMember({ type, items: { type: 'string' } }))).toEqual([
        `schema.properties.a: "items" is only allowed on "array" nodes, not on "type": "${type}"`,
      ])
    }
  })

  it.each([
    ['enum', ['x']],
    ['const', 'x'],
  ])('"%s" off a scalar node', (keyword, value) => {
    for (const type of ['object', 'array']) {
      expect(violationsOf(asMember({ type, [keyword]: value }))).toEqual([
        `schema.properties.a: "${keyword}" is only allowed on scalar nodes, not on "type": "${type}"`,
      ])
    }
  })

  it('"properties" not a plain object', () => {
    expect(violationsOf({ type: 'object', properties: [{ type: 'string' }] })).toEqual([
      'schema: "properties" must be a plain object of schema nodes, got array',
    ])
    expect(violationsOf({ type: 'object', properties: new Map() })).toEqual([
      'schema: "properties" must be a plain object of schema nodes, got an instance of Map',
    ])
  })

  it('"properties" holding something other than nodes', () => {
    expect(violationsOf({ type: 'object', properties: { a: 'string', b: undefined } })).toEqual([
      'schema.properties.a: a schema node must be a plain object, got string',
      'schema.properties.b: a schema node must be a plain object, got undefined',
    ])
  })

  it('a root that is not "type": "object"', () => {
    expect(violationsOf({ type: 'array', items: { type: 'string' } })).toEqual([
      'schema: the root must have "type": "object", got "array"',
    ])
    expect(violationsOf({ type: 'string' })).toEqual([
      'schema: the root must have "type": "object", got "string"',
    ])
  })

  it('nesting deeper than 128 nodes, without exhausting the stack however deep', () => {
    let node: Record<string, unknown> = { type: 'string' }
    for (let level = 0; level < 100_000; level++) node = { type: 'array', items: node }
    const violations = violationsOf({ type: 'object', properties: { a: node } })
    expect(violations).toHaveLength(1)
    expect(violations[0]).toMatch(
      /^schema\.properties\.a(\.items){127}: schema nesting deeper than 128 nodes is not supported$/,
    )
  })

  it('a getter or Proxy that throws, as a violation rather than the thrown error', () => {
    const node = {
      type: 'string',
      get description(): string {
        throw new Error('boom')
      },
    }
    expect(violationsOf(asMember(node))).toEqual([
      'schema.properties.a: "description" could not be read: boom',
    ])
    const hostile = new Proxy(
      { type: 'string' },
      {
        ownKeys() {
          throw new Error('no keys')
        },
      },
    )
    expect(violationsOf(asMember(hostile))).toEqual([
      'schema.properties.a: its keywords could not be listed: no keys',
    ])
    const proxy = revokedProxy({ type: 'string' })
    expect(violationsOf(asMember(proxy))).toEqual([
      'schema.properties.a: a schema node must be a plain object, got an unreadable object',
    ])
  })
})
