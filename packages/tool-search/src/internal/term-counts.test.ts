import { describe, expect, it } from 'vitest'
import { TermCounts, rarestTerms } from './term-counts.js'

/**
 * SPEC §24, "the index covers name, description, parameter names and descriptions and
 * annotations": how many tools hold each word decides which words bring their tools into a
 * search of a large registry.
 */

describe('TermCounts', () => {
  it('counts the tools that hold a term, and forgets a term with its last tool', () => {
    const counts = new TermCounts()
    counts.add(['escrow', 'ledger'])
    counts.add(['escrow'])
    expect(counts.holding('escrow', false)).toBe(2)
    expect(counts.holding('ledger', false)).toBe(1)
    counts.remove(['escrow', 'ledger'])
    expect(counts.holding('escrow', false)).toBe(1)
    expect(counts.holding('ledger', false)).toBe(0)
    expect(counts.holding('ledger', true)).toBe(0)
    // A term no tool holds is not counted below zero.
    counts.remove(['ledger', 'never'])
    counts.add(['ledger'])
    expect(counts.holding('ledger', false)).toBe(1)
  })

  it('with prefix, counts the tools of every term the query term starts, as the search matches them', () => {
    const counts = new TermCounts()
    counts.add(['mongo', 'mongodb'])
    counts.add(['mongodb'])
    counts.add(['mongoose'])
    counts.add(['mon'])
    expect(counts.holding('mongo', false)).toBe(1)
    // An upper bound: the first tool holds two such terms and counts twice.
    expect(counts.holding('mongo', true)).toBe(4)
    expect(counts.holding('zanzibar', true)).toBe(0)
  })
})

describe('rarestTerms', () => {
  const held: Record<string, number> = { zanzibar: 1, escrow: 40, issue: 200, list: 3000 }
  const holding = (term: string) => held[term] ?? 0

  it('takes the rarest first, as many as together fit the budget, none no tool holds', () => {
    expect(rarestTerms(['list', 'issue', 'escrow', 'zanzibar', 'nowhere'], holding, 250)).toEqual({
      terms: ['zanzibar', 'escrow', 'issue'],
      tools: 241,
    })
    expect(rarestTerms(['list', 'issue', 'escrow', 'zanzibar'], holding, 100)).toEqual({
      terms: ['zanzibar', 'escrow'],
      tools: 41,
    })
    expect(rarestTerms(['list'], holding, 250)).toEqual({ terms: [], tools: 0 })
    expect(rarestTerms([], holding, 250)).toEqual({ terms: [], tools: 0 })
  })

  it('always takes a term at most budget / n tools hold, whatever the others', () => {
    const counts: Record<string, number> = { a: 50, b: 50, c: 50, d: 50, e: 50, f: 10_000 }
    const terms = Object.keys(counts)
    const { terms: rarest } = rarestTerms(terms, (term) => counts[term] ?? 0, 300)
    expect(rarest).toEqual(['a', 'b', 'c', 'd', 'e'])
  })
})
