import type { JsonValue } from '@toolpipe/core'

/**
 * Whether two JSON values are the same data: equal scalars, arrays equal item by item, objects
 * with the same keys (in any order) and equal members. Recursive: both values are snapshots at
 * most 512 levels deep.
 */
export function jsonEqual(left: JsonValue, right: JsonValue): boolean {
  if (left === right) return true
  if (typeof left !== 'object' || typeof right !== 'object' || left === null || right === null) {
    return false
  }
  if (Array.isArray(left) || Array.isArray(right)) {
    if (!Array.isArray(left) || !Array.isArray(right) || left.length !== right.length) return false
    return left.every((item, index) => jsonEqual(item, right[index] as JsonValue))
  }
  const keys = Object.keys(left)
  if (keys.length !== Object.keys(right).length) return false
  return keys.every(
    (key) =>
      Object.hasOwn(right, key) && jsonEqual(left[key] as JsonValue, right[key] as JsonValue),
  )
}
