import { describe, expect, it } from 'vitest'
import { checkArgs } from './check-args.js'
import type { SchemaSpec } from './schema-spec.js'
import { validateArgs } from './validate-args.js'

/** SPEC §9.2: what `checkArgs` says about each keyword the DSL gained, with its code and data. */

describe('checkArgs on integers', () => {
  const spec = { limit: { type: 'integer' } } as const satisfies SchemaSpec

  it('accepts whole numbers (2.0 is 2), refuses fractions with the number in the message', () => {
    expect(checkArgs(spec, { limit: 2 })).toEqual([])
    expect(checkArgs(spec, JSON.parse('{"limit": 2.0}'))).toEqual([])
    expect(checkArgs(spec, { limit: 1.5 })).toEqual([
      {
        code: 'invalid_type',
        path: ['limit'],
        message: '"limit" must be an integer, got 1.5',
        expected: 'integer',
        received: 'number',
      },
    ])
    expect(checkArgs(spec, { limit: '2' })[0]?.message).toBe(
      '"limit" must be an integer, got string',
    )
  })
})

describe('checkArgs on nullable props', () => {
  const spec = {
    note: { type: 'string', nullable: true },
    mode: { type: 'string', enum: ['a', 'b'], nullable: true },
  } as const satisfies SchemaSpec

  it('accepts null, says "or null" when the type is wrong', () => {
    expect(checkArgs(spec, { note: null, mode: null })).toEqual([])
    expect(checkArgs(spec, { note: 1 })).toEqual([
      {
        code: 'invalid_type',
        path: ['note'],
        message: '"note" must be a string or null, got number',
        expected: 'string',
        nullable: true,
        received: 'number',
      },
    ])
    expect(checkArgs(spec, { mode: 'c' })).toEqual([
      {
        code: 'invalid_enum',
        path: ['mode'],
        message: '"mode" must be one of "a", "b", null, got "c"',
        expected: ['a', 'b', null],
        received: 'c',
      },
    ])
  })

  it('a prop without nullable still refuses null (checkArgs stays JSON Schema)', () => {
    expect(checkArgs({ a: { type: 'string' } }, { a: null })[0]?.message).toBe(
      '"a" must be a string, got null',
    )
  })
})

describe('checkArgs on number bounds', () => {
  const spec = {
    limit: { type: 'integer', minimum: 1, maximum: 500 },
    ratio: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 },
  } as const satisfies SchemaSpec

  it('reads like the other messages: "limit" must be at most 500, got 900', () => {
    expect(checkArgs(spec, { limit: 1, ratio: 0.5 })).toEqual([])
    expect(checkArgs(spec, { limit: 500 })).toEqual([])
    expect(checkArgs(spec, { limit: 900, ratio: 0 })).toEqual([
      {
        code: 'above_maximum',
        path: ['limit'],
        message: '"limit" must be at most 500, got 900',
        limit: 500,
        exclusive: false,
        received: 900,
      },
      {
        code: 'below_minimum',
        path: ['ratio'],
        message: '"ratio" must be greater than 0, got 0',
        limit: 0,
        exclusive: true,
        received: 0,
      },
    ])
    expect(checkArgs(spec, { limit: 0, ratio: 1 }).map((issue) => issue.message)).toEqual([
      '"limit" must be at least 1, got 0',
      '"ratio" must be less than 1, got 1',
    ])
  })
})

describe('checkArgs on string lengths and patterns', () => {
  const spec = {
    title: { type: 'string', minLength: 2, maxLength: 5 },
    code: { type: 'string', pattern: '^[A-Z]{3}$' },
  } as const satisfies SchemaSpec

  it('counts code points, as JSON Schema does (an emoji is one character)', () => {
    expect(checkArgs(spec, { title: '😀😀' })).toEqual([])
    expect(checkArgs(spec, { title: '😀' })).toEqual([
      {
        code: 'too_short',
        path: ['title'],
        message: '"title" must be at least 2 characters, got 1',
        limit: 2,
        received: 1,
      },
    ])
    expect(checkArgs(spec, { title: 'abcdef' })).toEqual([
      {
        code: 'too_long',
        path: ['title'],
        message: '"title" must be at most 5 characters, got 6',
        limit: 5,
        received: 6,
      },
    ])
  })

  it('matches the pattern with the u flag, unanchored unless the pattern says so', () => {
    expect(checkArgs(spec, { code: 'ABC' })).toEqual([])
    expect(checkArgs(spec, { code: 'ABCD' })).toEqual([
      {
        code: 'pattern_mismatch',
        path: ['code'],
        message: '"code" must match the pattern "^[A-Z]{3}$", got "ABCD"',
        pattern: '^[A-Z]{3}$',
        received: 'ABCD',
      },
    ])
    expect(checkArgs({ a: { type: 'string', pattern: 'b' } }, { a: 'abc' })).toEqual([])
  })
})

