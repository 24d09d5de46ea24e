import { describe, expect, it } from 'vitest'
import { validateBothWays } from './__fixtures__/validate-both-ways.js'
import { validateStructuredValue } from './validate-structured-value.js'
import { issuesOf, member } from './__fixtures__/structured-value.js'

// The keywords SPEC §9.1 adds, each enforced exactly as JSON Schema 2020-12, with its issue.

describe('anyOf', () => {
  const id = { anyOf: [{ type: 'string', minLength: 1 }, { type: 'integer' }] } as const

  it('accepts a value any alternative accepts', () => {
    for (const value of ['x', 3]) expect(issuesOf(id, value)).toEqual([])
    expect(issuesOf({ anyOf: [{ anyOf: [{ type: 'null' }] }, { type: 'boolean' }] }, null)).toEqual(
      [],
    )
  })

  it('names the types wanted when every alternative refuses the type', () => {
    expect(issuesOf(id, true)).toEqual([
      {
        code: 'invalid_union',
        path: ['a'],
        message: '"a" must be a string or an integer, got boolean',
        alternatives: [
          [
            {
              code: 'invalid_type',
              path: ['a'],
              message: '"a" must be a string, got boolean',
              expected: 'string',
              received: 'boolean',
            },
          ],
          [
            {
              code: 'invalid_type',
              path: ['a'],
              message: '"a" must be an integer, got boolean',
              expected: 'integer',
              received: 'boolean',
            },
          ],
        ],
      },
    ])
  })

  it('quotes what each alternative found otherwise', () => {
    const shape = {
      anyOf: [
        {
          type: 'object',
          properties: { kind: { type: 'string', const: 'circle' }, r: { type: 'number' } },
          required: ['kind', 'r'],
        },
        { type: 'string', minLength: 1 },
      ],
    } as const
    const [issue] = issuesOf(shape, { kind: 'square' })
    expect(issue).toMatchObject({ code: 'invalid_union', path: ['a'] })
    expect(issue?.message).toBe(
      '"a" matches none of the 2 alternatives of its "anyOf": (1) "a.kind" must be "circle", got "square", missing required property "r" in "a"; (2) "a" must be a string, got object',
    )
    expect(issuesOf(shape, { kind: 'circle', r: 1 })).toEqual([])
  })

  it('below items, with each element its own union', () => {
    const list = {
      type: 'array',
      items: { anyOf: [{ type: 'string' }, { type: 'null' }] },
    } as const
    expect(issuesOf(list, ['a', null])).toEqual([])
    expect(issuesOf(list, ['a', 1, null, false]).map((issue) => issue.path)).toEqual([
      ['a', 1],
      ['a', 3],
    ])
  })
})

describe('at most 100 issues', () => {
  it('then one too_many_issues, and the walk stops', () => {
    let reads = 0
    const list: unknown[] = []
    for (let index = 0; index < 1000; index++) {
      Object.defineProperty(list, index, {
        enumerable: true,
        get: () => {
          reads++
          return 'not a number'
        },
      })
    }
    const issues = validateStructuredValue(member({ type: 'array', items: { type: 'number' } }), {
      a: list,
    })
    expect(issues).toHaveLength(101)
    expect(issues[99]?.path).toEqual(['a', 99])
    expect(issues[100]).toEqual({
      code: 'too_many_issues',
      path: [],
      message:
        'more than 100 issues: the first 100 are listed, and the rest of the value was not checked',
      limit: 100,
    })
    // The fast test stops at the first element; the walk stops at the element that would have
    // been the 101st issue: 102 reads of 1,000 elements.
    expect(reads).toBe(102)
  })

  it('counting the issues inside unions', () => {
    const node = { anyOf: [{ type: 'string' }, { type: 'integer' }] } as const
    const issues = validateBothWays(member({ type: 'array', items: node }), {
      a: Array.from({ length: 60 }, () => true),
    })
    // Each refused element costs three issues: two alternatives and the union.
    expect(issues).toHaveLength(34)
    expect(issues.at(-1)?.code).toBe('too_many_issues')
  })

  it('a union whose every alternative runs out of issues leaves only too_many_issues', () => {
    const node = {
      anyOf: [
        { type: 'array', items: { type: 'string' } },
        { type: 'array', items: { type: 'number' } },
      ],
    } as const
    const issues = validateBothWays(member(node), { a: Array.from({ length: 150 }, () => true) })
    // Neither alternative got to the end of the list: what each found depends on the order its
    // dialect walks in, so the union is not worded, and the value says only that there was too
    // much to list.
    expect(issues).toEqual([expect.objectContaining({ code: 'too_many_issues', path: [] })])
  })

  it('a union whose alternatives, whole, pass the limit is listed with the first that fit', () => {
    // 20 alternatives, each missing six members: 120 issues, of which 16 alternatives fit.
    const node = {
      anyOf: Array.from({ length: 20 }, (_, index) => ({
        type: 'object' as const,
        properties: Object.fromEntries(
          Array.from({ length: 6 }, (_, key) => [`p${index}_${key}`, { type: 'string' as const }]),
        ),
        required: Array.from({ length: 6 }, (_, key) => `p${index}_${key}`),
      })),
    }
    const issues = validateBothWays(member(node), { a: {} })
    expect(issues.map((issue) => issue.code)).toEqual(['invalid_union', 'too_many_issues'])
    const [union] = issues
    if (union?.code !== 'invalid_union') throw new Error('expected a union issue')
    expect(union.alternatives).toHaveLength(16)
    expect(union.message).toMatch(
      /^"a" matches none of the 20 alternatives of its "anyOf": .*; and 4 more$/,
    )
  })

  it('a union of 100 alternatives and one wrong value costs one issue, not the budget (SPEC §22)', () => {
    // Before: each alternative's issue was charged, the 100th ran the budget out, and the union
    // was said to have 99 alternatives, followed by a too_many_issues.
    const node = {
      anyOf: Array.from({ length: 100 }, (_, index) => ({
        type: 'object' as const,
        properties: { [`p${String(index)}`]: { type: 'string' as const } },
        required: [`p${String(index)}`],
      })),
    }
    const issues = validateBothWays(member(node), { a: 5 })
    expect(issues.map((issue) => issue.code)).toEqual(['invalid_union'])
    expect(issues[0]?.message).toBe('"a" must be an object, got number')
    const listed = validateBothWays(member(node), { a: {} })
    expect(listed.map((issue) => issue.code)).toEqual(['invalid_union'])
    const [union] = listed
    if (union?.code !== 'invalid_union') throw new Error('expected a union issue')
    // The issues of the first 20 are kept, as many as the message quotes.
    expect(union.alternatives).toHaveLength(20)
    expect(union.message).toMatch(
      /^"a" matches none of the 100 alternatives of its "anyOf": \(1\) missing required property "p0" in "a"; .*; \(20\) missing required property "p19" in "a"; and 80 more$/,
    )
  })

  it('exactly 100 issues is not too many', () => {
    const issues = validateBothWays(member({ type: 'array', items: { type: 'string' } }), {
      a: Array.from({ length: 100 }, () => 1),
    })
    expect(issues).toHaveLength(100)
    expect(issues.every((issue) => issue.code === 'invalid_type')).toBe(true)
  })
})

