import { isHarnessError } from '@toolpipe/core'
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { assertSupportedOutputSchema } from './assert-supported-output-schema.js'
import { OutputSchemaError } from './output-schema-error.js'

/** Runs the assertion expecting a refusal, and returns the violations. */
function violationsOf(schema: unknown): readonly string[] {
  try {
    assertSupportedOutputSchema(schema)
  } catch (error) {
    expect(error).toBeInstanceOf(OutputSchemaError)
    return (error as OutputSchemaError).violations
  }
  throw new Error('expected assertSupportedOutputSchema to refuse the schema')
}

/** Wraps `node` as the schema of member `a` of an object root. */
function asMember(node: unknown): unknown {
  return { type: 'object', properties: { a: node } }
}

describe('assertSupportedOutputSchema accepts', () => {
  it('every keyword of the subset, on the node types it belongs to', () => {
    const schema: unknown = {
      type: 'object',
      title: 'Verdict',
      description: 'the final answer',
      properties: {
        verdict: { type: 'string', enum: ['pass', 'fail'], default: 'pass', examples: ['fail'] },
        score: { type: 'number', const: 0.5 },
        count: { type: 'integer', enum: [1, 2.0, -0] },
        done: { type: 'boolean', const: true },
        nothing: { type: 'null', enum: [null] },
        tags: { type: 'array', items: { type: 'string' }, examples: [['a'], []] },
        nested: { type: 'object', properties: {}, additionalProperties: true, required: [] },
      },
      required: ['verdict', 'score'],
      additionalProperties: false,
      default: { verdict: 'pass', score: -0, nested: { deep: [1, null, 'x'] } },
    }
    expect(() => {
      assertSupportedOutputSchema(schema)
    }).not.toThrow()
  })

  it('a bare object root', () => {
    expect(() => {
      assertSupportedOutputSchema({ type: 'object' })
    }).not.toThrow()
  })

  it('the same sub-schema object in two sibling places (shared, not circular)', () => {
    const shared = { type: 'object', properties: { x: { type: 'number' } } }
    const schema = {
      type: 'object',
      properties: { a: shared, b: shared, list: { type: 'array', items: shared } },
    }
    expect(() => {
      assertSupportedOutputSchema(schema)
    }).not.toThrow()
  })

  it('plain nodes from another realm', () => {
    const schema: unknown = runInNewContext(
      "({ type: 'object', properties: { a: { type: 'array', items: { type: 'string', enum: ['x'] } } }, required: ['a'] })",
    )
    expect(Object.getPrototypeOf(schema)).not.toBe(Object.prototype)
    expect(() => {
      assertSupportedOutputSchema(schema)
    }).not.toThrow()
  })

  it('null-prototype nodes (plain data, as snapshotJson treats them)', () => {
    const member = Object.assign(Object.create(null) as object, { type: 'string' })
    const properties = Object.assign(Object.create(null) as object, { a: member })
    const schema = Object.assign(Object.create(null) as object, { type: 'object', properties })
    expect(() => {
      assertSupportedOutputSchema(schema)
    }).not.toThrow()
  })

  it('a supported keyword present as undefined, as absent (JSON.stringify drops it)', () => {
    const schema = {
      type: 'object',
      description: undefined,
      properties: { a: { type: 'string', enum: undefined, const: undefined } },
      required: undefined,
    }
    expect(() => {
      assertSupportedOutputSchema(schema)
    }).not.toThrow()
  })

  it('a schema read from JSON text, "__proto__" property name included', () => {
    const schema: unknown = JSON.parse(
      '{"type":"object","properties":{"__proto__":{"type":"string"}},"required":["__proto__"],"default":{"__proto__":-0}}',
    )
    expect(() => {
      assertSupportedOutputSchema(schema)
    }).not.toThrow()
  })

  it('reading only own enumerable properties: symbols, hidden and inherited keys are ignored', () => {
    const schema: Record<string | symbol, unknown> = { type: 'object' }
    schema[Symbol('minLength')] = 3
    Object.defineProperty(schema, 'minProperties', { value: 1, enumerable: false })
    Object.defineProperty(Object.prototype, 'pattern', {
      value: '^x',
      enumerable: true,
      configurable: true,
      writable: true,
    })
    try {
      expect(() => {
        assertSupportedOutputSchema(schema)
      }).not.toThrow()
    } finally {
      delete (Object.prototype as Record<string, unknown>).pattern
    }
  })

  it('reading each keyword once', () => {
    let reads = 0
    const schema = {
      get type() {
        reads++
        return 'object'
      },
    }
    assertSupportedOutputSchema(schema)
    expect(reads).toBe(1)
  })

  it('annotations nested 100,000 levels deep (JSON data, checked without recursion)', () => {
    let deep: unknown = 'leaf'
    for (let level = 0; level < 100_000; level++) deep = { next: [deep] }
    expect(() => {
      assertSupportedOutputSchema({ type: 'object', default: deep, examples: [deep] })
    }).not.toThrow()
  })

  it('128 levels of nesting', () => {
    let node: Record<string, unknown> = { type: 'string' }
    for (let level = 1; level < 128; level++) node = { type: 'array', items: node }
    expect(() => {
      assertSupportedOutputSchema({ type: 'object', properties: { a: node } })
    }).toThrow()
    // The root counts as one level: 127 more below it is the most there can be.
    let fits: Record<string, unknown> = { type: 'string' }
    for (let level = 1; level < 127; level++) fits = { type: 'array', items: fits }
    expect(() => {
      assertSupportedOutputSchema({ type: 'object', properties: { a: fits } })
    }).not.toThrow()
  })
})

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

  it('"required" not an array of strings', () => {
    expect(violationsOf({ type: 'object', required: 'a' })).toEqual([
      'schema: "required" must be an array of property names, got string',
    ])
    expect(
      violationsOf({ type: 'object', properties: { a: { type: 'string' } }, required: ['a', 1] }),
    ).toEqual(['schema: "required"[1] must be a string, got number'])
  })

  it('"required" naming something that is not an own key of "properties"', () => {
    expect(
      violationsOf({ type: 'object', properties: { a: { type: 'string' } }, required: ['b'] }),
    ).toEqual(['schema: "required" names "b", which is not a key of "properties"'])
    expect(violationsOf({ type: 'object', required: ['toString'] })).toEqual([
      'schema: "required" names "toString", which is not a key of "properties"',
    ])
  })

  it('"required" listing a name twice (2020-12: its items MUST be unique)', () => {
    expect(
      violationsOf({ type: 'object', properties: { a: { type: 'string' } }, required: ['a', 'a'] }),
    ).toEqual(['schema: "required" lists "a" more than once'])
  })

  it('"required" as a sparse array, stopping at the first hole', () => {
    const required: string[] = []
    required[4_000_000_000] = 'a'
    expect(
      violationsOf({ type: 'object', properties: { a: { type: 'string' } }, required }),
    ).toEqual(['schema: "required"[0] is a hole in a sparse array'])
  })

  it('"additionalProperties" not a boolean', () => {
    expect(violationsOf({ type: 'object', additionalProperties: { type: 'string' } })).toEqual([
      'schema: "additionalProperties" must be a boolean, got object',
    ])
  })

  it('"enum" empty', () => {
    expect(violationsOf(asMember({ type: 'string', enum: [] }))).toEqual([
      'schema.properties.a: "enum" must not be empty',
    ])
  })

  it('"enum" not an array', () => {
    expect(violationsOf(asMember({ type: 'string', enum: 'x' }))).toEqual([
      'schema.properties.a: "enum" must be an array of scalars, got string',
    ])
  })

  it('"enum" holding a non-scalar', () => {
    expect(
      violationsOf(asMember({ type: 'string', enum: ['x', { a: 1 }, ['y'], undefined] })),
    ).toEqual([
      'schema.properties.a: "enum"[1] must be a scalar (string, number, boolean or null), got object',
      'schema.properties.a: "enum"[2] must be a scalar (string, number, boolean or null), got array',
      'schema.properties.a: "enum"[3] must be a scalar (string, number, boolean or null), got undefined',
    ])
  })

  it('"enum" holding a non-finite number', () => {
    expect(
      violationsOf(asMember({ type: 'number', enum: [1, Number.NaN, Number.NEGATIVE_INFINITY] })),
    ).toEqual([
      'schema.properties.a: "enum"[1] must be a finite number, got NaN',
      'schema.properties.a: "enum"[2] must be a finite number, got -Infinity',
    ])
  })

  it('"enum" holding a value of another type than the node', () => {
    expect(violationsOf(asMember({ type: 'string', enum: ['x', 1, null] }))).toEqual([
      'schema.properties.a: "enum"[1] must match the node\'s "type": "string", got number',
      'schema.properties.a: "enum"[2] must match the node\'s "type": "string", got null',
    ])
    expect(violationsOf(asMember({ type: 'integer', enum: [1, 1.5] }))).toEqual([
      'schema.properties.a: "enum"[1] must match the node\'s "type": "integer", got 1.5',
    ])
    expect(violationsOf(asMember({ type: 'null', enum: [false] }))).toEqual([
      'schema.properties.a: "enum"[0] must match the node\'s "type": "null", got boolean',
    ])
  })

  it('"const" not a scalar of the node\'s type', () => {
    expect(violationsOf(asMember({ type: 'string', const: ['x'] }))).toEqual([
      'schema.properties.a: "const" must be a scalar (string, number, boolean or null), got array',
    ])
    expect(violationsOf(asMember({ type: 'boolean', const: 'true' }))).toEqual([
      'schema.properties.a: "const" must match the node\'s "type": "boolean", got string',
    ])
    expect(violationsOf(asMember({ type: 'integer', const: 0.5 }))).toEqual([
      'schema.properties.a: "const" must match the node\'s "type": "integer", got 0.5',
    ])
    expect(violationsOf(asMember({ type: 'number', const: Number.POSITIVE_INFINITY }))).toEqual([
      'schema.properties.a: "const" must be a finite number, got Infinity',
    ])
  })

  it('"description" or "title" not a string', () => {
    expect(violationsOf(asMember({ type: 'string', description: 1, title: ['t'] }))).toEqual([
      'schema.properties.a: "description" must be a string, got number',
      'schema.properties.a: "title" must be a string, got array',
    ])
  })

  it('"default" not JSON data', () => {
    const cyclic: Record<string, unknown> = {}
    cyclic.self = cyclic
    expect(violationsOf(asMember({ type: 'object', default: { a: [1, Number.NaN] } }))).toEqual([
      'schema.properties.a: "default" must be JSON data: $.a[1] is NaN',
    ])
    expect(violationsOf(asMember({ type: 'object', default: { when: new Date(0) } }))).toEqual([
      'schema.properties.a: "default" must be JSON data: $.when is an instance of Date, not a plain object or array',
    ])
    expect(violationsOf(asMember({ type: 'object', default: { gone: undefined } }))).toEqual([
      'schema.properties.a: "default" must be JSON data: $.gone is undefined',
    ])
    expect(violationsOf(asMember({ type: 'object', default: cyclic }))).toEqual([
      'schema.properties.a: "default" must be JSON data: $.self is a cycle back to an enclosing value',
    ])
    expect(violationsOf(asMember({ type: 'integer', default: 1n }))).toEqual([
      'schema.properties.a: "default" must be JSON data: $ is a bigint',
    ])
  })

  it('"default" as a sparse array, at its first hole, however long', () => {
    const sparse: unknown[] = ['x']
    sparse[2 ** 32 - 2] = 'y'
    expect(violationsOf(asMember({ type: 'array', default: sparse }))).toEqual([
      'schema.properties.a: "default" must be JSON data: $ is a sparse array (no element at index 1)',
    ])
  })

  it('"default" that throws while read, as a violation', () => {
    const hostile = {
      get a(): never {
        throw new Error('boom')
      },
    }
    expect(violationsOf(asMember({ type: 'object', default: hostile }))).toEqual([
      'schema.properties.a: "default" must be JSON data: $.a could not be read: boom',
    ])
  })

  it('"examples" not an array of JSON data', () => {
    expect(violationsOf(asMember({ type: 'string', examples: 'x' }))).toEqual([
      'schema.properties.a: "examples" must be an array of JSON values, got string',
    ])
    expect(violationsOf(asMember({ type: 'string', examples: ['x', () => 'y'] }))).toEqual([
      'schema.properties.a: "examples" must be JSON data: $[1] is a function',
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
    const { proxy, revoke } = Proxy.revocable({ type: 'string' }, {})
    revoke()
    expect(violationsOf(asMember(proxy))).toEqual([
      'schema.properties.a: a schema node must be a plain object, got an unreadable object',
    ])
  })
})