describe('checkArgs on item counts and numeric enums', () => {
  it('"tags" must have at most 2 items, got 3', () => {
    const spec = { tags: { type: 'array', minItems: 1, maxItems: 2 } } as const satisfies SchemaSpec
    expect(checkArgs(spec, { tags: ['a', 'b', 'c'] })).toEqual([
      {
        code: 'too_many_items',
        path: ['tags'],
        message: '"tags" must have at most 2 items, got 3',
        limit: 2,
        received: 3,
      },
    ])
    expect(checkArgs(spec, { tags: [] })[0]).toMatchObject({
      code: 'too_few_items',
      message: '"tags" must have at least 1 item, got 0',
    })
  })

  it('a number that is not one of the enum, and a string where an enum number belongs', () => {
    const spec = { level: { type: 'integer', enum: [1, 2, 3] } } as const satisfies SchemaSpec
    expect(checkArgs(spec, { level: 2 })).toEqual([])
    expect(checkArgs(spec, { level: 4 })).toEqual([
      {
        code: 'invalid_enum',
        path: ['level'],
        message: '"level" must be one of 1, 2, 3, got 4',
        expected: [1, 2, 3],
        received: 4,
      },
    ])
    expect(checkArgs(spec, { level: '2' })[0]).toMatchObject({
      code: 'invalid_type',
      message: '"level" must be one of 1, 2, 3, got string',
    })
  })
})

describe('checkArgs on anyOf', () => {
  const spec = {
    target: { anyOf: [{ type: 'string' }, { type: 'integer', minimum: 1 }], required: true },
    edit: {
      anyOf: [
        { type: 'object', properties: { insert: { type: 'string', required: true } } },
        { type: 'object', properties: { delete: { type: 'integer', required: true } } },
      ],
    },
  } as const satisfies SchemaSpec

  it('accepts a value any member accepts', () => {
    expect(checkArgs(spec, { target: 'a.ts' })).toEqual([])
    expect(checkArgs(spec, { target: 3, edit: { delete: 2 } })).toEqual([])
  })

  it('names the types when every member refused the type alone', () => {
    const [issue] = checkArgs(spec, { target: true })
    expect(issue).toMatchObject({
      code: 'invalid_union',
      path: ['target'],
      message: '"target" must be a string or an integer, got boolean',
    })
  })

  it('quotes what each member found otherwise, and keeps every member issue', () => {
    const [issue] = checkArgs(spec, { target: 0, edit: { insert: 1 } }).slice(1)
    expect(issue).toEqual({
      code: 'invalid_union',
      path: ['edit'],
      message:
        '"edit" matches none of the 2 members of its anyOf: (1) "edit.insert" must be a string, got number; (2) missing required property "edit.delete"',
      alternatives: [
        [
          {
            code: 'invalid_type',
            path: ['edit', 'insert'],
            message: '"edit.insert" must be a string, got number',
            expected: 'string',
            received: 'number',
          },
        ],
        [
          {
            code: 'missing',
            path: ['edit', 'delete'],
            message: 'missing required property "edit.delete"',
            expected: 'integer',
          },
        ],
      ],
    })
  })

  it('a missing union prop expects anyOf', () => {
    expect(checkArgs(spec, {})).toEqual([
      {
        code: 'missing',
        path: ['target'],
        message: 'missing required property "target"',
        expected: 'anyOf',
      },
    ])
  })

  it('validateArgs throws the same messages', () => {
    expect(() => {
      validateArgs(spec, { target: true })
    }).toThrow('invalid arguments: "target" must be a string or an integer, got boolean')
  })
})
