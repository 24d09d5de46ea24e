import {
  anything,
  anythingCode,
  separator,
  separatorCode,
  unknownCode,
} from '../shell/command-text.js'

/**
 * A compiled command specifier (SPEC §18.2): `*` matches any characters, spaces included; a
 * space is a word boundary; a trailing ` *` (or the legacy `:*`) also matches the bare command.
 * Quotes and backslashes quote as in the shell, since commands are matched unquoted.
 */
export interface CommandPattern {
  /** One or two spellings (with and without an optional trailing ` *`). */
  readonly alternatives: readonly string[]
  /** The literal first word every match starts with, or undefined when it has a `*`. */
  readonly firstWord: string | undefined
}

/** Compiles a specifier, or returns what is wrong with it. */
export function compileCommandPattern(specifier: string): CommandPattern | string {
  const { source, optionalTail } = withoutLegacyTail(specifier)
  const lexed = lex(source)
  if (typeof lexed !== 'string' || lexed === '') {
    return typeof lexed === 'string' ? 'an empty command' : lexed.error
  }
  const alternatives = spellings(lexed, optionalTail)
  const pattern = alternatives[0] ?? lexed
  const boundary = pattern.indexOf(separator)
  const head = boundary < 0 ? pattern : pattern.slice(0, boundary)
  return { alternatives, firstWord: head.includes(anything) || head === '' ? undefined : head }
}

/**
 * {@link compileCommandPattern} for a rule set: the same pattern, or the same error, but a
 * specifier without quotes, backslashes or tabs (nearly every one: `npm run test *`) is only
 * checked and indexed at load; its spellings are made the first time a command's first word
 * brings the rule up, so a decision pays only for the rules it reads (of 1,000, a handful).
 */
export function readCommandPattern(specifier: string): CommandPattern | string {
  if (lexedCharacters.test(specifier)) return compileCommandPattern(specifier)
  return readPlainCommandPattern(specifier)
}

/**
 * {@link readCommandPattern} of a specifier known to hold no quote, backslash or tab (one that
 * `plainRuleOpening` read). Without them the lexer only drops spaces: the first word is the
 * first run of other characters, and only an all-blank specifier is an error.
 */
export function readPlainCommandPattern(specifier: string): CommandPattern | string {
  const optionalTail = specifier.endsWith(':*')
  const end = optionalTail ? specifier.length - 2 : specifier.length
  let start = 0
  while (start < end && specifier.charCodeAt(start) === 32) start++
  if (start === end) return 'an empty command'
  return new PlainCommandPattern(specifier, start, end, optionalTail)
}

