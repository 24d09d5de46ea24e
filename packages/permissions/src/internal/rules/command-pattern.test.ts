import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { propertyParameters } from '../../../../../property-runs.shared.js'
import {
  compileCommandPattern,
  mayMatch,
  mustMatch,
  needsMayMatch,
  readCommandPattern,
  readPlainCommandPattern,
} from './command-pattern.js'

/** A spelling or pattern written with spaces between words, `…` unknown and `*` anything. */
const spell = (text: string) =>
  text.replaceAll(' ', '\u0000').replaceAll('…', '\u0001').replaceAll('*', '\u0002')

describe('compileCommandPattern', () => {
  it('makes a trailing ` *` (or the legacy `:*`) optional, and keeps the literal first word', () => {
    expect(compileCommandPattern('npm run test *')).toEqual({
      alternatives: [spell('npm run test *'), spell('npm run test')],
      firstWord: 'npm',
    })
    expect(compileCommandPattern('npm:*')).toEqual({
      alternatives: [spell('npm *'), 'npm'],
      firstWord: 'npm',
    })
    expect(compileCommandPattern('* --version')).toEqual({
      alternatives: [spell('* --version')],
      firstWord: undefined,
    })
  })

  it('quotes as the shell does, and says what is wrong with a specifier that is not one', () => {
    expect(compileCommandPattern('"a b" c')).toEqual({
      alternatives: ['a b\u0000c'],
      firstWord: 'a b',
    })
    expect(compileCommandPattern("'x")).toBe("an unterminated ' quote")
    expect(compileCommandPattern('')).toBe('an empty command')
  })

  it('reads a backslash inside "…" as the shell does: \\" \\\\ \\$ and \\` are the character (SPEC §18.3)', () => {
    // What an always-answer writes for `make 'a"b'` reads back as that word.
    expect(compileCommandPattern('make "a\\"b" *')).toEqual({
      alternatives: [spell('make a"b *'), spell('make a"b')],
      firstWord: 'make',
    })
    expect(compileCommandPattern('printf "say \\"hi\\""')).toEqual({
      alternatives: ['printf\u0000say "hi"'],
      firstWord: 'printf',
    })
    expect(compileCommandPattern('echo "a\\\\" "\\$HOME" "\\`x\\`" "\\n"')).toEqual({
      alternatives: [spell('echo a\\ $HOME `x` \\n')],
      firstWord: 'echo',
    })
    expect(compileCommandPattern('echo "a\\"')).toBe('an unterminated " quote')
    // Single quotes take everything as written.
    expect(compileCommandPattern("echo 'a\\'")).toEqual({
      alternatives: [spell('echo a\\')],
      firstWord: 'echo',
    })
  })
})

describe('matching a command spelling', () => {
  it('must-match: every value of the unknown parts falls inside a `*`', () => {
    expect(mustMatch(spell('ls *'), spell('ls -la'))).toBe(true)
    expect(mustMatch(spell('ls *'), 'lsof')).toBe(false)
    expect(mustMatch(spell('rm *'), spell('rm …'))).toBe(true)
    expect(mustMatch(spell('rm -rf /'), spell('rm …'))).toBe(false)
  })

  it('may-match: some value of the unknown parts matches, a space inside a word a boundary', () => {
    expect(mayMatch(spell('rm -rf /'), spell('rm …'))).toBe(true)
    expect(mayMatch(spell('git push *'), spell('git …'))).toBe(true)
    expect(mayMatch(spell('rm *'), spell('ls …'))).toBe(false)
    expect(mayMatch(spell('ssh host'), 'ssh host')).toBe(true)
  })

  it('says when the two can differ: unknown parts, or spaces inside words', () => {
    expect(needsMayMatch(spell('rm x'))).toBe(false)
    expect(needsMayMatch(spell('rm …'))).toBe(true)
    expect(needsMayMatch('a b')).toBe(true)
  })
})

describe('readCommandPattern (a rule set’s reader: spellings made on first use)', () => {
  /** What a pattern reads as: its spellings and first word, or what is wrong with it. */
  const read = (pattern: ReturnType<typeof compileCommandPattern>) =>
    typeof pattern === 'string'
      ? pattern
      : { alternatives: [...pattern.alternatives], firstWord: pattern.firstWord }

  it('reads every specifier as compileCommandPattern does, plain or not', () => {
    const specifier = fc.string({
      unit: fc.constantFrom('a', 'n', 'p', 'm', ' ', ' ', '*', ':', '-', '"', "'", '\\', '\t', '('),
      maxLength: 14,
    })
    fc.assert(
      fc.property(specifier, (text) => {
        expect(read(readCommandPattern(text))).toEqual(read(compileCommandPattern(text)))
      }),
      propertyParameters(2000),
    )
  })

  it('finds the first word of a plain specifier as the lexer does: blanks, stars, the legacy tail', () => {
    for (const text of [
      'npm run *',
      '  npm   run  *  ',
      'npm:*',
      'np*m x',
      '* x',
      'npm :*',
      'a*:*',
    ]) {
      expect(read(readPlainCommandPattern(text))).toEqual(read(compileCommandPattern(text)))
    }
    expect(readPlainCommandPattern('   ')).toBe('an empty command')
    expect(readPlainCommandPattern(' :*')).toBe('an empty command')
  })
})
