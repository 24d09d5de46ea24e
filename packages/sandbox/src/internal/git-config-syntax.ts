/** One variable a git config file sets, as git hands it to the code that reads it. */
export interface GitConfigEntry {
  /**
   * `section.name` or `section.subsection.name`: the section and the name lower-cased, the
   * subsection as written; cut at a NUL byte, as git's C string is.
   */
  readonly key: string
  /** The value (quotes and escapes undone, blanks at its ends trimmed); null with no `=`. */
  readonly value: string | null
  /**
   * Where older git reads the value otherwise — each unquoted blank inside it a space (git kept
   * them verbatim from its commit "config: Keep inner whitespace verbatim") — that reading.
   */
  readonly olderValue?: string
  /** True where the value's bytes are not UTF-8: `value` then holds U+FFFD for them. */
  readonly undecodable?: true
}

/** What {@link parseGitConfig} read: the entries up to the end, or up to the line git refuses. */
export interface ParsedGitConfig {
  readonly entries: readonly GitConfigEntry[]
  /** The line git stops at with "bad config line" (and refuses to run); absent where none. */
  readonly badLine?: number
}

/** The escapes git undoes in a value; any other `\x` is an error (git-config(1), "Syntax"). */
const escapes: Readonly<Record<string, string>> = {
  t: '\t',
  b: '\b',
  n: '\n',
  '\\': '\\',
  '"': '"',
}

const byteOrderMark = '\xEF\xBB\xBF'

/**
 * The entries of a git config file (git-config(1), "Syntax"), read byte by byte as git's own
 * parser reads them (config.c: `git_parse_source`, `get_base_var`, `get_value`, `parse_value`):
 * a UTF-8 byte order mark skipped, CRLF read as LF, `#` and `;` comments, `[section]`,
 * `[section "subsection"]` (`\x` read as `x` there) and the older `[section.subsection]`, names
 * case-insensitive, values with `"…"` quoting, `\t \b \n \\ \"` escapes and `\` line
 * continuations. Bytes are read as Latin-1 and each key and value decoded as UTF-8 after.
 */
export function parseGitConfig(bytes: Uint8Array): ParsedGitConfig {
  const source = new ConfigSource(Buffer.from(bytes).toString('latin1'))
  const entries: GitConfigEntry[] = []
  const refused = (): ParsedGitConfig => ({ entries, badLine: source.charLine })
  if (!source.skipByteOrderMark()) return refused()
  let stem = ''
  let comment = false
  for (;;) {
    const c = source.next()
    if (c === '\n') {
      if (source.eof) return { entries }
      comment = false
    } else if (comment || isSpace(c)) {
      continue
    } else if (c === '#' || c === ';') {
      comment = true
    } else if (c === '[') {
      const section = sectionHeader(source)
      if (section === undefined || section === '') return refused()
      stem = `${section}.`
    } else {
      if (!isAlpha(c)) return refused()
      const entry = variable(source, stem + lower(c))
      if (entry === undefined) return refused()
      entries.push(entry)
    }
  }
}

/** The file's characters as git's `get_next_char` gives them: CRLF as LF, the end as LF. */
class ConfigSource {
  readonly #text: string
  #at = 0
  eof = false
  /** The line of the next character, and of the last one read. */
  line = 1
  charLine = 1

  constructor(text: string) {
    this.#text = text
  }

  next(): string {
    if (this.#at >= this.#text.length) {
      this.eof = true
      this.charLine = this.line
      return '\n'
    }
    let c = this.#text.charAt(this.#at++)
    if (c === '\r' && this.#text.charAt(this.#at) === '\n') {
      this.#at++
      c = '\n'
    }
    this.charLine = this.line
    if (c === '\n') this.line++
    return c
  }

  /** Skips a byte order mark; false where the file starts with a part of one only (git refuses). */
  skipByteOrderMark(): boolean {
    let matched = 0
    while (matched < 3 && this.#text.charAt(this.#at) === byteOrderMark.charAt(matched)) {
      this.#at++
      matched++
    }
    return matched === 0 || matched === 3
  }
}

