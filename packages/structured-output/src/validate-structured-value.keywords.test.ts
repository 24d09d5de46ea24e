import { describe, expect, it } from 'vitest'
import type { StructuredSubschema } from './structured-schema.js'
import { validateBothWays } from './__fixtures__/validate-both-ways.js'
import { issuesOf, member } from './__fixtures__/structured-value.js'

// The keywords SPEC §9.1 adds, each enforced exactly as JSON Schema 2020-12, with its issue.

function codes(node: StructuredSubschema, value: unknown): string[] {
  return issuesOf(node, value).map((issue) => issue.code)
}

describe('minimum, maximum, exclusiveMinimum, exclusiveMaximum', () => {
  it('accept the bounds themselves unless exclusive', () => {
    const node = { type: 'number', minimum: 0, maximum: 10 } as const
    for (const value of [0, -0, 10, 5.5, Number.MIN_VALUE])
      expect(issuesOf(node, value)).toEqual([])
    const open = { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 10 } as const
    for (const value of [Number.MIN_VALUE, 9.999999999999998])
      expect(issuesOf(open, value)).toEqual([])
    expect(codes(open, 0)).toEqual(['below_minimum'])
    expect(codes(open, -0)).toEqual(['below_minimum'])
    expect(codes(open, 10)).toEqual(['above_maximum'])
  })

  it('say which bound, with the limit and what was given', () => {
    expect(issuesOf({ type: 'integer', minimum: 1 }, 0)).toEqual([
      {
        code: 'below_minimum',
        path: ['a'],
        message: '"a" must be at least 1, got 0',
        limit: 1,
        exclusive: false,
        received: 0,
      },
    ])
    expect(issuesOf({ type: 'number', exclusiveMaximum: 1 }, 1)).toEqual([
      {
        code: 'above_maximum',
        path: ['a'],
        message: '"a" must be less than 1, got 1',
        limit: 1,
        exclusive: true,
        received: 1,
      },
    ])
    expect(issuesOf({ type: 'number', exclusiveMinimum: -0.5 }, -1)[0]?.message).toBe(
      '"a" must be greater than -0.5, got -1',
    )
    expect(issuesOf({ type: 'number', maximum: 1e21 }, 1e22)[0]?.message).toBe(
      '"a" must be at most 1e+21, got 1e+22',
    )
  })

  it('report every bound that refuses, and none on a value of the wrong type', () => {
    expect(codes({ type: 'number', minimum: 0, exclusiveMinimum: 1 }, -1)).toEqual([
      'below_minimum',
      'below_minimum',
    ])
    expect(codes({ type: 'integer', minimum: 0 }, -1.5)).toEqual(['invalid_type'])
    expect(codes({ type: 'number', minimum: 0 }, '-1')).toEqual(['invalid_type'])
  })
})

describe('minLength and maxLength, in code points', () => {
  const title = { type: 'string', maxLength: 80 } as const

  it('count an astral character (a surrogate pair) as one', () => {
    expect(issuesOf({ type: 'string', maxLength: 2 }, '😀😀')).toEqual([])
    expect(issuesOf({ type: 'string', minLength: 3 }, '😀😀')).toEqual([
      {
        code: 'too_short',
        path: ['a'],
        message: '"a" must be at least 3 characters, got 2',
        limit: 3,
        received: 2,
      },
    ])
    expect(codes({ type: 'string', minLength: 1, maxLength: 1 }, '\ud83d')).toEqual([])
  })

  it('say how long the string was', () => {
    expect(issuesOf(title, 'x'.repeat(95))).toEqual([
      {
        code: 'too_long',
        path: ['a'],
        message: '"a" must be at most 80 characters, got 95',
        limit: 80,
        received: 95,
      },
    ])
    expect(issuesOf({ type: 'string', minLength: 1 }, '')[0]?.message).toBe(
      '"a" must be at least 1 character, got 0',
    )
  })
})

