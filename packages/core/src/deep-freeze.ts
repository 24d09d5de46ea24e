/**
 * Freezes a JSON snapshot in place, all the way down, and returns it. Scalars come back
 * unchanged; only objects and arrays are frozen (a function, at the top or inside, is left as it
 * is). Containers that are already frozen are still walked: everything below them is
 * frozen too. Shared and cyclic references are frozen once and do not loop; the walk uses its own
 * stack, so no nesting depth overflows it.
 *
 * Meant for plain data such as a {@link snapshotJson} copy: it reads own enumerable string keys,
 * so a getter on other input would run.
 *
 * @example
 * const result = deepFreeze({ content: [{ type: 'text', text: 'done' }] })
 * Object.isFrozen(result.content[0]) // true
 */
export function deepFreeze<TValue>(value: TValue): TValue {
  if (typeof value !== 'object' || value === null) return value
  const pending: object[] = [value]
  const seen = new Set<object>()
  for (let container = pending.pop(); container !== undefined; container = pending.pop()) {
    if (seen.has(container)) continue
    seen.add(container)
    Object.freeze(container)
    // Stryker disable next-line ConditionalExpression: a fast path; Object.keys below visits the same items of a plain array ("→ true" sends objects there too and fails the tests)
    if (Array.isArray(container)) {
      for (const item of container as unknown[]) {
        if (typeof item === 'object' && item !== null) pending.push(item)
      }
    } else {
      for (const key of Object.keys(container)) {
        const item = (container as Record<string, unknown>)[key]
        if (typeof item === 'object' && item !== null) pending.push(item)
      }
    }
  }
  return value
}
