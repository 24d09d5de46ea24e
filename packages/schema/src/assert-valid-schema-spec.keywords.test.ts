import { describe, expect, it } from 'vitest'
import { assertValidSchemaSpec } from './assert-valid-schema-spec.js'
import { mistakesOf } from './__fixtures__/spec-mistakes.js'

/** SPEC §9.2: the refusals of the keywords the DSL gained, each with its path. */

describe('assertValidSchemaSpec accepts the §9.2 keywords where they belong', () => {
  it('every keyword on its own type', () => {
    expect(() => {
      assertValidSchemaSpec({
        limit: { type: 'integer', minimum: 1, maximum: 500, default: 20 },
        ratio: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1, nullable: true },
        level: { type: 'integer', enum: [1, 2, 3] },
        scale: { type: 'number', enum: [0.5, 1] },
        title: { type: 'string', minLength: 1, maxLength: 80, pattern: '^\\p{Lu}' },
        tags: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: 10 },
        target: {
          anyOf: [{ type: 'string' }, { type: 'integer', required: true }],
          required: true,
          description: 'a path or a line',
        },
        empty: { type: 'string', nullable: true, default: null },
      })
    }).not.toThrow()
  })

  it('equal bounds when both are inclusive, and equal counts', () => {
    expect(() => {
      assertValidSchemaSpec({
        one: { type: 'number', minimum: 1, maximum: 1 },
        two: { type: 'string', minLength: 2, maxLength: 2 },
        pair: { type: 'array', minItems: 2, maxItems: 2 },
      })
    }).not.toThrow()
  })
})

