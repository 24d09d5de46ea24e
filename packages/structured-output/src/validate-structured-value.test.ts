import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { assertSupportedOutputSchema } from './assert-supported-output-schema.js'
import { OutputSchemaError } from './output-schema-error.js'
import type { StructuredIssue } from './structured-issue.js'
import type { StructuredOutputSchema, StructuredSchemaNode } from './structured-schema.js'
import { validateBothWays } from './__fixtures__/validate-both-ways.js'
// Where a test counts reads: validateBothWays reads the value three times.
import { validateStructuredValue } from './validate-structured-value.js'

/** A schema with one required member `a` of the given node. */
function member(node: StructuredSchemaNode): StructuredOutputSchema {
  return { type: 'object', properties: { a: node }, required: ['a'] }
}

/** The issue codes and paths, for compact assertions. */
function found(schema: StructuredOutputSchema, value: unknown): [string, unknown[]][] {
  return validateBothWays(schema, value).map((issue) => [issue.code, [...issue.path]])
}

describe('validateStructuredValue: types', () => {
  it.each([
    ['string', 'x', [1, null, true, ['x'], { a: 'x' }]],
    ['number', 1.5, ['1', null, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]],
    ['integer', 3, [3.5, '3', Number.NaN, Number.POSITIVE_INFINITY, true]],
    ['boolean', false, [0, 'false', null]],
    ['null', null, [0, '', false, {}, Number.NaN]],
    ['array', [], [{}, 'x', null, { length: 0 }]],
    ['object', {}, [[], null, 'x', 1]],
  ] as const)('%s', (type, good, bad) => {
    const schema = member({ type })
    expect(validateBothWays(schema, { a: good })).toEqual([])
    for (const value of bad) {
      const issues = validateBothWays(schema, { a: value })
      expect(issues).toHaveLength(1)
      expect(issues[0]).toMatchObject({ code: 'invalid_type', path: ['a'], expected: type })
    }
  })

  it('integer: any finite number without a fraction, 1.0 and -0 and 1e300 included', () => {
    const schema = member({ type: 'integer' })
    for (const value of [1.0, -0, 1e300, -(2 ** 53) - 2, JSON.parse('1.0') as number]) {
      expect(validateBothWays(schema, { a: value })).toEqual([])
    }
    expect(validateBothWays(schema, { a: 1.5 })).toEqual([
      {
        code: 'invalid_type',
        path: ['a'],
        message: '"a" must be an integer, got 1.5',
        expected: 'integer',
        received: 'number',
      },
    ])
  })

  it('number: any finite number; NaN and the infinities are not numbers here', () => {
    const schema = member({ type: 'number' })
    expect(validateBothWays(schema, { a: -0 })).toEqual([])
    expect(validateBothWays(schema, { a: Number.MAX_VALUE })).toEqual([])
    expect(validateBothWays(schema, { a: Number.NaN })[0]).toMatchObject({
      message: '"a" must be a number, got NaN',
      received: 'NaN',
    })
  })

  it('describes what it got, JSON or not', () => {
    const schema = member({ type: 'string' })
    const received = (value: unknown) =>
      (validateBothWays(schema, { a: value })[0] as { received: string }).received
    expect(received(1n)).toBe('a bigint')
    expect(received(Symbol('s'))).toBe('a symbol')
    expect(received(() => 'x')).toBe('a function')
    expect(received(new Map())).toBe('an instance of Map')
    expect(received([])).toBe('array')
    expect(received(Number.POSITIVE_INFINITY)).toBe('Infinity')
  })
})

describe('validateStructuredValue: the words of a wrong type', () => {
  it('name the expected type with its article, and null when the node is nullable', () => {
    const schema: StructuredOutputSchema = {
      type: 'object',
      properties: {
        a: { type: 'array' },
        b: { type: 'boolean' },
        c: { type: 'integer' },
        d: { type: ['array', 'null'] },
      },
    }
    expect(
      validateBothWays(schema, { a: 1, b: 1, c: 'x', d: 2 }).map((issue) => issue.message),
    ).toEqual([
      '"a" must be an array, got number',
      '"b" must be a boolean, got number',
      '"c" must be an integer, got string',
      '"d" must be an array or null, got number',
    ])
  })
})

