import { describe, expect, it } from 'vitest'
import { dialects, isDialect } from './dialect.js'

/** SPEC §9.3: the five dialects `toProviderSchema` writes. */
describe('dialects', () => {
  it('lists the five dialects in their fixed order, frozen', () => {
    expect(dialects).toEqual(['json-schema', 'openai-strict', 'openai', 'gemini', 'anthropic'])
    expect(Object.isFrozen(dialects)).toBe(true)
  })

  it('isDialect names exactly those', () => {
    for (const dialect of dialects) expect(isDialect(dialect)).toBe(true)
    for (const other of ['OpenAI', 'openai ', '', 'claude', undefined, null, 1, ['openai']]) {
      expect(isDialect(other)).toBe(false)
    }
  })
})