/** After `[`: the section (lower-cased), `.subsection` after it; undefined where git refuses. */
function sectionHeader(source: ConfigSource): string | undefined {
  let name = ''
  for (;;) {
    const c = source.next()
    if (source.eof) return undefined
    if (c === ']') return name
    if (isSpace(c)) return quotedSubsection(source, name, c)
    if (!isKeyCharacter(c) && c !== '.') return undefined
    name += lower(c)
  }
}

/** `[section "subsection"]` after the section's name: blanks, then the quoted subsection, `]`. */
function quotedSubsection(source: ConfigSource, name: string, first: string): string | undefined {
  let c = first
  while (isSpace(c)) {
    if (c === '\n') return undefined
    c = source.next()
  }
  if (c !== '"') return undefined
  let subsection = ''
  for (;;) {
    c = source.next()
    if (c === '\n') return undefined
    if (c === '"') break
    if (c === '\\') {
      c = source.next()
      if (c === '\n') return undefined
    }
    subsection += c
  }
  return source.next() === ']' ? `${name}.${subsection}` : undefined
}

/** A variable from its first letter on (`start`: the section stem and that letter). */
function variable(source: ConfigSource, start: string): GitConfigEntry | undefined {
  let name = start
  let c: string
  for (;;) {
    c = source.next()
    if (source.eof || !isKeyCharacter(c)) break
    name += lower(c)
  }
  while (c === ' ' || c === '\t') c = source.next()
  const key = decoded(name)
  if (c === '\n') return { key, value: null }
  if (c !== '=') return undefined
  const read = value(source)
  if (read === undefined) return undefined
  const current = decoded(read.value)
  const older = decoded(read.older)
  return {
    key,
    value: current,
    ...(current === older ? {} : { olderValue: older }),
    ...(isUtf8(read.value) ? {} : { undecodable: true as const }),
  }
}

/** The value after `=`, to the end of its line; undefined where git refuses it. */
function value(source: ConfigSource): { value: string; older: string } | undefined {
  let quote = false
  let comment = false
  let trimAt = 0
  let current = ''
  let older = ''
  for (;;) {
    let c = source.next()
    if (c === '\n') {
      if (quote) return undefined
      if (trimAt === 0) return { value: current, older }
      return { value: current.slice(0, trimAt), older: older.slice(0, trimAt) }
    }
    if (comment) continue
    if (isSpace(c) && !quote) {
      // Blanks before the value are dropped, blanks after it trimmed at the end of the line.
      if (trimAt === 0) trimAt = current.length
      if (current.length > 0) {
        current += c
        older += ' '
      }
      continue
    }
    if (!quote && (c === ';' || c === '#')) {
      comment = true
      continue
    }
    trimAt = 0
    if (c === '"') {
      quote = !quote
      continue
    }
    if (c === '\\') {
      c = source.next()
      if (c === '\n') continue
      if (!Object.hasOwn(escapes, c)) return undefined
      c = escapes[c] ?? c
    }
    current += c
    older += c
  }
}

/** Latin-1 text (one character a byte) as UTF-8, cut at a NUL as git's C strings are. */
function decoded(text: string): string {
  const end = text.indexOf('\0')
  return Buffer.from(end === -1 ? text : text.slice(0, end), 'latin1').toString('utf8')
}

/** Whether Latin-1 text (one character a byte), cut at a NUL, is UTF-8. */
function isUtf8(text: string): boolean {
  const bytes = Buffer.from(text, 'latin1')
  return Buffer.from(decoded(text), 'utf8').equals(bytes.subarray(0, cutAt(bytes)))
}

function cutAt(bytes: Buffer): number {
  const end = bytes.indexOf(0)
  return end === -1 ? bytes.length : end
}

/** git's `isspace` (sane_ctype): space, tab, LF, CR — not vertical tab nor form feed. */
function isSpace(c: string): boolean {
  return c === ' ' || c === '\t' || c === '\n' || c === '\r'
}

function isAlpha(c: string): boolean {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')
}

/** git's `iskeychar`: an ASCII letter or digit, or `-`. */
function isKeyCharacter(c: string): boolean {
  return isAlpha(c) || (c >= '0' && c <= '9') || c === '-'
}

/** ASCII lower case only, as git's `tolower`. */
function lower(c: string): string {
  return isAlpha(c) ? c.toLowerCase() : c
}