describe('validateStructuredValue: objects', () => {
  const schema: StructuredOutputSchema = {
    type: 'object',
    properties: {
      id: { type: 'string' },
      note: { type: 'string' },
      // `as const`: TypeScript otherwise types a member named toString from Object's method.
      toString: { type: 'boolean' as const },
    },
    required: ['id', 'toString'],
  }

  it('reports a missing required member, with its name as the last path key', () => {
    expect(validateBothWays(schema, { toString: true })).toEqual([
      { code: 'missing', path: ['id'], message: 'missing required property "id"' },
    ])
  })

  it('counts a member present as undefined as missing', () => {
    expect(found(schema, { id: undefined, toString: true })).toEqual([['missing', ['id']]])
  })

  it('lets an optional member be absent, or present as undefined', () => {
    expect(validateBothWays(schema, { id: 'x', toString: false })).toEqual([])
    expect(validateBothWays(schema, { id: 'x', note: undefined, toString: false })).toEqual([])
  })

  it('never counts an inherited property as a member (toString, a polluted prototype)', () => {
    expect(found(schema, { id: 'x' })).toEqual([['missing', ['toString']]])
    Object.defineProperty(Object.prototype, 'note', {
      value: 5,
      enumerable: true,
      configurable: true,
      writable: true,
    })
    try {
      expect(validateBothWays(schema, { id: 'x', toString: true })).toEqual([])
      const closed: StructuredOutputSchema = { ...schema, additionalProperties: false }
      expect(validateBothWays(closed, { id: 'x', toString: true })).toEqual([])
      expect(found(closed, { id: 'x', toString: true, note: 1 })).toEqual([
        ['invalid_type', ['note']],
      ])
    } finally {
      delete (Object.prototype as Record<string, unknown>).note
    }
  })

  it('allows unknown members unless additionalProperties is false', () => {
    expect(validateBothWays(schema, { id: 'x', toString: true, extra: 1 })).toEqual([])
    const open: StructuredOutputSchema = { ...schema, additionalProperties: true }
    expect(validateBothWays(open, { id: 'x', toString: true, extra: 1 })).toEqual([])
  })

  it('refuses each unknown member under additionalProperties: false, once', () => {
    const closed: StructuredOutputSchema = { ...schema, additionalProperties: false }
    expect(validateBothWays(closed, { id: 'x', toString: true, b: 1, a: [] })).toEqual([
      {
        code: 'unknown_property',
        path: ['b'],
        message: 'unknown property "b" (additional properties are not allowed)',
      },
      {
        code: 'unknown_property',
        path: ['a'],
        message: 'unknown property "a" (additional properties are not allowed)',
      },
    ])
  })

  it('does not count an unknown member present as undefined', () => {
    const closed: StructuredOutputSchema = { ...schema, additionalProperties: false }
    expect(validateBothWays(closed, { id: 'x', toString: true, extra: undefined })).toEqual([])
  })

  it('refuses every member of an object without properties under additionalProperties: false', () => {
    const empty: StructuredOutputSchema = { type: 'object', additionalProperties: false }
    expect(validateBothWays(empty, {})).toEqual([])
    expect(found(empty, { a: 1, b: 2 })).toEqual([
      ['unknown_property', ['a']],
      ['unknown_property', ['b']],
    ])
  })

  it('finds members in any order (schema order is only the fast path)', () => {
    const closed: StructuredOutputSchema = { ...schema, additionalProperties: false }
    expect(validateBothWays(closed, { toString: true, note: 'n', id: 'x' })).toEqual([])
    expect(found(closed, { toString: 1, zz: 0, id: 2 })).toEqual([
      ['invalid_type', ['toString']],
      ['unknown_property', ['zz']],
      ['invalid_type', ['id']],
    ])
  })

  it('treats integer-like keys (enumerated first by JavaScript) like any other', () => {
    const numeric: StructuredOutputSchema = {
      type: 'object',
      properties: { b: { type: 'string' }, '2': { type: 'number' }, '10': { type: 'number' } },
      required: ['b', '2', '10'],
      additionalProperties: false,
    }
    expect(validateBothWays(numeric, { b: 'x', '10': 1, '2': 2 })).toEqual([])
    expect(found(numeric, { b: 'x', '2': 2, '3': 3 })).toEqual([
      ['unknown_property', ['3']],
      ['missing', ['10']],
    ])
  })

  it('tracks required members beyond the 31st', () => {
    const names = Array.from({ length: 40 }, (_, index) => `p${index}`)
    const wide: StructuredOutputSchema = {
      type: 'object',
      properties: Object.fromEntries(names.map((name) => [name, { type: 'integer' as const }])),
      required: names,
      additionalProperties: false,
    }
    const full = Object.fromEntries(names.map((name, index) => [name, index]))
    expect(validateBothWays(wide, full)).toEqual([])
    const partial: Record<string, number | undefined> = { ...full, p39: undefined }
    delete partial.p3
    delete partial.p35
    expect(found(wide, partial)).toEqual([
      ['missing', ['p3']],
      ['missing', ['p35']],
      ['missing', ['p39']],
    ])
  })

  it('reads only own enumerable members', () => {
    const value = { toString: true }
    Object.defineProperty(value, 'id', { value: 'hidden', enumerable: false })
    expect(found(schema, value)).toEqual([['missing', ['id']]])
  })

  it('accepts null-prototype objects and plain objects from another realm', () => {
    const bare = Object.assign(Object.create(null) as object, { id: 'x', toString: true })
    expect(validateBothWays(schema, bare)).toEqual([])
    const foreign: unknown = runInNewContext("({ id: 'x', toString: true, list: [1, 2] })")
    expect(Object.getPrototypeOf(foreign)).not.toBe(Object.prototype)
    expect(validateBothWays(schema, foreign)).toEqual([])
    const lists: StructuredOutputSchema = {
      type: 'object',
      properties: { list: { type: 'array', items: { type: 'integer' } } },
      required: ['list'],
      additionalProperties: false,
    }
    expect(validateBothWays(lists, runInNewContext('({ list: [1, 2] })'))).toEqual([])
    expect(found(lists, runInNewContext("({ list: [1, 'x'], other: 1 })"))).toEqual([
      ['invalid_type', ['list', 1]],
      ['unknown_property', ['other']],
    ])
  })

  it('refuses class instances, Map, Date and boxed values where an object is expected', () => {
    class Report {
      id = 'x'
      toString = true
    }
    for (const [value, received] of [
      [new Report(), 'an instance of Report'],
      [new Map(), 'an instance of Map'],
      [new Date(0), 'an instance of Date'],
      [new String('x'), 'an instance of String'],
      [Object.create({ id: 'x' }) as object, 'an object with a custom prototype'],
    ] as const) {
      expect(validateBothWays(schema, value)).toEqual([
        {
          code: 'invalid_type',
          path: [],
          message: `the value must be an object, got ${received}`,
          expected: 'object',
          received,
        },
      ])
    }
  })
})