describe('pattern', () => {
  it('is not anchored, and uses the u flag', () => {
    expect(issuesOf({ type: 'string', pattern: 'a' }, 'cat')).toEqual([])
    expect(issuesOf({ type: 'string', pattern: '^.$' }, '😀')).toEqual([])
    expect(issuesOf({ type: 'string', pattern: '^\\p{Lu}' }, 'Éclair')).toEqual([])
    expect(codes({ type: 'string', pattern: '^\\p{Lu}' }, 'éclair')).toEqual(['pattern_mismatch'])
  })

  it('names the pattern and quotes the string', () => {
    expect(issuesOf({ type: 'string', pattern: '^[a-z]+$' }, 'ABC')).toEqual([
      {
        code: 'pattern_mismatch',
        path: ['a'],
        message: '"a" must match the pattern "^[a-z]+$", got "ABC"',
        pattern: '^[a-z]+$',
        received: 'ABC',
      },
    ])
  })

  it('gives the same answer every time (no state kept between calls)', () => {
    const schema = member({ type: 'string', pattern: 'x' })
    for (let round = 0; round < 3; round++) {
      expect(validateBothWays(schema, { a: 'axb' })).toEqual([])
    }
  })
})

describe('minItems and maxItems', () => {
  it('count elements', () => {
    const node = { type: 'array', items: { type: 'integer' }, minItems: 1, maxItems: 2 } as const
    expect(issuesOf(node, [1])).toEqual([])
    expect(issuesOf(node, [])).toEqual([
      {
        code: 'too_few_items',
        path: ['a'],
        message: '"a" must have at least 1 item, got 0',
        limit: 1,
        received: 0,
      },
    ])
    expect(issuesOf(node, [1, 2, 'x'])).toMatchObject([
      { code: 'too_many_items', message: '"a" must have at most 2 items, got 3', received: 3 },
      { code: 'invalid_type', path: ['a', 2] },
    ])
  })
})

describe('type: [T, "null"]', () => {
  it('accepts null and values of T, and says both in its issue', () => {
    const node = { type: ['string', 'null'], minLength: 2 } as const
    expect(issuesOf(node, null)).toEqual([])
    expect(issuesOf(node, 'ab')).toEqual([])
    expect(codes(node, 'a')).toEqual(['too_short'])
    expect(issuesOf(node, 1)).toEqual([
      {
        code: 'invalid_type',
        path: ['a'],
        message: '"a" must be a string or null, got number',
        expected: 'string',
        nullable: true,
        received: 'number',
      },
    ])
  })

  it('applies enum and const to null too', () => {
    expect(codes({ type: ['string', 'null'], enum: ['a'] }, null)).toEqual(['invalid_enum'])
    expect(issuesOf({ type: ['string', 'null'], enum: ['a', null] }, null)).toEqual([])
    expect(codes({ type: ['integer', 'null'], const: 1 }, null)).toEqual(['invalid_const'])
  })

  it('on objects and arrays', () => {
    const node = {
      type: ['object', 'null'],
      properties: { b: { type: ['array', 'null'], items: { type: 'boolean' } } },
      required: ['b'],
    } as const
    expect(issuesOf(node, null)).toEqual([])
    expect(issuesOf(node, { b: null })).toEqual([])
    expect(issuesOf(node, { b: [true] })).toEqual([])
    expect(codes(node, { b: [1] })).toEqual(['invalid_type'])
    expect(issuesOf(node, [])[0]?.message).toBe('"a" must be an object or null, got array')
  })
})

describe('enum of numbers', () => {
  it('compares JSON numbers: 1 and 1.0 are one, so are 0 and -0', () => {
    const node = { type: 'number', enum: [1, 0, 2.5] } as const
    for (const value of [1, 1.0, -0, 2.5]) expect(issuesOf(node, value)).toEqual([])
    expect(issuesOf(node, 3)[0]?.message).toBe('"a" must be one of 1, 0, 2.5, got 3')
    const long = { type: 'integer', enum: Array.from({ length: 20 }, (_, index) => index) } as const
    expect(issuesOf(long, -0)).toEqual([])
    expect(codes(long, 20)).toEqual(['invalid_enum'])
  })
})
