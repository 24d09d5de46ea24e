/**
 * Where a regex literal ends — `s/re/…/` and `/re/` addresses in sed, `/re/` in awk — as the
 * programs themselves find it (SPEC §26): a delimiter inside a bracket expression (`[/]`) does
 * not end the regex in GNU sed, gawk or mawk, and the implementations disagree on the finer
 * points (`[:class:]` inside a bracket, a `]` right after `[`, backslashes inside one). Each
 * reading below follows one implementation's lexer; a regex ends where every reading of its
 * program ends it, and where they disagree nothing is sure: the caller reports the program as one
 * it cannot read.
 */

/** The index just after the regex's closing delimiter, or -1 when this reading finds none. */
type Reading = (text: string, start: number, delimiter: string) => number

/**
 * The end of a regex: the index just after its closing delimiter, `unterminated` when the first
 * reading finds none, `ambiguous` when another reading ends it elsewhere.
 */
export type RegexEnd = number | 'unterminated' | 'ambiguous'

/** Where a sed regex whose text starts at `start` ends (GNU sed, then BusyBox's reading). */
export function sedRegexEnd(text: string, start: number, delimiter: string): RegexEnd {
  return agreedEnd([gnuSed, busyboxSed], text, start, delimiter)
}

/** The same for an awk `/…/` literal whose text starts at `start` (after its opening `/`). */
export function awkRegexEnd(text: string, start: number): RegexEnd {
  return agreedEnd([gawk, mawk, bracketAwk, plainAwk], text, start, '/')
}

function agreedEnd(
  readings: readonly Reading[],
  text: string,
  start: number,
  delimiter: string,
): RegexEnd {
  const ends = readings.map((reading) => reading(text, start, delimiter))
  const end = ends[0] ?? -1
  if (ends.some((other) => other !== end)) return 'ambiguous'
  return end < 0 ? 'unterminated' : end
}

/**
 * GNU sed 4.9's `match_slash` (compile.c): the delimiter ends the regex before anything else is
 * looked at, a backslash takes the next character (a newline too), a newline ends the script
 * line unterminated, and `[` reads a bracket expression as `snarf_char_class` does.
 */
function gnuSed(text: string, start: number, delimiter: string): number {
  for (let index = start; index < text.length; index++) {
    const char = text.charAt(index)
    if (char === '\n') return -1
    if (char === delimiter) return index + 1
    if (char === '\\') index++
    else if (char === '[') {
      const close = gnuSedBracketClose(text, index + 1)
      if (close < 0) return -1
      index = close
    }
  }
  return -1
}

/**
 * GNU sed's `snarf_char_class`: after an optional `^` a `]` is literal; `[:`, `[.` and `[=`
 * open an element that only the same character followed by `]` closes; a backslash is an
 * ordinary character; a newline or the end leaves the bracket open. The index of its `]`, or -1.
 */
function gnuSedBracketClose(text: string, from: number): number {
  let index = from
  if (text.charAt(index) === '^') index++
  if (text.charAt(index) === ']') index++
  // 0 outside an element, 1 after its `[`, 2 inside it, 3 after the character that may close it.
  let state = 0
  let opener = ''
  for (; index < text.length; index++) {
    const char = text.charAt(index)
    if (char === '\n') return -1
    if (char === '.' || char === ':' || char === '=') {
      if (state === 1) {
        opener = char
        state = 2
        continue
      }
      if (state === 2 && char === opener) {
        state = 3
        continue
      }
    } else if (char === '[') {
      if (state === 0) state = 1
      continue
    } else if (char === ']') {
      if (state === 0 || state === 1) return index
      if (state === 3) state = 0
    }
    state &= ~1
  }
  return -1
}

/**
 * BusyBox sed's `index_of_next_unescaped_regexp_delim`: a bracket opens at `[`, its first `]`
 * (after an optional `^`) is literal and the next closes it, with no `[:class:]` of its own and
 * no escapes inside; outside one a backslash takes the next character.
 */