describe('validateStructuredValue: arrays', () => {
  const schema = member({ type: 'array', items: { type: 'integer' } })

  it('checks every element, with its index in the path', () => {
    expect(validateBothWays(schema, { a: [1, 2, 3] })).toEqual([])
    expect(found(schema, { a: [1, 'two', 3, 4.5] })).toEqual([
      ['invalid_type', ['a', 1]],
      ['invalid_type', ['a', 3]],
    ])
  })

  it('accepts any elements without items, and nested arrays with nested items', () => {
    expect(validateBothWays(member({ type: 'array' }), { a: [1, 'x', {}, [null]] })).toEqual([])
    const nested = member({ type: 'array', items: { type: 'array', items: { type: 'boolean' } } })
    expect(validateBothWays(nested, { a: [[true], [], [false, true]] })).toEqual([])
    expect(found(nested, { a: [[true], [0]] })).toEqual([['invalid_type', ['a', 1, 0]]])
  })

  it('refuses a sparse array once, naming the first hole, without walking its length', () => {
    const holes: number[] = [1]
    holes[3] = 4
    expect(validateBothWays(schema, { a: holes })).toEqual([
      {
        code: 'not_json',
        path: ['a'],
        message: '"a" is a sparse array (no element at index 1); arrays must be dense',
      },
    ])
    const huge: unknown[] = []
    huge[2 ** 32 - 2] = 1
    expect(found(member({ type: 'array' }), { a: huge })).toEqual([['not_json', ['a']]])
  })

  it('refuses an Array subclass, and accepts a foreign-realm array', () => {
    class Numbers extends Array<number> {}
    expect(validateBothWays(schema, { a: Numbers.from([1]) })[0]).toMatchObject({
      code: 'invalid_type',
      received: 'an instance of Numbers',
    })
    const foreign: unknown = runInNewContext('[1, 2]')
    expect(validateBothWays(schema, { a: foreign })).toEqual([])
  })
})

