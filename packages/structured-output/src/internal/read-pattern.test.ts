import { describe, expect, it } from 'vitest'
import { readPattern } from './read-pattern.js'

function read(keywords: Record<string, unknown>) {
  const violations: string[] = []
  const pattern = readPattern(new Map(Object.entries(keywords)), (text) => violations.push(text))
  return { pattern, violations }
}

describe('readPattern', () => {
  it('compiles a pattern with the u flag only, unanchored', () => {
    const { pattern, violations } = read({ pattern: '\\p{L}+' })
    expect(violations).toEqual([])
    expect(pattern?.source).toBe('\\p{L}+')
    expect(pattern?.expression.flags).toBe('u')
    expect(pattern?.expression.test('1é2')).toBe(true)
    expect(read({}).pattern).toBeUndefined()
  })

  it('refuses a pattern that is not a string, or does not compile', () => {
    expect(read({ pattern: 3 }).violations).toEqual(['"pattern" must be a string, got number'])
    const [violation] = read({ pattern: '\\q' }).violations
    expect(violation).toMatch(
      /^"pattern" "\\\\q" is not a valid regular expression with the u flag: /,
    )
  })
})
