import { describe, expect, it } from 'vitest'
import { unknown } from '../shell/command-text.js'
import { expandBraces } from './brace-words.js'

// bash(1) "Brace Expansion": https://www.gnu.org/software/bash/manual/bash.html#Brace-Expansion
describe('expandBraces', () => {
  it.each([
    ['{r,x}m x', 'rm xm x'],
    ['r{m,} x', 'rm r x'],
    ['a{b,c{d,e}}f', 'abf acdf acef'],
    ['{a..c}', 'a b c'],
    ['x{3..1}', 'x3 x2 x1'],
    ['{1..7..3}', '1 4 7'],
    ['{a..e..2}', 'a c e'],
    ['{r..r..1}m', 'rm'],
    ['{x} {} {a..}', '{x} {} {a..}'],
    ['no braces', 'no braces'],
    ['--run={ls,rm} y', '--run=ls --run=rm y'],
  ])('%j is %j', (line, words) => {
    expect(expandBraces(line)).toBe(words)
  })

  it('reads braces that would make too many words as unknown stretches (bounded work)', () => {
    const many = '{a,b}'.repeat(20)
    // Each expression an unknown stretch, its items kept beside the word.
    expect(expandBraces(many)).toBe(`${unknown.repeat(20)}${' a b'.repeat(20)}`)
    expect(expandBraces(`{rm${',a'.repeat(300)}} x`)).toMatch(new RegExp(`^${unknown} rm a `, 'u'))
    expect(expandBraces('{1..100000}m')).toBe(`${unknown}m`)
    // Unclosed braces are read in one pass, not one per brace.
    const unclosed = `x${'{'.repeat(100_000)}`
    expect(expandBraces(unclosed)).toBe(unclosed)
    expect(expandBraces(`${'{'.repeat(20_000)}{r,x}m`)).toBe(
      `${'{'.repeat(20_000)}rm ${'{'.repeat(20_000)}xm`,
    )
  })
})