describe('validateStructuredValue: enum and const compare JSON values', () => {
  it('enum: one of the members, 1 and 1.0 being one number, 0 and -0 too', () => {
    const schema = member({ type: 'number', enum: [1, 0, 2.5] })
    for (const value of [1, 1.0, JSON.parse('1.0') as number, -0, 2.5]) {
      expect(validateBothWays(schema, { a: value })).toEqual([])
    }
    expect(validateBothWays(schema, { a: 3 })).toEqual([
      {
        code: 'invalid_enum',
        path: ['a'],
        message: '"a" must be one of 1, 0, 2.5, got 3',
        expected: [1, 0, 2.5],
        received: 3,
      },
    ])
  })

  it('enum of strings, null and booleans; a long enum too', () => {
    expect(found(member({ type: 'string', enum: ['open', 'closed'] }), { a: 'Open' })).toEqual([
      ['invalid_enum', ['a']],
    ])
    expect(validateBothWays(member({ type: 'null', enum: [null] }), { a: null })).toEqual([])
    expect(found(member({ type: 'boolean', enum: [true] }), { a: false })).toEqual([
      ['invalid_enum', ['a']],
    ])
    const letters = 'abcdefghijklmnopqrstuvwxyz'.split('')
    const long = member({ type: 'string', enum: letters })
    expect(validateBothWays(long, { a: 'q' })).toEqual([])
    expect(found(long, { a: 'é' })).toEqual([['invalid_enum', ['a']]])
  })

  it('const: 1 accepts 1.0, and a wrong value is reported with both', () => {
    const schema = member({ type: 'integer', const: 1 })
    expect(validateBothWays(schema, { a: 1.0 })).toEqual([])
    expect(validateBothWays(schema, { a: 2 })).toEqual([
      {
        code: 'invalid_const',
        path: ['a'],
        message: '"a" must be 1, got 2',
        expected: 1,
        received: 2,
      },
    ])
  })

  it('reports only invalid_type when the type is already wrong', () => {
    const schema = member({ type: 'string', enum: ['x'], const: 'x' })
    expect(found(schema, { a: 1 })).toEqual([['invalid_type', ['a']]])
    expect(found(schema, { a: 'y' })).toEqual([
      ['invalid_enum', ['a']],
      ['invalid_const', ['a']],
    ])
  })
})

