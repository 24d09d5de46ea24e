import type { JsonValue } from '@toolpipe/core'
import { setMember } from '@toolpipe/core/internal'

/**
 * A fresh, unfrozen copy of arguments that step 2 already made JSON data (plain objects and
 * arrays, no cycles, bounded depth): a plain walk, without the checks of a snapshot. A member
 * named `__proto__` is defined as an own member, never a prototype.
 */
export function mutableCopy(value: JsonValue): JsonValue {
  if (typeof value !== 'object' || value === null) return value
  if (Array.isArray(value)) return value.map(mutableCopy)
  const copy: Record<string, JsonValue> = {}
  for (const key of Object.keys(value)) {
    setMember(copy, key, mutableCopy(value[key] as JsonValue))
  }
  return copy
}
