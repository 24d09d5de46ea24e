import { formatJsonPath } from '@toolpipe/core'
import type { ReceivedKind } from '../arg-issue.js'
import type { SchemaType } from '../schema-spec.js'

/** `a string`, `an object`, … */
export function typeWithArticle(type: SchemaType): string {
  return type === 'object' || type === 'array' ? `an ${type}` : `a ${type}`
}

/** How a received kind reads after `got`. */
export function receivedText(kind: ReceivedKind): string {
  return kind === 'unreadable' ? 'an unreadable value (a getter or Proxy trap threw)' : kind
}

/** The quoted path a message is about: `"edits[3].path"`; `the value` for the root of a default. */
export function subject(path: readonly (string | number)[]): string {
  return path.length === 0 ? 'the value' : `"${formatJsonPath(path, '')}"`
}

const longestQuotedValue = 64

/** A received string as the message quotes it (JSON escapes), cut after 64 characters. */
export function quoteValue(value: string): string {
  if (value.length > longestQuotedValue) {
    return `${JSON.stringify(value.slice(0, longestQuotedValue)).slice(0, -1)}…"`
  }
  return needsEscape(value) ? JSON.stringify(value) : `"${value}"`
}

/** Whether JSON would escape anything in `value`; most strings are plain, and this is cheaper. */
function needsEscape(value: string): boolean {
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index)
    if (code < 0x20 || code === 0x22 || code === 0x5c || (code >= 0xd800 && code <= 0xdfff)) {
      return true
    }
  }
  return false
}
