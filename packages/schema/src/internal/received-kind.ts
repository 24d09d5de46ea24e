import type { ReceivedKind } from '../arg-issue.js'

/**
 * What a value is, as `checkArgs` names it in `received`: the JSON kinds, the non-finite numbers
 * by name, the other JavaScript types, and `unreadable` for a revoked Proxy. Any non-array
 * object is an `object` here (the arguments' rules, not plain data's). Never throws.
 */
export function receivedKind(value: unknown): ReceivedKind {
  switch (typeof value) {
    case 'number':
      if (Number.isFinite(value)) return 'number'
      return Number.isNaN(value) ? 'NaN' : value === Infinity ? 'Infinity' : '-Infinity'
    case 'object':
      if (value === null) return 'null'
      try {
        return Array.isArray(value) ? 'array' : 'object'
      } catch {
        // A revoked Proxy: Array.isArray throws on it.
        return 'unreadable'
      }
    default:
      return typeof value
  }
}