describe('validateStructuredValue: hostile values are issues, never a throw', () => {
  const tree: StructuredOutputSchema = {
    type: 'object',
    properties: {
      child: {
        type: 'object',
        properties: { child: { type: 'object', properties: { child: { type: 'object' } } } },
      },
      list: { type: 'array', items: { type: 'object', properties: { back: { type: 'object' } } } },
    },
  }

  it('a cycle back to an enclosing container', () => {
    const root: Record<string, unknown> = {}
    root.child = { child: root }
    expect(validateBothWays(tree, root)).toEqual([
      {
        code: 'not_json',
        path: ['child', 'child'],
        message: '"child.child" refers back to the value, which encloses it (a cycle is not JSON)',
      },
    ])
    const list: Record<string, unknown>[] = []
    list.push({ back: { child: 1 } })
    const second: Record<string, unknown> = {}
    second.back = second
    list.push(second)
    expect(found(tree, { list })).toEqual([['not_json', ['list', 1, 'back']]])
  })

  it('a shared, non-cyclic reference is fine', () => {
    const shared = { child: {} }
    expect(validateBothWays(tree, { child: shared, list: [shared, shared] })).toEqual([])
  })

  it('100,000 levels of nesting: checked only as deep as the schema goes', () => {
    let deep: Record<string, unknown> = {}
    for (let level = 0; level < 100_000; level++) deep = { child: deep, list: [deep] }
    expect(validateBothWays(tree, deep)).toEqual([])
    let deepList: unknown = 'leaf'
    for (let level = 0; level < 100_000; level++) deepList = [deepList]
    expect(found(member({ type: 'array', items: { type: 'string' } }), { a: deepList })).toEqual([
      ['invalid_type', ['a', 0]],
    ])
  })

  it('a __proto__ key from JSON text: an ordinary member, never a prototype', () => {
    const declared: StructuredOutputSchema = {
      type: 'object',
      properties: JSON.parse('{"__proto__": {"type": "string"}}') as Record<
        string,
        StructuredSchemaNode
      >,
      required: ['__proto__'],
      additionalProperties: false,
    }
    assertSupportedOutputSchema(declared)
    expect(validateBothWays(declared, JSON.parse('{"__proto__": "x"}'))).toEqual([])
    expect(validateBothWays(declared, JSON.parse('{"__proto__": 5}'))).toEqual([
      {
        code: 'invalid_type',
        path: ['__proto__'],
        message: '"__proto__" must be a string, got number',
        expected: 'string',
        received: 'number',
      },
    ])
    // Without an own "__proto__" member it is missing, whatever `value.__proto__` returns.
    expect(found(declared, {})).toEqual([['missing', ['__proto__']]])
    const closed: StructuredOutputSchema = { type: 'object', additionalProperties: false }
    expect(found(closed, JSON.parse('{"__proto__": {"admin": true}}'))).toEqual([
      ['unknown_property', ['__proto__']],
    ])
    expect(({} as Record<string, unknown>).admin).toBeUndefined()
  })

  it('a getter that throws: an issue at its place; the rest of the value is still checked', () => {
    const schema: StructuredOutputSchema = {
      type: 'object',
      properties: {
        inner: {
          type: 'object',
          properties: { id: { type: 'string' }, child: { type: 'object' } },
        },
        after: { type: 'string' },
      },
    }
    const inner = {
      id: 1,
      get child(): never {
        throw new Error('boom')
      },
    }
    expect(validateBothWays(schema, { inner, after: 2 })).toEqual([
      {
        code: 'invalid_type',
        path: ['inner', 'id'],
        message: '"inner.id" must be a string, got number',
        expected: 'string',
        received: 'number',
      },
      {
        code: 'not_json',
        path: ['inner', 'child'],
        message: '"inner.child" could not be read (a getter or Proxy threw: boom)',
      },
      {
        code: 'invalid_type',
        path: ['after'],
        message: '"after" must be a string, got number',
        expected: 'string',
        received: 'number',
      },
    ])
    const list = [1, 2, 3]
    Object.defineProperty(list, 1, {
      get: () => {
        throw new Error('no element')
      },
    })
    expect(found(member({ type: 'array', items: { type: 'integer' } }), { a: list })).toEqual([
      ['not_json', ['a', 1]],
    ])
  })

  it('reads each member once', () => {
    let reads = 0
    const value = {
      get id() {
        reads++
        return reads === 1 ? 'x' : 5
      },
    }
    const schema: StructuredOutputSchema = {
      type: 'object',
      properties: { id: { type: 'string' } },
      required: ['id'],
    }
    expect(validateStructuredValue(schema, value)).toEqual([])
    expect(reads).toBe(1)
  })

  it('Proxies whose traps throw, and revoked Proxies', () => {
    const schema = member({ type: 'object', properties: { b: { type: 'string' } } })
    const trapping = (trap: string) =>
      new Proxy(
        { b: 'x' },
        {
          [trap]: () => {
            throw new Error(`${trap} trap`)
          },
        },
      )
    expect(validateBothWays(schema, { a: trapping('getPrototypeOf') })).toEqual([
      {
        code: 'not_json',
        path: ['a'],
        message: '"a" could not be read (a getter or Proxy threw: getPrototypeOf trap)',
      },
    ])
    expect(validateBothWays(schema, { a: trapping('ownKeys') })).toEqual([
      {
        code: 'not_json',
        path: ['a'],
        message: '"a" could not be read (a getter or Proxy threw: ownKeys trap)',
      },
    ])
    expect(validateBothWays(schema, { a: trapping('get') })).toEqual([
      {
        code: 'not_json',
        path: ['a', 'b'],
        message: '"a.b" could not be read (a getter or Proxy threw: get trap)',
      },
    ])
    expect(found(schema, { a: trapping('getOwnPropertyDescriptor') })).toEqual([
      ['not_json', ['a']],
    ])
    const { proxy, revoke } = Proxy.revocable({}, {})
    revoke()
    expect(found(schema, { a: proxy })).toEqual([['not_json', ['a']]])
    expect(found(member({ type: 'array' }), { a: proxy })).toEqual([['not_json', ['a']]])
    expect(found(member({ type: 'string' }), { a: proxy })).toEqual([['invalid_type', ['a']]])
  })

  it('a Proxy of a plain object that behaves is plain data', () => {
    const schema = member({
      type: 'object',
      properties: { b: { type: 'string' } },
      required: ['b'],
    })
    expect(validateBothWays(schema, { a: new Proxy({ b: 'x' }, {}) })).toEqual([])
  })

  it('non-JSON values at the root', () => {
    const schema: StructuredOutputSchema = { type: 'object' }
    for (const value of [undefined, Number.NaN, 1n, Symbol('s'), () => ({}), [], null]) {
      const issues = validateBothWays(schema, value)
      expect(issues).toHaveLength(1)
      expect(issues[0]?.code).toBe('invalid_type')
    }
  })
})

