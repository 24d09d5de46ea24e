import { describe, expect, it } from 'vitest'
import { readAwkProgram } from './awk-tokens.js'
import type { AwkToken } from './awk-tokens.js'

/** Each reading's tokens as `kind:text`, joined by spaces. */
function readings(program: string): string[] | string {
  const read = readAwkProgram(program)
  if (typeof read === 'string') return read
  return read.map((tokens: AwkToken[]) =>
    tokens.map((token) => `${token.kind}:${token.text}`).join(' '),
  )
}

// SPEC §26 (awk `system()` and pipes are hidden commands) needs the tokens awk reads. POSIX awk,
// "Lexical Conventions": a `/` where an operand may start begins a regex, elsewhere it divides.
describe('readAwkProgram (SPEC §26, POSIX awk "Lexical Conventions")', () => {
  it('starts a regex after print, printf, return, else, do, exit, an operator, $ and the start', () => {
    for (const before of ['print', 'printf', 'return', 'else', 'do', 'exit', '!', ',', '~', '$']) {
      expect(readings(`${before} /"/`), before).toEqual([
        `${before === '$' || before.length === 1 ? 'operator' : 'word'}:${before} regex:"`,
      ])
    }
    expect(readings('/a/')).toEqual(['regex:a'])
  })

  it('divides after a name, a number, a string, a regex, ] and a ) that closes no condition', () => {
    expect(readings('x / 2')).toEqual(['word:x operator:/ number:2'])
    expect(readings('a[1] / 2 / (3) / "4" / /5/ / 6')).toEqual([
      'word:a operator:[ number:1 operator:] operator:/ number:2 operator:/ operator:( number:3' +
        ' operator:) operator:/ string:4 operator:/ regex:5 operator:/ number:6',
    ])
  })

  it('reads both ways where awks differ: after length, case, getline and an if (…) condition', () => {
    expect(readings('print length /2/ 1')).toEqual([
      'word:print word:length regex:2 number:1',
      'word:print word:length operator:/ number:2 operator:/ number:1',
    ])
    expect(readings('if (x) /a/').length).toBe(2)
    expect(readings('case /a/:').length).toBe(2)
    expect(readings('getline /a/').length).toBe(2)
    expect(readings('while (f(x)) /a/').length).toBe(2)
  })

  it("reads mawk 1.3.4-20200120's regex one character after the / that follows ++ or --", () => {
    expect(readings('x++ /2/ 1')).toEqual([
      'word:x operator:++ operator:/ number:2 operator:/ number:1',
      'word:x operator:++ regex: number:1',
    ])
    // Before `=` it takes the `=` back: the regex starts right after the `/`.
    expect(readings('x-- /= 2; /b/')).toEqual([
      'word:x operator:-- operator:/= number:2 operator:; regex:b',
      'word:x operator:-- regex:= 2;  word:b operator:/',
    ])
  })

  it('leaves out a reading whose string or regex never ends (that awk refuses the program)', () => {
    expect(readings('x++ / 2')).toEqual(['word:x operator:++ operator:/ number:2'])
    expect(readings('print "a')).toBe('an unterminated string')
    expect(readings('/a')).toBe('an unterminated regex')
  })

  it('gives up on a program whose readings would re-read more than 64 KB (bounded work)', () => {
    const body = '{ print $1 }'.repeat(8_000)
    expect(readings(`${body} length /a/`)).toHaveLength(2)
    expect(readings(`length /a/ ${body}`)).toBe('slashes awks read too many ways')
  })

  it('gives up on a program read in more than eight ways', () => {
    expect(readings('length /1/ length /2/ length /3/')).toHaveLength(8)
    expect(readings('length /1/ length /2/ length /3/ length /4/')).toBe(
      'slashes awks read too many ways',
    )
  })
})

// SPEC §26 again: a `/` is read by the token before it, so what stands between tokens is read as
// each awk reads it (mawk's scan_code table in makescan.c skips \f and \v; gawk's and the
// one-true-awk's lexers skip \r and end a line at a backslash before \r\n).
describe('readAwkProgram between tokens (SPEC §26, POSIX awk "Lexical Conventions")', () => {
  it('skips every blank some awk skips: \\f and \\v (mawk), \\r (gawk, mawk, the one-true-awk)', () => {
    for (const blank of ['\f', '\v', '\r', ' \t']) {
      expect(readings(`x ${blank}/ 2`), JSON.stringify(blank)).toEqual([
        'word:x operator:/ number:2',
      ])
    }
  })

  it('ends a line at a backslash as each awk does, each way a reading of its own', () => {
    // mawk: blanks before the newline; gawk: a \r; the one-true-awk: \r and any character.
    expect(readings('x \\ \f\n/ 2')).toEqual(['word:x operator:/ number:2'])
    expect(readings('x \\\r\n/ 2')).toEqual(['word:x operator:/ number:2'])
    expect(readings('x \\\rz/ 2')).toEqual(['word:x operator:/ number:2'])
    expect(readings('x \\\r \n/ 2/')).toEqual([
      'word:x operator:/ number:2 operator:/',
      'word:x operator:\n regex: 2',
    ])
    expect(readings('x \\ y')).toBe('a backslash that ends no line')
  })

  it('leaves out a reading with a character no awk reads there; non-ASCII is part of a name', () => {
    expect(readings('x \u0001/ 2')).toBe(
      'a character no awk reads outside a string or regex (U+0001)',
    )
    expect(readings("length '/ 2")).toBe(
      'a character no awk reads outside a string or regex (U+0027)',
    )
    expect(readings('x \u00e9/ 2')).toEqual(['word:x word:\u00e9 operator:/ number:2'])
  })
})