describe('the words of union issues, at their edges', () => {
  it('quotes the alternatives when one refused a member rather than the value’s type', () => {
    const shape = {
      anyOf: [{ type: 'object', properties: { r: { type: 'number' } } }, { type: 'string' }],
    } as const
    const [issue] = issuesOf(shape, { r: 'wide' })
    expect(issue?.message).toBe(
      '"a" matches none of the 2 alternatives of its "anyOf": (1) "a.r" must be a number, got string; (2) "a" must be a string, got object',
    )
  })

  it('quotes at most three issues of an alternative, then "…"', () => {
    const point = {
      type: 'object',
      properties: {
        w: { type: 'number' },
        x: { type: 'number' },
        y: { type: 'number' },
        z: { type: 'number' },
      },
    } as const
    const shape = { anyOf: [point, { type: 'null' }] } as const
    const three = issuesOf(shape, { x: '1', y: '2', z: '3' })[0]?.message
    expect(three).toBe(
      '"a" matches none of the 2 alternatives of its "anyOf": (1) "a.x" must be a number, got string, "a.y" must be a number, got string, "a.z" must be a number, got string; (2) "a" must be null, got object',
    )
    const four = issuesOf(shape, { w: '0', x: '1', y: '2', z: '3' })[0]?.message
    expect(four).toBe(
      '"a" matches none of the 2 alternatives of its "anyOf": (1) "a.w" must be a number, got string, "a.x" must be a number, got string, "a.y" must be a number, got string, …; (2) "a" must be null, got object',
    )
  })
})

describe('the words of every type', () => {
  it.each([
    ['object', 'an object', 'string'],
    ['array', 'an array', 'string'],
    ['string', 'a string', 'number'],
    ['number', 'a number', 'string'],
    ['integer', 'an integer', 'string'],
    ['boolean', 'a boolean', 'string'],
    ['null', 'null', 'string'],
  ] as const)('%s: "must be %s"', (type, words, got) => {
    const value = got === 'string' ? 'text' : 1
    expect(issuesOf({ type }, value)[0]?.message).toBe(`"a" must be ${words}, got ${got}`)
    if (type !== 'null') {
      expect(issuesOf({ type: [type, 'null'] }, value)[0]?.message).toBe(
        `"a" must be ${words} or null, got ${got}`,
      )
    }
  })

  it('names every place exactly, however often the same schema words issues', () => {
    const schema = member({
      type: 'object',
      properties: { x: { type: 'number' }, y: { type: 'number' } },
    })
    expect(validateBothWays(schema, { a: 1 }).map((issue) => issue.message)).toEqual([
      '"a" must be an object, got number',
    ])
    expect(
      validateBothWays(schema, { a: { x: '1', y: '2' } }).map((issue) => issue.message),
    ).toEqual(['"a.x" must be a number, got string', '"a.y" must be a number, got string'])
    expect(validateBothWays(schema, { a: 1 }).map((issue) => issue.message)).toEqual([
      '"a" must be an object, got number',
    ])
  })
})
