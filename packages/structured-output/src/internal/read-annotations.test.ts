import { describe, expect, it } from 'vitest'
import { readAnnotations } from './read-annotations.js'

function violationsOf(keywords: Record<string, unknown>): string[] {
  const violations: string[] = []
  readAnnotations(new Map(Object.entries(keywords)), (text) => violations.push(text))
  return violations
}

describe('readAnnotations', () => {
  it('accepts string titles and descriptions, and JSON defaults and examples', () => {
    expect(
      violationsOf({ title: 't', description: 'd', default: { a: [1] }, examples: [1, 'x'] }),
    ).toEqual([])
  })

  it('refuses what no annotation can be', () => {
    expect(
      violationsOf({ title: 1, description: null, default: Number.NaN, examples: 'x' }),
    ).toEqual([
      '"description" must be a string, got null',
      '"title" must be a string, got number',
      '"default" must be JSON data: $ is NaN',
      '"examples" must be an array of JSON values, got string',
    ])
  })
})
