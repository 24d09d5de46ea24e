import { parse, printParseErrorCode } from 'jsonc-parser'
import type { ParseError } from 'jsonc-parser'

/**
 * Where `text` stops being JSON, as `line L, column C: <what>` (both from 1), for a text that
 * `JSON.parse` refused. V8's own message no longer carries a position, so the text is scanned
 * again by `jsonc-parser` (VS Code's JSON scanner) in strict mode: no comments, no trailing
 * commas, as `JSON.parse` reads it.
 *
 * @example
 * describeJsonError('{\n  "a": }') // 'line 2, column 8: ValueExpected'
 */
export function describeJsonError(text: string): string {
  const errors: ParseError[] = []
  parse(text, errors, {
    disallowComments: true,
    allowTrailingComma: false,
    allowEmptyContent: false,
  })
  const first = errors[0]
  const offset = first === undefined ? text.length : first.offset
  let line = 1
  let lineStart = 0
  for (let index = 0; index < offset; index++) {
    if (text.charCodeAt(index) === 10) {
      line++
      lineStart = index + 1
    }
  }
  const what = first === undefined ? 'not JSON' : printParseErrorCode(first.error)
  return `line ${line}, column ${offset - lineStart + 1}: ${what}`
}
