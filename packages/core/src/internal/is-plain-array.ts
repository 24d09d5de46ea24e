import { isPlainArrayPrototype, prototypeOf } from './plain-prototype.js'

/**
 * Whether `value` is a plain array of this realm or another, not an Array subclass. (It says
 * nothing about holes: check density where it matters.) Never throws.
 *
 * @example
 * isPlainArray([1, 2]) // true
 * isPlainArray(new (class List extends Array {})()) // false
 */
export function isPlainArray(value: unknown): value is unknown[] {
  try {
    return Array.isArray(value) && isPlainArrayPrototype(prototypeOf(value))
  } catch {
    return false
  }
}
