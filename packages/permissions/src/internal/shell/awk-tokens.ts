import { awkRegexEnd } from './regex-literals.js'
import {
  awkBlanks,
  awkKeywordsReadEitherWay,
  awkOperatorCharacters,
  awkRegexKeywords,
} from '../security-tables.js'

/**
 * The tokens of an awk program as each awk reads them (POSIX awk, "Lexical Conventions": strings,
 * regex literals, comments). The one place awks disagree is a `/`: the grammar makes it a
 * regex where an operand may start and a division after one, and the lexers decide that from
 * the token before it, each its own way (mawk 1.3.4's `can_precede_div` table, gawk's and the
 * one-true-awk's yacc grammars, BusyBox's expected token classes):
 *
 * - after a name, a number, a string, a regex, `]` or a `)` it is a division in every awk;
 * - after an operator, `$`, the start, and the keywords an expression follows (`print`, `printf`,
 *   `return`, `else`, `do`, `exit`, …) it starts a regex in every awk;
 * - after the `)` closing an `if`/`while`/`for`/`switch` condition a statement starts (gawk, the
 *   one-true-awk and BusyBox read a regex), but mawk reads a division; after `getline`,
 *   `length`, `case` and the other words some awk keeps for itself, the awks differ too;
 * - after `++`/`--` gawk, BusyBox and later mawks read a division, while mawk 1.3.3 to 1.3.4
 *   of 2020 (Debian's and Ubuntu's awk) start a regex one character after the `/`.
 *
 * What comes between tokens is read as each awk reads it too: a blank any awk skips (`\f` and
 * `\v` in mawk, `\r` in gawk, mawk and the one-true-awk) is a blank, since an awk that does not
 * skip it refuses the program; a `\` ends a line where an awk reads it so (mawk skips its blanks
 * up to the newline, the one-true-awk takes the character after a `\r` whatever it is), each way
 * read as a reading of its own; any other character no awk reads there makes the reading refused.
 *
 * Where they differ the program is read each way ({@link readAwkProgram}) and the caller judges
 * every reading. A regex ends where every awk ends it (regex-literals.ts).
 */
export interface AwkToken {
  readonly kind: 'string' | 'regex' | 'word' | 'number' | 'operator'
  readonly text: string
  /** A `)` that closes an `if`, `while`, `for` or `switch` condition. */
  readonly closesCondition?: boolean
}

/** How one awk reads a `/`: a regex, a division, or mawk's regex one character on. */
type SlashReading = 'regex' | 'division' | 'skipping'

/** More ways to read one program than this, and it cannot be read. */
const maxReadings = 8
/**
 * Characters the readings after the first may tokenize again between them (SPEC §26, bounded
 * work: each reading of a 100 KB program costs about 10 ms); past that, it cannot be read.
 */
const rereadCharacters = 65_536

