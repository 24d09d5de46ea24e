import { describe, expect, it } from 'vitest'
import { receivedText, typeWithArticle } from './issue-text.js'

describe('typeWithArticle', () => {
  it('puts the article each type takes', () => {
    expect(
      ['string', 'number', 'integer', 'boolean', 'object', 'array'].map((type) =>
        typeWithArticle(type as never),
      ),
    ).toEqual(['a string', 'a number', 'an integer', 'a boolean', 'an object', 'an array'])
  })
})

describe('receivedText', () => {
  it('says what an unreadable value is, and any other kind by its name', () => {
    expect(receivedText('unreadable')).toBe('an unreadable value (a getter or Proxy trap threw)')
    expect(receivedText('NaN')).toBe('NaN')
  })
})
