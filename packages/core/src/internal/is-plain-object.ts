import { isPlainObjectPrototype, prototypeOf } from './plain-prototype.js'

/**
 * Whether `value` is a plain object: not an array, and inheriting from nothing, from this realm's
 * `Object.prototype`, or from another realm's (data built in a `vm` context or an iframe is still
 * plain data). Class instances, `Map`, `Date`, boxed primitives are not. Never throws: a Proxy
 * whose traps throw is not plain.
 *
 * @example
 * isPlainObject(JSON.parse('{"a":1}')) // true
 * isPlainObject(new Map()) // false
 */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object') return false
  // Stryker disable next-line ConditionalExpression: null would also land in the catch below (Object.getPrototypeOf(null) throws); "→ true" refuses every object and fails the tests
  if (value === null) return false
  try {
    return !Array.isArray(value) && isPlainObjectPrototype(prototypeOf(value))
  } catch {
    return false
  }
}
