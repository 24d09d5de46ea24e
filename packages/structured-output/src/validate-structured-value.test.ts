import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { assertSupportedOutputSchema } from './assert-supported-output-schema.js'
import { OutputSchemaError } from './output-schema-error.js'
import type { StructuredIssue } from './structured-issue.js'
import type { StructuredOutputSchema, StructuredSchemaNode } from './structured-schema.js'
import { validateBothWays } from './__fixtures__/validate-both-ways.js'
import { found, member } from './__fixtures__/structured-value.js'

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
