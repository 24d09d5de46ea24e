import { describeThrown } from '@toolpipe/core/internal'
import { parse as parseJsonc, printParseErrorCode, stripComments } from 'jsonc-parser'
import type { ParseError } from 'jsonc-parser'
import { parse as parseToml } from 'smol-toml'
import { jsonTooDeepAt, valueTooDeep } from './internal/nesting-depth.js'
import { readRegularFile } from './internal/read-regular-file.js'

/** How a settings file is written: Claude Code style JSON, or a Gemini CLI TOML policy file. */
export type SettingsFileFormat = 'json' | 'toml'

/** What reading one settings file found. */
export type SettingsFileContent =
  | { readonly kind: 'ok'; readonly value: unknown; readonly text: string }
  /** No such file: an empty source (SPEC §18.3). */
  | { readonly kind: 'missing' }
  /** It does not parse (or cannot be read): where, in 1-based line and column, and why. */
  | {
      readonly kind: 'invalid'
      readonly message: string
      readonly line?: number | undefined
      readonly column?: number | undefined
    }

/** Larger than any settings file a person writes: such a file is refused rather than parsed. */
export const maxSettingsFileBytes = 4 * 1024 * 1024

/**
 * How deeply a settings file's arrays and objects may nest, the outermost one being level 1.
 * Settings are shallow (a Claude Code hook command sits at level 6); a file nested deeper is
 * refused as one that does not parse, before a parser or a reader of its value recurses that deep.
 */
export const maxSettingsNestingDepth = 64

/** The byte order mark some editors write first (Windows' do): no part of the settings. */
const byteOrderMark = 0xfeff

const tooDeepMessage = `nested deeper than ${maxSettingsNestingDepth} levels`

/**
 * Reads and parses one settings file, synchronously (they are small, and a reload must be
 * atomic with respect to calls). Never throws. JSON may carry comments, as editors allow; a
 * `__proto__` key is an ordinary own key, never a prototype. A leading byte order mark is
 * skipped. Only a regular file is read (links followed): a FIFO or a device is refused without
 * waiting on it, and at most {@link maxSettingsFileBytes} + 1 bytes are read. A file nested
 * deeper than {@link maxSettingsNestingDepth} is refused.
 */
export function readSettingsFile(path: string, format: SettingsFileFormat): SettingsFileContent {
  const read = readRegularFile(path, maxSettingsFileBytes)
  if (read.kind === 'missing') return read
  if (read.kind === 'refused') return { kind: 'invalid', message: read.message }
  const text = read.bytes.toString('utf8')
  return format === 'json' ? parseJsonSettings(text) : parseTomlSettings(text)
}

/**
 * Parses settings JSON text (see {@link readSettingsFile}): a leading byte order mark is skipped
 * (and not counted in a column), nesting past {@link maxSettingsNestingDepth} is refused where it
 * starts. Never throws.
 */
export function parseJsonSettings(text: string): SettingsFileContent {
  const body = withoutByteOrderMark(text)
  // A file with nothing in it (blanks and comments only) is an empty object, as the README says,
  // not a broken file (which would keep stale rules, or deny every call for a managed source).
  if (stripComments(body).trim() === '') return { kind: 'ok', value: {}, text }
  // Before jsonc-parser, which recurses once per level and would overflow the call stack.
  const tooDeep = jsonTooDeepAt(body, maxSettingsNestingDepth)
  if (tooDeep !== undefined) return invalidAt(body, tooDeep, tooDeepMessage)
  const errors: ParseError[] = []
  parseJsonc(body, errors, { disallowComments: false, allowTrailingComma: false })
  const first = errors[0]
  if (first !== undefined) return invalidAt(body, first.offset, printParseErrorCode(first.error))
  // jsonc-parser found no error; JSON.parse builds the value (its own keys only, `__proto__`
  // included, which jsonc-parser's builder would turn into a prototype). Should the two ever
  // disagree, the file does not parse: never a throw.
  try {
    return { kind: 'ok', value: JSON.parse(stripComments(body)) as unknown, text }
  } catch (error) {
    return { kind: 'invalid', message: describeThrown(error) }
  }
}

function invalidAt(body: string, offset: number, message: string): SettingsFileContent {
  return { kind: 'invalid', message, ...lineAndColumn(body, offset) }
}

function withoutByteOrderMark(text: string): string {
  return text.charCodeAt(0) === byteOrderMark ? text.slice(1) : text
}

function parseTomlSettings(text: string): SettingsFileContent {
  try {
    // smol-toml bounds its own recursion through inline arrays and tables (with a position);
    // dotted keys and table headers nest without it, and are measured on the value.
    const value = parseToml(withoutByteOrderMark(text), { maxDepth: maxSettingsNestingDepth })
    if (valueTooDeep(value, maxSettingsNestingDepth)) {
      return { kind: 'invalid', message: tooDeepMessage }
    }
    return { kind: 'ok', value, text }
  } catch (error) {
    const { line, column, message } = error as {
      line?: unknown
      column?: unknown
      message?: unknown
    }
    const firstLine =
      typeof message === 'string' ? (message.split('\n')[0] ?? message) : 'invalid TOML'
    return {
      kind: 'invalid',
      message: firstLine.replace('Invalid TOML document: ', ''),
      line: typeof line === 'number' ? line : undefined,
      column: typeof column === 'number' ? column : undefined,
    }
  }
}

/** The 1-based line and column of a character offset in `text`. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1
  let lineStart = 0
  const end = Math.min(offset, text.length)
  for (let index = 0; index < end; index++) {
    if (text.charCodeAt(index) === 10) {
      line++
      lineStart = index + 1
    }
  }
  return { line, column: end - lineStart + 1 }
}

/** `path: line L, column C: message`, or without the position when there is none. */
export function describeInvalidSettings(
  path: string,
  content: Extract<SettingsFileContent, { kind: 'invalid' }>,
): string {
  const where =
    content.line === undefined
      ? ''
      : `: line ${content.line}${content.column === undefined ? '' : `, column ${content.column}`}`
  return `${path}${where}: ${content.message}`
}
