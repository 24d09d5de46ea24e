import type { ReceivedKind } from '../arg-issue.js'
import type { SchemaType } from '../schema-spec.js'

/** `a string`, `an object`, … */
export function typeWithArticle(type: SchemaType): string {
  return type === 'object' || type === 'array' || type === 'integer' ? `an ${type}` : `a ${type}`
}

/** How a received kind reads after `got`. */
export function receivedText(kind: ReceivedKind): string {
  return kind === 'unreadable' ? 'an unreadable value (a getter or Proxy trap threw)' : kind
}
