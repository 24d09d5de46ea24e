import { readFileSync } from 'node:fs'
import { parse as parseJsonc, printParseErrorCode, stripComments } from 'jsonc-parser'
import type { ParseError } from 'jsonc-parser'
import { parse as parseToml } from 'smol-toml'

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
 * Reads and parses one settings file, synchronously (they are small, and a reload must be
 * atomic with respect to calls). Never throws. JSON may carry comments, as editors allow; a
 * `__proto__` key is an ordinary own key, never a prototype.
 */
export function readSettingsFile(path: string, format: SettingsFileFormat): SettingsFileContent {
  let text: string
  try {
    const bytes = readFileSync(path)
    if (bytes.length > maxSettingsFileBytes) {
      return { kind: 'invalid', message: `larger than ${maxSettingsFileBytes} bytes` }
    }
    text = bytes.toString('utf8')
  } catch (error) {
    const code = (error as { code?: unknown }).code
    if (code === 'ENOENT' || code === 'ENOTDIR') return { kind: 'missing' }
    return { kind: 'invalid', message: `cannot be read: ${String(code ?? error)}` }
  }
  return format === 'json' ? parseJsonSettings(text) : parseTomlSettings(text)
}

/** Parses settings JSON text (see {@link readSettingsFile}). */
export function parseJsonSettings(text: string): SettingsFileContent {
  // A file with nothing in it (blanks and comments only) is an empty object, as the README says,
  // not a broken file (which would keep stale rules, or deny every call for a managed source).
  if (stripComments(text).trim() === '') return { kind: 'ok', value: {}, text }
  const errors: ParseError[] = []
  parseJsonc(text, errors, { disallowComments: false, allowTrailingComma: false })
  const first = errors[0]
  if (first !== undefined) {
    const { line, column } = lineAndColumn(text, first.offset)
    return { kind: 'invalid', message: printParseErrorCode(first.error), line, column }
  }
  // jsonc-parser found no error; JSON.parse builds the value (its own keys only, `__proto__`
  // included, which jsonc-parser's builder would turn into a prototype).
  return { kind: 'ok', value: JSON.parse(stripComments(text)) as unknown, text }
}

function parseTomlSettings(text: string): SettingsFileContent {
  try {
    return { kind: 'ok', value: parseToml(text), text }
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
