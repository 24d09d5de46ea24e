import { describe, expect, it } from 'vitest'
import { joinFirstSentences, listValues } from './list-values.js'

describe('listValues', () => {
  it('lists every value of a short list as messages write values', () => {
    expect(listValues(['utf8', 'base64'])).toBe('"utf8", "base64"')
    expect(listValues([1, -0, null, true])).toBe('1, -0, null, true')
    expect(listValues([])).toBe('')
  })

  it('lists twenty, then says how many more: the text does not grow with the list', () => {
    const twenty = Array.from({ length: 20 }, (_, index) => `v${String(index)}`)
    expect(listValues(twenty)).toBe(twenty.map((value) => `"${value}"`).join(', '))
    const many = Array.from({ length: 100_000 }, (_, index) => `v${String(index)}`)
    const text = listValues(many)
    expect(text).toBe(`${twenty.map((value) => `"${value}"`).join(', ')} and 99980 more`)
    expect(listValues([...twenty, 'one more'])).toMatch(/"v19" and 1 more$/)
  })

  it('cuts a long value as describeValue does', () => {
    expect(listValues(['x'.repeat(1_000)])).toBe(`"${'x'.repeat(64)}…"`)
  })
})

describe('joinFirstSentences', () => {
  it('joins twenty sentences, then says how many more', () => {
    const sentences = Array.from({ length: 25 }, (_, index) => `mistake ${String(index)}`)
    expect(joinFirstSentences(sentences.slice(0, 2))).toBe('mistake 0; mistake 1')
    expect(joinFirstSentences(sentences)).toBe(`${sentences.slice(0, 20).join('; ')}; and 5 more`)
  })
})