/** What only the character-by-character lexer reads: quotes, backslashes, tabs. */
const lexedCharacters = /["'\\\t]/

/**
 * A plain specifier (no quotes, backslashes or tabs) checked at load: its first word is read
 * when the rule is first filed, its spellings the first time a command's first word brings the
 * rule up (of a thousand rules, a decision reads a handful).
 */
class PlainCommandPattern implements CommandPattern {
  #firstWord: string | undefined | null = null
  #alternatives: readonly string[] | undefined
  constructor(
    private readonly specifier: string,
    /** Where its first word starts, and where it ends without a legacy `:*` tail. */
    private readonly start: number,
    private readonly end: number,
    private readonly optionalTail: boolean,
  ) {}

  get firstWord(): string | undefined {
    if (this.#firstWord === null) {
      const { specifier, start, end } = this
      const space = specifier.indexOf(' ', start)
      const headEnd = space < 0 ? end : space
      const star = specifier.indexOf('*', start)
      this.#firstWord = star >= 0 && star < headEnd ? undefined : specifier.slice(start, headEnd)
    }
    return this.#firstWord
  }

  get alternatives(): readonly string[] {
    if (this.#alternatives === undefined) {
      const lexed = lex(this.specifier.slice(0, this.end))
      // Unreachable: a plain specifier lexes to words (readPlainCommandPattern checked).
      if (typeof lexed !== 'string') throw new Error(lexed.error)
      this.#alternatives = spellings(lexed, this.optionalTail)
    }
    return this.#alternatives
  }
}

/** A specifier without its legacy `:*` tail, and whether it had one. */
function withoutLegacyTail(specifier: string): { source: string; optionalTail: boolean } {
  return specifier.endsWith(':*')
    ? { source: specifier.slice(0, -2), optionalTail: true }
    : { source: specifier, optionalTail: false }
}

/** The one or two spellings of a lexed pattern: with and without an optional trailing ` *`. */
function spellings(lexed: string, optionalTail: boolean): string[] {
  const pattern = optionalTail ? lexed + separator + anything : lexed
  const alternatives = [pattern]
  if (pattern.endsWith(separator + anything) && pattern.length > 2) {
    alternatives.push(pattern.slice(0, -2))
  }
  return alternatives
}

/** Words separated by one separator; `*` unquoted is {@link anything}. */
function lex(source: string): string | { error: string } {
  let out = ''
  let pendingSpace = false
  for (let index = 0; index < source.length; index++) {
    const char = source.charAt(index)
    if (char === ' ' || char === '\t') {
      pendingSpace = out !== ''
      continue
    }
    if (pendingSpace) {
      out += separator
      pendingSpace = false
    }
    if (char === '*') {
      out += anything
    } else if (char === '\\') {
      index++
      if (index < source.length) out += source.charAt(index)
    } else if (char === "'") {
      const close = source.indexOf(char, index + 1)
      if (close < 0) return { error: `an unterminated ${char} quote` }
      out += source.slice(index + 1, close)
      index = close
    } else if (char === '"') {
      // As in the shell: inside "…" a backslash quotes `"`, `\\`, `$` and a backtick, and is
      // kept before anything else (what an always-answer writes reads back as written).
      const quoted = doubleQuoted(source, index + 1)
      if (quoted === undefined) return { error: `an unterminated ${char} quote` }
      out += quoted.text
      index = quoted.close
    } else {
      out += char
    }
  }
  return out
}

/** The text of a "…" word starting at `from` (after its quote), and where its closing quote is. */
function doubleQuoted(source: string, from: number): { text: string; close: number } | undefined {
  let text = ''
  for (let index = from; index < source.length; index++) {
    const char = source.charAt(index)
    if (char === '"') return { text, close: index }
    if (char === '\\' && index + 1 < source.length) {
      const next = source.charAt(index + 1)
      if ('"\\$`'.includes(next)) {
        text += next
        index++
        continue
      }
    }
    text += char
  }
  return undefined
}

/**
 * Whether `pattern` matches the whole of `text` for every value its unknown parts may take:
 * each unknown part lies inside a `*`. (What an allow rule and a deny rule need.)
 */
export function mustMatch(pattern: string, text: string): boolean {
  let p = 0
  let t = 0
  let starP = -1
  let starT = 0
  const pLength = pattern.length
  const tLength = text.length
  while (t < tLength) {
    if (p < pLength) {
      const pc = pattern.charCodeAt(p)
      if (pc === anythingCode) {
        starP = p++
        starT = t
        continue
      }
      const tc = text.charCodeAt(t)
      if (pc === tc && tc !== unknownCode) {
        p++
        t++
        continue
      }
    }
    if (starP < 0) return false
    p = starP + 1
    t = ++starT
  }
  while (p < pLength && pattern.charCodeAt(p) === anythingCode) p++
  return p === pLength
}

/**
 * Whether `pattern` matches `text` for some value of its unknown parts, a word boundary also
 * matching a space inside a word (what makes a deny rule ask rather than let a call through).
 */
export function mayMatch(pattern: string, text: string): boolean {
  const n = pattern.length
  const m = text.length
  // Two rows of the reachability table (pattern position i, text position j): memory stays
  // linear in the text, whatever the pattern's length.
  let row = new Uint8Array(m + 1)
  let next = new Uint8Array(m + 1)
  row[0] = 1
  for (let i = 0; i <= n; i++) {
    next.fill(0)
    const pc = i < n ? pattern.charCodeAt(i) : -1
    for (let j = 0; j <= m; j++) {
      if (row[j] !== 1) continue
      const tc = j < m ? text.charCodeAt(j) : -1
      if (pc === anythingCode) {
        next[j] = 1
        if (j < m) row[j + 1] = 1
      }
      if (tc === unknownCode) {
        row[j + 1] = 1
        if (i < n) next[j] = 1
      }
      if (
        i < n &&
        j < m &&
        pc !== anythingCode &&
        tc !== unknownCode &&
        (pc === tc || (pc === separatorCode && tc === 32))
      ) {
        next[j + 1] = 1
      }
    }
    if (i === n) return row[m] === 1
    const swap = row
    row = next
    next = swap
  }
  return false
}

/** Whether a matching spelling has unknown parts or spaces inside words (where mayMatch differs). */
export function needsMayMatch(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index)
    if (code === unknownCode || code === 32) return true
  }
  return false
}
