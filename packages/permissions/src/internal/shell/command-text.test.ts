import { describe, expect, it } from 'vitest'
import { words } from '../../__fixtures__/shell-words.js'
import { displayText, escapeLiteral, joinWords, literalWord, shownCommand } from './command-text.js'

describe('command spellings', () => {
  it('joins words with a separator no word holds, and shows them as people read them', () => {
    const text = joinWords(words('rm', '-rf', undefined))
    expect(text).toBe('rm\u0000-rf\u0000\u0001')
    expect(displayText(text)).toBe('rm -rf …')
  })

  it('reads a reserved character inside a literal word as unknown', () => {
    expect(escapeLiteral('a\u0001b\u0000c')).toBe('a\u0001b\u0001c')
    expect(literalWord('a\u0002')).toEqual({ text: 'a\u0001', literal: 'a\u0002' })
    expect(escapeLiteral('plain')).toBe('plain')
  })

  it('cuts a long command after 200 characters, saying how long it was', () => {
    expect(shownCommand('rm -rf /')).toBe('rm -rf /')
    expect(shownCommand('x'.repeat(205))).toBe(`${'x'.repeat(200)}…(205 characters)`)
  })
})