const twoCharOperators = new Set([
  ...['||', '&&', '|&', '>>', '++', '--', '==', '!=', '<=', '>=', '+=', '-=', '*=', '/='],
  ...['%=', '^=', '**'],
])
const conditionKeywords = new Set(['if', 'while', 'for', 'switch'])
// A non-ASCII character is part of a name (see awkOperatorCharacters in security-tables.ts).
const wordPattern = /[A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*/y
const numberPattern = /(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?/y

/** Where one reading stands: its tokens so far, its open parentheses, and the next index. */
interface Cursor {
  readonly tokens: AwkToken[]
  /** For each open `(`: whether it opens a condition. */
  readonly parens: boolean[]
  index: number
  /** How to read the `/` at `index`, for a reading that forked there. */
  slash: SlashReading | undefined
}

/**
 * Every way the awks read `program` (at most {@link maxReadings}, re-reading at most
 * {@link rereadCharacters}), or why it cannot be read. A reading that meets an unterminated
 * string or regex, or a character no awk reads where it stands, is left out when another reading
 * holds: the awk that reads the program that way refuses it and runs nothing.
 */
export function readAwkProgram(program: string): AwkToken[][] | string {
  const readings: AwkToken[][] = []
  let refused: string | undefined
  let rereads = rereadCharacters + program.length
  const pending: Cursor[] = [{ tokens: [], parens: [], index: 0, slash: undefined }]
  for (let cursor = pending.pop(); cursor !== undefined; cursor = pending.pop()) {
    rereads -= program.length - cursor.index
    if (rereads < 0) return 'slashes awks read too many ways'
    const result = tokenize(program, cursor, pending)
    if (readings.length + pending.length >= maxReadings) return 'slashes awks read too many ways'
    if ('unsure' in result) return result.unsure
    if ('refused' in result) refused ??= result.refused
    else readings.push(result.tokens)
  }
  return readings.length > 0 ? readings : (refused ?? 'an unterminated string')
}

/**
 * One reading from `cursor` to the end (a `/` read more ways forks the others into `forks`):
 * its tokens, what makes the awk reading it this way refuse the program, or what no awk's
 * reading settles.
 */
function tokenize(
  program: string,
  cursor: Cursor,
  forks: Cursor[],
): { tokens: AwkToken[] } | { refused: string } | { unsure: string } {
  const { tokens, parens } = cursor
  for (let index = cursor.index; index < program.length;) {
    const char = program.charAt(index)
    if (awkBlanks.has(char)) index++
    else if (char === '\\') {
      const [end, ...others] = lineContinuationEnds(program, index)
      if (end === undefined) return { refused: 'a backslash that ends no line' }
      for (const other of others) forks.push(forkAt(cursor, other, undefined))
      index = end
    } else if (char === '#') {
      const newline = program.indexOf('\n', index)
      index = newline < 0 ? program.length : newline
    } else if (char === '"') {
      const end = endOfString(program, index)
      if (end < 0) return { refused: 'an unterminated string' }
      tokens.push({ kind: 'string', text: unescape(program.slice(index + 1, end - 1)) })
      index = end
    } else if (char === '/' && readSlash(cursor, index, forks) !== 'division') {
      const start = cursor.slash === 'skipping' && program.charAt(index + 1) !== '=' ? 2 : 1
      cursor.slash = undefined
      const end = awkRegexEnd(program, index + start)
      if (end === 'ambiguous')
        return { unsure: 'a regex whose bracket expression awks end differently' }
      if (end === 'unterminated') return { refused: 'an unterminated regex' }
      tokens.push({ kind: 'regex', text: unescape(program.slice(index + start, end - 1)) })
      index = end
    } else if (!isTokenCharacter(char)) {
      return { refused: `a character no awk reads outside a string or regex (${codePoint(char)})` }
    } else {
      cursor.slash = undefined
      const token = plainToken(program, index, tokens.at(-1), parens)
      tokens.push(token)
      index += token.text.length
    }
    // Too many readings: readAwkProgram gives up on the program.
    if (forks.length >= maxReadings) return { tokens }
  }
  return { tokens }
}

/**
 * How this reading takes the `/` at `index`: as the fork chose, or by the token before it; the
 * other ways the awks read it are forked off as readings of their own.
 */
function readSlash(cursor: Cursor, index: number, forks: Cursor[]): SlashReading {
  if (cursor.slash !== undefined) return cursor.slash
  const [first = 'regex', ...others] = slashReadings(cursor.tokens.at(-1))
  for (const other of others) forks.push(forkAt(cursor, index, other))
  cursor.slash = first
  return first
}

/** A reading that goes on from `index` where `cursor` stands now. */
function forkAt(cursor: Cursor, index: number, slash: SlashReading | undefined): Cursor {
  return { tokens: [...cursor.tokens], parens: [...cursor.parens], index, slash }
}

/**
 * Where the awks read a `\\` outside a string or regex as the end of a line (a continuation):
 * after it, mawk skips its blanks up to a newline (gawk skips a `\r`, POSIX and BusyBox
 * nothing), and mawk ends its program with a newline; the one-true-awk takes a `\r` and the
 * character after it, whatever it is ("assume \n is coming", lex.c). Each end another awk reads
 * differently is a reading of its own; none: every awk refuses the program there.
 */
function lineContinuationEnds(program: string, index: number): number[] {
  const ends: number[] = []
  let at = index + 1
  while (awkBlanks.has(program.charAt(at))) at++
  if (at >= program.length) ends.push(at)
  else if (program.charAt(at) === '\n') ends.push(at + 1)
  const oneTrueAwk = Math.min(index + 3, program.length)
  if (program.charAt(index + 1) === '\r' && !ends.includes(oneTrueAwk)) ends.push(oneTrueAwk)
  return ends
}

/** Whether some awk reads `char` as (part of) a token outside strings, regexes and comments. */
function isTokenCharacter(char: string): boolean {
  const code = char.charCodeAt(0)
  if (code >= 0x80 || awkOperatorCharacters.has(char)) return true
  return /[A-Za-z0-9_]/.test(char)
}

function codePoint(char: string): string {
  return `U+${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`
}

/** The ways the awks read a `/` after `previous` (see {@link AwkToken}). */
function slashReadings(previous: AwkToken | undefined): readonly SlashReading[] {
  if (previous === undefined) return ['regex']
  const { kind, text } = previous
  if (kind === 'word') {
    if (awkRegexKeywords.has(text)) return ['regex']
    return awkKeywordsReadEitherWay.has(text) ? ['regex', 'division'] : ['division']
  }
  if (kind !== 'operator') return ['division']
  if (text === ']') return ['division']
  if (text === ')') return previous.closesCondition === true ? ['regex', 'division'] : ['division']
  if (text === '++' || text === '--') return ['division', 'skipping']
  return ['regex']
}

/** A word, a number or an operator at `index`; parentheses are tracked in `parens`. */
function plainToken(
  program: string,
  index: number,
  previous: AwkToken | undefined,
  parens: boolean[],
): AwkToken {
  wordPattern.lastIndex = index
  const word = wordPattern.exec(program)?.[0]
  if (word !== undefined) return { kind: 'word', text: word }
  numberPattern.lastIndex = index
  const number = numberPattern.exec(program)?.[0]
  if (number !== undefined) return { kind: 'number', text: number }
  const pair = program.slice(index, index + 2)
  const text = twoCharOperators.has(pair) ? pair : program.charAt(index)
  if (text === '(') {
    parens.push(previous?.kind === 'word' && conditionKeywords.has(previous.text))
  } else if (text === ')') {
    return { kind: 'operator', text, closesCondition: parens.pop() === true }
  }
  return { kind: 'operator', text }
}

/** The index after a `"…"` string starting at `start`, or -1 if unterminated. */
function endOfString(program: string, start: number): number {
  for (let index = start + 1; index < program.length; index++) {
    const char = program.charAt(index)
    if (char === '\\') {
      index++
      continue
    }
    if (char === '\n') return -1
    if (char === '"') return index + 1
  }
  return -1
}

function unescape(text: string): string {
  return text.replace(/\\(.)/g, (_, char: string) =>
    char === 'n' ? '\n' : char === 't' ? '\t' : char,
  )
}