function busyboxSed(text: string, start: number, delimiter: string): number {
  return flatReading(text, start, delimiter, 'plain')
}

/** An awk that knows no bracket expressions (mawk before 1.3.4, the old one-true-awk). */
function plainAwk(text: string, start: number): number {
  return flatReading(text, start, '/', 'none')
}

/** The one-true-awk's `regexpr`: brackets as BusyBox reads them, a backslash escaping inside too. */
function bracketAwk(text: string, start: number): number {
  return flatReading(text, start, '/', 'escaping')
}

/**
 * A reading whose brackets do not nest (`none`: no brackets at all; `plain`: a backslash inside
 * one is an ordinary character; `escaping`: it takes the next one). A newline ends the regex
 * unterminated wherever it is.
 */
function flatReading(
  text: string,
  start: number,
  delimiter: string,
  brackets: 'none' | 'plain' | 'escaping',
): number {
  let open = -1
  for (let index = start; index < text.length; index++) {
    const char = text.charAt(index)
    if (char === '\n') return -1
    if (open >= 0) {
      if (char === '\\' && brackets === 'escaping') index++
      else if (char === ']') {
        const first = index === open + 1 || (index === open + 2 && text.charAt(open + 1) === '^')
        if (!first) open = -1
      }
      continue
    }
    if (char === '\\') index++
    else if (char === '[' && brackets !== 'none') open = index
    else if (char === delimiter) return index + 1
  }
  return -1
}

/**
 * gawk 5's `yylex` on a regex: `[` opens a bracket when none is open or when `:` follows it
 * (`[[:alpha:]/]` nests), a `]` right after the outermost `[` (or `[^`) is literal, any other
 * `]` closes one level (below zero too: gawk counts on), and `/` ends the regex only outside
 * brackets. A backslash takes the next character; a backslash-newline is removed.
 */
function gawk(text: string, start: number): number {
  let depth = 0
  let openAt = -1
  let added = 0
  let last = ''
  for (let index = start; index < text.length; index++) {
    const char = text.charAt(index)
    const at = added
    if (char === '\\') {
      const next = text.charAt(++index)
      if (next === '' || next === '\r') return -1
      if (next !== '\n') {
        added += 2
        last = next
      }
      continue
    }
    if (char === '\n') return -1
    if (char === '[') {
      if (text.charAt(index + 1) === ':' || depth === 0) {
        depth++
        if (depth === 1) openAt = at
      }
    } else if (char === ']') {
      const first = depth > 0 && (at === openAt + 1 || (at === openAt + 2 && last === '^'))
      if (!first) {
        depth--
        if (depth === 0) openAt = -1
      }
    } else if (char === '/' && depth <= 0) return index + 1
    added++
    last = char
  }
  return -1
}

/**
 * mawk 1.3.4's `collect_RE`: `[` opens a bracket when none is open and nests when `:` follows
 * it; a `]` right after the outermost `[` (or `[^`) is literal, any other closes one level; `/`
 * ends the regex outside brackets. `\/` is one character, a backslash-newline none.
 */
function mawk(text: string, start: number): number {
  let depth = 0
  let first = -1
  let movedPastCaret = false
  let added = 0
  for (let index = start; index < text.length; index++) {
    const char = text.charAt(index)
    if (char === '\\') {
      const next = text.charAt(++index)
      if (next === '') return -1
      if (next !== '\n') added += next === '/' ? 1 : 2
      continue
    }
    if (char === '\n') return -1
    added++
    if (char === '^' && added - 1 === first && !movedPastCaret) {
      first = added
      movedPastCaret = true
    } else if (char === '[') {
      if (depth === 0) {
        first = added
        movedPastCaret = false
        depth++
      } else if (text.charAt(index + 1) === ':') depth++
    } else if (char === ']') {
      if (depth > 0 && added - 1 !== first) depth--
    } else if (char === '/' && depth === 0) return index + 1
  }
  return -1
}
