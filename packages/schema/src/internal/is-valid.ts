import type { CompiledProp } from './compiled-prop.js'
import {
  kindArray,
  kindBoolean,
  kindEnum,
  kindNumber,
  kindObject,
  kindString,
} from './compiled-prop.js'
import { findField } from './find-field.js'

/**
 * The success path: answers only "valid or not", stops at the first problem and allocates
 * nothing. It may throw on hostile values (a throwing getter, a revoked Proxy), so callers use
 * the `Safely` variants, and the collector, which never throws, says what is wrong.
 */
function isValidArgs(root: CompiledProp, args: unknown): boolean {
  return (
    typeof args === 'object' && args !== null && !Array.isArray(args) && areValidMembers(root, args)
  )
}

/**
 * {@link isValidArgs} for any value: a hostile value that makes it throw counts as invalid, and
 * the collector (which guards every read) then says what is wrong with it.
 */
export function isValidArgsSafely(root: CompiledProp, args: unknown): boolean {
  try {
    return isValidArgs(root, args)
  } catch {
    return false
  }
}

/** {@link isValidValue} for any value: a throw counts as invalid. */
export function isValidValueSafely(prop: CompiledProp, value: unknown): boolean {
  try {
    return isValidValue(prop, value)
  } catch {
    return false
  }
}

/**
 * Walks the keys the object has rather than the keys the spec declares: inside `for…in`, V8
 * reads `object[key]` straight from the object's field index, while a lookup by a key taken
 * from the spec is a megamorphic keyed load, several times slower (and generated code, which
 * would avoid both, is ruled out: no `eval`). The common cases, a key in declaration order and
 * a scalar member, are written out in the loop rather than called, which V8 might not inline.
 */
function areValidMembers(prop: CompiledProp, object: object): boolean {
  const fields = prop.fields
  if (fields === undefined) return true
  const prototype: unknown = Object.getPrototypeOf(object)
  if (prototype !== Object.prototype && prototype !== null) {
    return areValidOwnMembers(prop, fields, object)
  }
  let hint = 0
  let requiredSeen = 0
  // An ordinary object's for…in yields its own enumerable keys (JSON's view of it).
  for (const key in object) {
    let field = fields[hint]
    if (field?.key !== key) {
      field = findField(prop, fields, key, hint)
      if (field === undefined) continue
    }
    hint = field.position + 1
    const value = (object as Record<string, unknown>)[key]
    if (value === undefined) continue
    switch (field.kind) {
      case kindString:
        if (typeof value !== 'string') return false
        break
      case kindNumber:
        if (typeof value !== 'number' || !Number.isFinite(value)) return false
        break
      case kindBoolean:
        if (typeof value !== 'boolean') return false
        break
      case kindEnum:
        if (typeof value !== 'string' || !isEnumMember(field, value)) return false
        break
      default:
        if (!isValidValue(field, value)) return false
    }
    if (field.required) requiredSeen++
  }
  return requiredSeen === prop.requiredCount
}

/** The same walk for any other object (a class instance, another realm's object, a Proxy). */
function areValidOwnMembers(
  prop: CompiledProp,
  fields: readonly CompiledProp[],
  object: object,
): boolean {
  let hint = 0
  let requiredSeen = 0
  for (const key of Object.keys(object)) {
    const field = findField(prop, fields, key, hint)
    if (field === undefined) continue
    hint = field.position + 1
    const value = (object as Record<string, unknown>)[key]
    if (value === undefined) continue
    if (!isValidValue(field, value)) return false
    if (field.required) requiredSeen++
  }
  return requiredSeen === prop.requiredCount
}

/** Whether a present value matches its prop. */
function isValidValue(prop: CompiledProp, value: unknown): boolean {
  switch (prop.kind) {
    case kindString:
      return typeof value === 'string'
    case kindEnum:
      return typeof value === 'string' && isEnumMember(prop, value)
    case kindNumber:
      return typeof value === 'number' && Number.isFinite(value)
    case kindBoolean:
      return typeof value === 'boolean'
    case kindObject:
      return (
        typeof value === 'object' &&
        value !== null &&
        !Array.isArray(value) &&
        areValidMembers(prop, value)
      )
    case kindArray:
      return Array.isArray(value) && areValidItems(prop, value)
  }
}

function areValidItems(prop: CompiledProp, array: readonly unknown[]): boolean {
  const items = prop.items
  if (items === undefined) return true
  // An index loop, not for…of: holes must be visited (as undefined), like JSON Schema does.
  const length = array.length
  for (let index = 0; index < length; index++) {
    if (!isValidValue(items, array[index])) return false
  }
  return true
}

/** Whether `value` is one of the prop's enum strings. */
export function isEnumMember(prop: CompiledProp, value: string): boolean {
  if (prop.enumSet !== undefined) return prop.enumSet.has(value)
  const values = prop.enumValues
  if (values === undefined) return false
  // A plain index loop: several times faster than `includes` on a short list (a builtin call),
  // and, unlike for…of, no iterator to allocate in code that is not optimized yet.
  for (let index = values.length - 1; index >= 0; index--) {
    if (values[index] === value) return true
  }
  return false
}
