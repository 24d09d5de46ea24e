import { describe, expect, it } from 'vitest'
import { awkRegexEnd, sedRegexEnd } from './regex-literals.js'

// SPEC §26: a program text is judged only where the judge reads it as the program does.
describe('sedRegexEnd (SPEC §26, GNU sed manual "Character Classes and Bracket Expressions")', () => {
  const end = (script: string) => sedRegexEnd(script, 2, script.charAt(1))

  it('ends a regex at the delimiter, past one escaped or inside a bracket expression', () => {
    expect(end('s/a/b/')).toBe(4)
    expect(end('s/a\\/b/c/')).toBe(7)
    // GNU sed 4.9: `s/[/]/X/` replaces a slash; `[/]` is one bracket expression.
    expect(end('s/[/]/X/')).toBe(6)
    expect(end('s/.*[/]*/g;rm -rf x;/e')).toBe(9)
    expect(end('s/[^/]*$//')).toBe(9)
  })

  it('reads `]` first, `[^]`, classes, equivalence classes and collating symbols as sed does', () => {
    expect(end('s/[]/]/X/')).toBe(7)
    expect(end('s/[^]/]/X/')).toBe(8)
    expect(end('s/[[:space:]]*$//')).toBe(16)
    expect(end('s/[[=a=][.-.]x]/X/')).toBe(16)
    // A backslash is an ordinary character inside a bracket expression.
    expect(end('s/[\\/]/X/')).toBe(7)
  })

  it('is unsure where seds disagree, and finds no end where sed finds none', () => {
    // GNU sed reads `[[:alpha:]/]` whole; BusyBox closes it at `:]` and ends the regex at `/`.
    expect(end('s/[[:alpha:]/]/X/')).toBe('ambiguous')
    expect(end('s/[[=a=]/]/X/')).toBe('ambiguous')
    // BusyBox closes the bracket at `[:a:]`'s `]`, then opens `[]/]`: GNU ends at the `/`.
    expect(end('s/[[:a:][]/]/X/')).toBe('ambiguous')
    // GNU sed ends at a `[` delimiter before it could open a bracket; BusyBox opens one.
    expect(end('s[a[b[')).toBe('ambiguous')
    expect(end('s/[/')).toBe('unterminated')
    expect(end('s/[\n]/x/')).toBe('unterminated')
    expect(end('s/a\n/b/')).toBe('unterminated')
  })
})

describe('awkRegexEnd (SPEC §26, gawk manual "Using Bracket Expressions")', () => {
  const end = (program: string) => awkRegexEnd(program, program.indexOf('/') + 1)

  it('ends a regex at its first unescaped slash when no bracket hides one', () => {
    expect(end('/abc/ { print }')).toBe(5)
    expect(end('/a\\/b/')).toBe(6)
    expect(end('/[[:alpha:]_]+/')).toBe(15)
    expect(end('/[^]x]/')).toBe(7)
  })

  it('is unsure where a slash sits inside a bracket expression (mawk 1.3.3 ends there)', () => {
    // mawk 1.3.4 and gawk read `/[/]"/` as one regex; an awk without brackets ends it at `[/`.
    expect(end('/[/]"/')).toBe('ambiguous')
    expect(end('/[[:alpha:]/]/')).toBe('ambiguous')
    expect(end('/[]/]/')).toBe('ambiguous')
    // gawk and mawk close `[[:a:]x[]` at its last `]`; the one-true-awk opens `[]/]` there.
    expect(end('/[[:a:]x[]/]/')).toBe('ambiguous')
    // Every awk closes `[a[]` at its first `]`.
    expect(end('/[a[]/]/')).toBe(6)
  })

  it('finds no end in an unterminated regex', () => {
    expect(end('/abc')).toBe('unterminated')
    expect(end('/a\nb/')).toBe('unterminated')
    expect(end('/[a\n]/')).toBe('unterminated')
  })
})
