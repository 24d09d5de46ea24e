import { describe, expect, it } from 'vitest'
import { limitLines } from './body-text.js'

describe('limitLines', () => {
  it('keeps the first maxLines lines and counts the rest', () => {
    expect(limitLines('1\n2\n3\n4\n', 2)).toEqual({ text: '1\n2', more: 2 })
    expect(limitLines('1\n2\n3', 1)).toEqual({ text: '1', more: 2 })
  })

  it('keeps a text within the limit whole, without its final newline', () => {
    expect(limitLines('1\n2\n', 2)).toEqual({ text: '1\n2', more: 0 })
    expect(limitLines('one line', 5)).toEqual({ text: 'one line', more: 0 })
    expect(limitLines('', 1)).toEqual({ text: '', more: 0 })
  })
})