describe('OutputSchemaError', () => {
  it('lists every violation of a schema with several mistakes, each with its path', () => {
    const schema = {
      type: 'object',
      properties: {
        name: { type: 'string', format: 'email' },
        tags: { type: 'array', items: { type: ['string', 'number'] } },
        mode: { type: 'string', enum: ['a', 2] },
        'odd key': { type: 'number', items: { type: 'string' } },
      },
      required: ['name', 'missing'],
      additionalProperties: 'no',
      $schema: 'https://json-schema.org/draft/2020-12/schema',
    }
    const expected = [
      'schema: unsupported keyword "$schema"',
      'schema.properties.name: unsupported keyword "format"',
      'schema.properties.tags.items: "type" must be a single type name, or [type, "null"] for a nullable node; other arrays of types are not supported',
      'schema.properties.mode: "enum"[1] must match the node\'s "type": "string", got number',
      'schema.properties["odd key"]: "items" is only allowed on "array" nodes, not on "type": "number"',
      'schema: "required" names "missing", which is not a key of "properties"',
      'schema: "additionalProperties" must be a boolean, got string',
    ]
    let thrown: unknown
    try {
      assertSupportedOutputSchema(schema)
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(OutputSchemaError)
    const error = thrown as OutputSchemaError
    expect(error.violations).toEqual(expected)
    expect(error.code).toBe('UNSUPPORTED_SCHEMA')
    expect(error.name).toBe('OutputSchemaError')
    expect(isHarnessError(error)).toBe(true)
    expect(error.message).toBe(`unsupported output schema (7 violations): ${expected.join('; ')}`)
    expect(Object.isFrozen(error.violations)).toBe(true)
  })

  it('says "1 violation" for one', () => {
    expect(() => {
      assertSupportedOutputSchema({ type: 'array' })
    }).toThrow(
      'unsupported output schema (1 violation): schema: the root must have "type": "object", got "array"',
    )
  })
})