describe('assertValidSchemaSpec refuses, with the path', () => {
  it('a keyword on the wrong type', () => {
    expect(
      mistakesOf({
        a: { type: 'number', minLength: 1 },
        b: { type: 'string', minimum: 0 },
        c: { type: 'string', minItems: 1 },
        d: { type: 'boolean', pattern: 'x' },
        e: { type: 'object', maxItems: 1 },
        f: { type: 'integer', items: { type: 'string' } },
      }),
    ).toEqual([
      {
        path: ['a', 'minLength'],
        message: 'spec.a.minLength is only allowed on type "string", not "number"',
      },
      {
        path: ['b', 'minimum'],
        message: 'spec.b.minimum is only allowed on types "number" and "integer", not "string"',
      },
      {
        path: ['c', 'minItems'],
        message: 'spec.c.minItems is only allowed on type "array", not "string"',
      },
      {
        path: ['d', 'pattern'],
        message: 'spec.d.pattern is only allowed on type "string", not "boolean"',
      },
      {
        path: ['e', 'maxItems'],
        message: 'spec.e.maxItems is only allowed on type "array", not "object"',
      },
      {
        path: ['f', 'items'],
        message: 'spec.f.items is only allowed on type "array", not "integer"',
      },
    ])
  })

  it('inverted number bounds, and equal ones when either is exclusive', () => {
    expect(
      mistakesOf({
        a: { type: 'number', minimum: 5, maximum: 2 },
        b: { type: 'integer', exclusiveMinimum: 3, maximum: 3 },
        c: { type: 'number', minimum: 1, exclusiveMaximum: 1 },
      }),
    ).toEqual([
      {
        path: ['a', 'minimum'],
        message: 'spec.a.minimum 5 and maximum 2 leave no number that could match',
      },
      {
        path: ['b', 'exclusiveMinimum'],
        message: 'spec.b.exclusiveMinimum 3 and maximum 3 leave no number that could match',
      },
      {
        path: ['c', 'minimum'],
        message: 'spec.c.minimum 1 and exclusiveMaximum 1 leave no number that could match',
      },
    ])
  })

  it('inverted lengths and item counts', () => {
    expect(
      mistakesOf({
        a: { type: 'string', minLength: 3, maxLength: 2 },
        b: { type: 'array', minItems: 4, maxItems: 1 },
      }),
    ).toEqual([
      {
        path: ['a', 'minLength'],
        message: 'spec.a.minLength 3 is greater than maxLength 2: no string could match',
      },
      {
        path: ['b', 'minItems'],
        message: 'spec.b.minItems 4 is greater than maxItems 1: no array could match',
      },
    ])
  })

  it('bounds that are not finite numbers, counts that are not non-negative integers', () => {
    expect(
      mistakesOf({
        a: { type: 'number', minimum: '1', maximum: Infinity },
        b: { type: 'string', minLength: -1, maxLength: 1.5 },
        c: { type: 'array', maxItems: '3' },
      }).map((found) => found.message),
    ).toEqual([
      'spec.a.minimum must be a finite number, got "1"',
      'spec.a.maximum must be a finite number, got Infinity',
      'spec.b.minLength must be a non-negative integer, got -1',
      'spec.b.maxLength must be a non-negative integer, got 1.5',
      'spec.c.maxItems must be a non-negative integer, got "3"',
    ])
  })

  it('a pattern that does not compile as an ECMAScript u regular expression', () => {
    const [unterminated] = mistakesOf({ code: { type: 'string', pattern: '(' } })
    expect(unterminated?.path).toEqual(['code', 'pattern'])
    expect(unterminated?.message).toMatch(
      /^spec\.code\.pattern "\(" does not compile as an ECMAScript regular expression with the u flag: .*Unterminated group/,
    )
    // Without `u` these compile; with it, a lone brace and an unknown escape are errors.
    expect(mistakesOf({ a: { type: 'string', pattern: 'a{' } })[0]?.path).toEqual(['a', 'pattern'])
    expect(mistakesOf({ a: { type: 'string', pattern: '\\q' } })[0]?.path).toEqual(['a', 'pattern'])
    expect(mistakesOf({ a: { type: 'string', pattern: 5 } })[0]?.message).toBe(
      'spec.a.pattern must be a string, got 5',
    )
  })

  it('a default that the prop itself would reject', () => {
    expect(
      mistakesOf({
        a: { type: 'integer', default: 1.5 },
        b: { type: 'number', maximum: 10, default: 11 },
        c: { type: 'string', maxLength: 2, default: 'abc' },
        d: { type: 'string', pattern: '^x', default: 'y' },
        e: { type: 'array', minItems: 1, default: [] },
        f: { type: 'number', enum: [1, 2], default: 3 },
        g: { type: 'string', default: null },
      }).map((found) => found.message),
    ).toEqual([
      'spec.a.default does not match its own property: the value must be an integer, got 1.5',
      'spec.b.default does not match its own property: the value must be at most 10, got 11',
      'spec.c.default does not match its own property: the value must be at most 2 characters, got 3',
      'spec.d.default does not match its own property: the value must match the pattern "^x", got "y"',
      'spec.e.default does not match its own property: the value must have at least 1 item, got 0',
      'spec.f.default does not match its own property: the value must be one of 1, 2, got 3',
      'spec.g.default does not match its own property: the value must be a string, got null',
    ])
  })

  it('enum members that are not of the prop type', () => {
    expect(
      mistakesOf({
        a: { type: 'string', enum: [1] },
        b: { type: 'number', enum: [NaN] },
        c: { type: 'integer', enum: [2, 2.5] },
      }).map((found) => found.path),
    ).toEqual([
      ['a', 'enum', 0],
      ['b', 'enum', 0],
      ['c', 'enum', 1],
    ])
  })

  it('nullable other than true', () => {
    expect(mistakesOf({ a: { type: 'string', nullable: false } })).toEqual([
      { path: ['a', 'nullable'], message: 'spec.a.nullable must be true or left out, got false' },
    ])
  })

  it('an empty anyOf, one that is not an array, anyOf beside type or another keyword', () => {
    expect(mistakesOf({ a: { anyOf: [] } })).toEqual([
      { path: ['a', 'anyOf'], message: 'spec.a.anyOf must list at least one member' },
    ])
    expect(mistakesOf({ a: { anyOf: { type: 'string' } } })[0]?.message).toBe(
      'spec.a.anyOf must be an array of props, got an object with keys ["type"]',
    )
    expect(mistakesOf({ a: { type: 'string', anyOf: [{ type: 'string' }] } })).toEqual([
      {
        path: ['a', 'type'],
        message: 'spec.a.type cannot stand beside anyOf: give each member its own type',
      },
    ])
    expect(mistakesOf({ a: { anyOf: [{ type: 'string' }], nullable: true } })).toEqual([
      {
        path: ['a', 'nullable'],
        message:
          'spec.a.nullable is not allowed beside anyOf (only anyOf, required, description are): put it in the members',
      },
    ])
  })

  it('mistakes inside the members of an anyOf, at their index', () => {
    expect(
      mistakesOf({ a: { anyOf: [{ type: 'string' }, { type: 'number', maxLength: 2 }, 'x'] } }),
    ).toEqual([
      {
        path: ['a', 'anyOf', 1, 'maxLength'],
        message: 'spec.a.anyOf[1].maxLength is only allowed on type "string", not "number"',
      },
      {
        path: ['a', 'anyOf', 2],
        message: `spec.a.anyOf[2] must be a property object such as { type: 'string' }, got "x"`,
      },
    ])
  })

  it('a cycle through anyOf, and nesting deeper than 32 levels of anyOf', () => {
    const node: { anyOf: unknown[] } = { anyOf: [] }
    node.anyOf.push(node)
    expect(mistakesOf({ node })[0]?.message).toBe(
      'spec.node.anyOf[0] refers back to spec.node: a spec must not be cyclic',
    )
    let deep: unknown = { type: 'string' }
    for (let level = 0; level < 40; level++) deep = { anyOf: [deep] }
    expect(mistakesOf({ deep })[0]?.message).toMatch(
      /^spec\.deep(\.anyOf\[0\]){32} is nested deeper than 32 levels/,
    )
  })
})
