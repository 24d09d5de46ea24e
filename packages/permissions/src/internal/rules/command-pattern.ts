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
  let source = specifier
  let optionalTail = false
  if (source.endsWith(':*')) {
    source = source.slice(0, -2)
    optionalTail = true
  }
  const lexed = lex(source)
  if (typeof lexed !== 'string' || lexed === '') {
    return typeof lexed === 'string' ? 'an empty command' : lexed.error
  }
  let pattern = lexed
  if (optionalTail) pattern += separator + anything
  const alternatives = [pattern]
  if (pattern.endsWith(separator + anything) && pattern.length > 2) {
    alternatives.push(pattern.slice(0, -2))
  }
  const boundary = pattern.indexOf(separator)
  const head = boundary < 0 ? pattern : pattern.slice(0, boundary)
  return { alternatives, firstWord: head.includes(anything) || head === '' ? undefined : head }
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
    } else if (char === "'" || char === '"') {
      const close = source.indexOf(char, index + 1)
      if (close < 0) return { error: `an unterminated ${char} quote` }
      let quoted = source.slice(index + 1, close)
      if (char === '"') quoted = quoted.replaceAll('\\"', '"').replaceAll('\\\\', '\\')
      out += quoted
      index = close
    } else {
      out += char
    }
  }
  return out
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
