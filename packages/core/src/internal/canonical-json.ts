import { isPlainObject } from './is-plain-object.js'

/**
 * A value's canonical JSON: object keys sorted at every level, no spaces — the same text for
 * equal data whatever the order its members were written in. What an audit log digests and a
 * Gemini CLI `argsPattern` is matched against (its policy engine sorts keys the same way).
 * `undefined` (absent data) is `null`. Iterative only in spirit: the input is a JSON snapshot
 * (at most 512 levels deep, SPEC §2), so the recursion is bounded.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (isPlainObject(value)) {
    const record = value
    const keys = Object.keys(record).sort()
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`).join(',')}}`
  }
  // What JSON cannot hold (undefined, a function, a symbol) reads as absent data.
  if (value === undefined || typeof value === 'function' || typeof value === 'symbol') return 'null'
  return JSON.stringify(value)
}
