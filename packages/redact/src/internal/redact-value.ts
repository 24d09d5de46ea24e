import type { SecretFinding } from '../secret-rule.js'

/** A finding and where in the value it was: `content[0]`, `structured.rows[2].note`. */
export interface LocatedFinding {
  readonly finding: SecretFinding
  readonly where: string
}

/** What redacting one string gives: the string to keep (undefined: unchanged), and the findings. */
export type StringRedactor = (
  text: string,
  where: string,
) => { readonly text: string | undefined; readonly findings: readonly SecretFinding[] }

/** Keys whose strings are binary data (an image's base64), never text to scan. */
const binaryKeys = new Set(['data', 'blob'])

/**
 * A copy of `value` with every string redacted (SPEC §25), made only where something changed (an
 * unchanged value is returned as it is): plain objects and arrays are walked (keys are not
 * scanned, nor binary `data`), deeper than 64 levels or cyclic values are left as they are.
 */
export function redactValue(
  value: unknown,
  where: string,
  redact: StringRedactor,
  found: LocatedFinding[],
  depth = 0,
  seen = new Set<object>(),
): unknown {
  if (typeof value === 'string') {
    const result = redact(value, where)
    for (const finding of result.findings) found.push({ finding, where })
    return result.text ?? value
  }
  if (typeof value !== 'object' || value === null || depth > 64 || seen.has(value)) return value
  seen.add(value)
  try {
    if (Array.isArray(value)) {
      let copy: unknown[] | undefined
      value.forEach((item: unknown, index) => {
        const next = redactValue(item, `${where}[${String(index)}]`, redact, found, depth + 1, seen)
        if (next !== item) (copy ??= [...(value as unknown[])])[index] = next
      })
      return copy ?? value
    }
    const prototype: unknown = Object.getPrototypeOf(value)
    if (prototype !== Object.prototype && prototype !== null) return value
    let copy: Record<string, unknown> | undefined
    for (const key of Object.keys(value)) {
      if (binaryKeys.has(key)) continue
      const item = (value as Record<string, unknown>)[key]
      const next = redactValue(item, `${where}.${key}`, redact, found, depth + 1, seen)
      if (next !== item) {
        copy ??= { ...(value as Record<string, unknown>) }
        Object.defineProperty(copy, key, {
          value: next,
          enumerable: true,
          writable: true,
          configurable: true,
        })
      }
    }
    return copy ?? value
  } catch {
    // A value that cannot be read (a throwing getter, a revoked Proxy) is left as it is.
    return value
  } finally {
    seen.delete(value)
  }
}
