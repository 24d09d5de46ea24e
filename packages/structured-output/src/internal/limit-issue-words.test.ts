import { describe, expect, it } from 'vitest'
import { compile } from './engine/__fixtures__/compile.js'
import type { LimitRawIssue } from './limit-issue-words.js'
import { isLimitIssue, wordLimitIssue, wordTooManyIssues } from './limit-issue-words.js'

/** The engine's first issue for `value` under `schema`, which must be a limit issue. */
function rawIssue(schema: unknown, value: unknown): LimitRawIssue {
  const [issue] = compile(schema, 'json').collect(value)
  return issue as LimitRawIssue
}

describe('wordLimitIssue', () => {
  it('words a bound with its kind, its limit and the value', () => {
    expect(wordLimitIssue(rawIssue({ type: 'number', minimum: 1 }, 0), '"limit"')).toEqual({
      code: 'below_minimum',
      path: [],
      message: '"limit" must be at least 1, got 0',
      limit: 1,
      exclusive: false,
      received: 0,
    })
    expect(
      wordLimitIssue(rawIssue({ type: 'number', exclusiveMinimum: 1 }, 1), 'the value').message,
    ).toBe('the value must be greater than 1, got 1')
    expect(wordLimitIssue(rawIssue({ type: 'integer', maximum: 9 }, 10), '"n"')).toMatchObject({
      code: 'above_maximum',
      message: '"n" must be at most 9, got 10',
      exclusive: false,
    })
    expect(
      wordLimitIssue(rawIssue({ type: 'number', exclusiveMaximum: -0.5 }, 2), '"n"').message,
    ).toBe('"n" must be less than -0.5, got 2')
  })

  it('counts a string in characters and an array in items, singular for one', () => {
    expect(wordLimitIssue(rawIssue({ type: 'string', minLength: 1 }, ''), '"name"')).toEqual({
      code: 'too_short',
      path: [],
      message: '"name" must be at least 1 character, got 0',
      limit: 1,
      received: 0,
    })
    expect(wordLimitIssue(rawIssue({ type: 'string', maxLength: 2 }, 'abc'), '"id"')).toMatchObject(
      { code: 'too_long', message: '"id" must be at most 2 characters, got 3', received: 3 },
    )
    expect(wordLimitIssue(rawIssue({ type: 'array', minItems: 2 }, [1]), '"rows"')).toEqual({
      code: 'too_few_items',
      path: [],
      message: '"rows" must have at least 2 items, got 1',
      limit: 2,
      received: 1,
    })
    expect(wordLimitIssue(rawIssue({ type: 'array', maxItems: 1 }, [1, 2]), '"rows"').message).toBe(
      '"rows" must have at most 1 item, got 2',
    )
  })

  it('quotes a pattern and the string that missed it', () => {
    expect(
      wordLimitIssue(rawIssue({ type: 'string', pattern: '^[a-z]+$' }, 'A"1'), '"slug"'),
    ).toEqual({
      code: 'pattern_mismatch',
      path: [],
      message: '"slug" must match the pattern "^[a-z]+$", got "A\\"1"',
      pattern: '^[a-z]+$',
      received: 'A"1',
    })
  })
})

describe('isLimitIssue', () => {
  it('answers for the issues wordLimitIssue words, and for no other', () => {
    for (const [schema, value, code] of [
      [{ type: 'number', minimum: 1 }, 0, 'below_minimum'],
      [{ type: 'number', maximum: 1 }, 2, 'above_maximum'],
      [{ type: 'string', minLength: 2 }, 'a', 'too_short'],
      [{ type: 'string', maxLength: 1 }, 'ab', 'too_long'],
      [{ type: 'string', pattern: '^a$' }, 'b', 'pattern_mismatch'],
      [{ type: 'array', minItems: 1 }, [], 'too_few_items'],
      [{ type: 'array', maxItems: 0 }, [1], 'too_many_items'],
    ] as const) {
      const issue = rawIssue(schema, value)
      expect(issue.code).toBe(code)
      expect(isLimitIssue(issue)).toBe(true)
    }
    expect(isLimitIssue(rawIssue({ type: 'string' }, 1))).toBe(false)
    expect(isLimitIssue(rawIssue({ type: 'string', enum: ['a'] }, 'b'))).toBe(false)
    expect(isLimitIssue({ code: 'unknown_property', path: ['x'] })).toBe(false)
    expect(isLimitIssue({ code: 'sparse_array', path: [], index: 1 })).toBe(false)
    expect(isLimitIssue({ code: 'too_many_issues', path: [], limit: 100 })).toBe(false)
  })
})

describe('wordTooManyIssues', () => {
  it('says how many are listed, and what was left unchecked', () => {
    expect(
      wordTooManyIssues({ code: 'too_many_issues', path: [], limit: 100 }, 'the arguments'),
    ).toEqual({
      code: 'too_many_issues',
      path: [],
      message:
        'more than 100 issues: the first 100 are listed, and the rest of the arguments was not checked',
      limit: 100,
    })
  })
})