describe('validateStructuredValue: issues', () => {
  it('collects every issue, depth first, with paths written for the model', () => {
    const schema: StructuredOutputSchema = {
      type: 'object',
      properties: {
        summary: {
          type: 'object',
          properties: { title: { type: 'string' }, total: { type: 'integer' } },
          required: ['title', 'total'],
          additionalProperties: false,
        },
        rows: {
          type: 'array',
          items: {
            type: 'object',
            properties: { 'odd key': { type: 'string', enum: ['open', 'closed'] } },
            required: ['odd key'],
          },
        },
        verdict: { type: 'boolean' },
      },
      required: ['summary', 'rows', 'verdict'],
      additionalProperties: false,
    }
    const issues: StructuredIssue[] = validateBothWays(schema, {
      summary: { total: 1.5, extra: true },
      rows: [{ 'odd key': 'open' }, { 'odd key': 'pending' }, {}],
    })
    expect(issues.map((issue) => issue.message)).toEqual([
      '"summary.total" must be an integer, got 1.5',
      'unknown property "extra" in "summary" (additional properties are not allowed)',
      'missing required property "title" in "summary"',
      '"rows[1]["odd key"]" must be one of "open", "closed", got "pending"',
      'missing required property "odd key" in "rows[2]"',
      'missing required property "verdict"',
    ])
    expect(issues.map((issue) => issue.path)).toEqual([
      ['summary', 'total'],
      ['summary', 'extra'],
      ['summary', 'title'],
      ['rows', 1, 'odd key'],
      ['rows', 2, 'odd key'],
      ['verdict'],
    ])
  })
})

describe('validateStructuredValue: the schema', () => {
  it('throws OutputSchemaError for an unsupported schema (a programming error, not a value issue)', () => {
    const schema = { type: 'object', properties: { a: { type: 'string', format: 'date' } } }
    expect(() => validateBothWays(schema as unknown as StructuredOutputSchema, { a: 'x' })).toThrow(
      OutputSchemaError,
    )
  })

  it('compiles a schema once: later edits are seen only after assertSupportedOutputSchema', () => {
    const schema = {
      type: 'object' as const,
      properties: { a: { type: 'string' as StructuredSchemaNode['type'] } },
    }
    expect(validateBothWays(schema, { a: 'x' })).toEqual([])
    schema.properties.a.type = 'number'
    expect(validateBothWays(schema, { a: 'x' })).toEqual([])
    assertSupportedOutputSchema(schema)
    expect(found(schema, { a: 'x' })).toEqual([['invalid_type', ['a']]])
  })

  it('forgets a schema whose re-check failed', () => {
    const schema: Record<string, unknown> = { type: 'object' }
    expect(validateBothWays(schema as unknown as StructuredOutputSchema, {})).toEqual([])
    schema.type = 'array'
    expect(() => {
      assertSupportedOutputSchema(schema)
    }).toThrow(OutputSchemaError)
    expect(() => validateBothWays(schema as unknown as StructuredOutputSchema, {})).toThrow(
      OutputSchemaError,
    )
  })

  it('enforces exactly what was read when the schema was checked (a getter cannot switch later)', () => {
    let reads = 0
    const node = {
      get type() {
        reads++
        return reads === 1 ? 'string' : 'number'
      },
    }
    const schema = { type: 'object', properties: { a: node } }
    assertSupportedOutputSchema(schema)
    expect(validateBothWays(schema, { a: 'x' })).toEqual([])
    expect(validateBothWays(schema, { a: 'x' })).toEqual([])
    expect(reads).toBe(1)
  })
})
