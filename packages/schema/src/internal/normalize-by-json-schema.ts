import { isPlainObject } from '@toolpipe/core/internal'
import type { JsonObject, JsonValue } from '@toolpipe/core'

// The null→absent normalization of SPEC §9.3 for a tool whose parameters are a JSON Schema that
// toolpipe did not write (a Standard Schema's): the same rule as for a spec, read from the JSON
// Schema. A member's `null` is removed when the member is optional (not in `required`) and its
// schema does not accept null; where the schema cannot tell (a `$ref` that does not resolve, `not`,
// a boolean schema), the `null` stays, and validation decides.

/** How many `$ref`s are followed in a row, and how deep `acceptsNull` looks, before giving up. */
const maxHops = 32

/**
 * `value` without the `null`s given for optional members that do not accept null, at every depth
 * the schema describes (`properties`, `items`, and the one `anyOf`/`oneOf` alternative that can
 * match, told apart by type and `const` members). The same value when there is nothing to remove;
 * otherwise copies along the changed paths only. Never mutates `value`, never throws on it.
 */
export function normalizeByJsonSchema(root: JsonObject, value: unknown): unknown {
  try {
    // Most calls have no null at all: one pass over the value, which allocates nothing, spares
    // them the walk through the schema.
    return hasNull(value, 0) ? normalizeValue(root, root, value) : value
  } catch {
    // A hostile value (a Proxy whose traps throw): left as given, for validation to refuse.
    return value
  }
}

/** Whether a `null` sits anywhere below `value` (at most `maxDepth` levels down: then `true`). */
function hasNull(value: unknown, depth: number): boolean {
  if (typeof value !== 'object') return false
  if (value === null || depth > maxDepth) return true
  if (Array.isArray(value)) {
    for (const element of value as unknown[]) if (hasNull(element, depth + 1)) return true
    return false
  }
  for (const key in value) {
    if (hasNull((value as Record<string, unknown>)[key], depth + 1)) return true
  }
  return false
}

/** How deep {@link hasNull} looks before it lets the walk decide (the walk follows the schema). */
const maxDepth = 64

function normalizeValue(root: JsonObject, node: JsonValue | undefined, value: unknown): unknown {
  const schema = resolve(root, node)
  if (schema === undefined || typeof value !== 'object' || value === null) return value
  if (Array.isArray(value)) {
    const items = schema.items
    if (!isPlainObject(items)) return value
    let copy: unknown[] | undefined
    for (let index = 0; index < value.length; index++) {
      const element: unknown = value[index]
      const normalized = normalizeValue(root, items, element)
      if (normalized !== element) {
        copy ??= [...(value as unknown[])]
        copy[index] = normalized
      }
    }
    return copy ?? value
  }
  let result = value
  const alternative = oneAlternative(root, schema, value as Record<string, unknown>)
  if (alternative !== undefined) result = normalizeValue(root, alternative, result) as object
  if (isPlainObject(schema.properties)) {
    result = normalizeMembers(root, schema, result as Record<string, unknown>)
  }
  return result
}

function normalizeMembers(
  root: JsonObject,
  schema: JsonObject,
  record: Record<string, unknown>,
): Record<string, unknown> {
  const properties = schema.properties as JsonObject
  const required = Array.isArray(schema.required) ? schema.required : []
  let copy: Record<string, unknown> | undefined
  for (const key of Object.keys(properties)) {
    if (!Object.prototype.hasOwnProperty.call(record, key)) continue
    const member = record[key]
    const memberSchema = properties[key]
    if (member === null) {
      if (required.includes(key) || acceptsNull(root, memberSchema, 0)) continue
      copy ??= { ...record }
      Reflect.deleteProperty(copy, key)
      continue
    }
    const normalized = normalizeValue(root, memberSchema, member)
    if (normalized !== member) {
      copy ??= { ...record }
      // Defined, not assigned: a member named `__proto__` stays an own member.
      Object.defineProperty(copy, key, {
        value: normalized,
        writable: true,
        enumerable: true,
        configurable: true,
      })
    }
  }
  return copy ?? record
}

/**
 * A `$ref` followed to its schema (`#`, `#/$defs/x`, any local JSON pointer); `undefined` when it
 * cannot be.
 */
function resolve(root: JsonObject, node: JsonValue | undefined): JsonObject | undefined {
  let current = node
  for (let hop = 0; hop < maxHops; hop++) {
    if (!isPlainObject(current)) return undefined
    const ref = current.$ref
    if (ref === undefined) return current
    if (typeof ref !== 'string' || !ref.startsWith('#')) return undefined
    current = pointer(root, ref.slice(1))
  }
  return undefined
}

function pointer(root: JsonObject, fragment: string): JsonValue | undefined {
  if (fragment === '') return root
  if (!fragment.startsWith('/')) return undefined
  let current: JsonValue | undefined = root
  for (const raw of fragment.slice(1).split('/')) {
    const token = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~')
    if (Array.isArray(current)) current = current[Number(token)]
    else if (isPlainObject(current) && Object.prototype.hasOwnProperty.call(current, token)) {
      current = current[token]
    } else return undefined
  }
  return current
}

/** Whether a schema admits `null`; `true` when it cannot be told (then the `null` stays). */
function acceptsNull(root: JsonObject, node: JsonValue | undefined, depth: number): boolean {
  if (depth > maxHops) return true
  const schema = resolve(root, node)
  if (schema === undefined) return true
  if ('const' in schema) return schema.const === null
  if (Array.isArray(schema.enum)) return schema.enum.includes(null)
  const { type } = schema
  if (typeof type === 'string') return type === 'null'
  if (Array.isArray(type)) return type.includes('null')
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const alternatives = schema[keyword]
    if (Array.isArray(alternatives)) {
      return alternatives.some((alternative) => acceptsNull(root, alternative, depth + 1))
    }
  }
  if (Array.isArray(schema.allOf)) {
    return schema.allOf.every((part) => acceptsNull(root, part, depth + 1))
  }
  // No type said: any value, null included (`{}`, `{ description }`, `not`, …).
  return true
}

/**
 * The only alternative of an `anyOf`/`oneOf` that an object value can match, judged by each
 * alternative's `type` and its members' `const` (or one-value `enum`), as a discriminated union
 * is written; `undefined` when none or more than one can.
 */
function oneAlternative(
  root: JsonObject,
  schema: JsonObject,
  record: Record<string, unknown>,
): JsonObject | undefined {
  const alternatives = Array.isArray(schema.anyOf)
    ? schema.anyOf
    : Array.isArray(schema.oneOf)
      ? schema.oneOf
      : undefined
  if (alternatives === undefined) return undefined
  let found: JsonObject | undefined
  for (const alternative of alternatives) {
    const candidate = resolve(root, alternative)
    if (candidate === undefined || !admitsObject(candidate, record)) continue
    if (found !== undefined) return undefined
    found = candidate
  }
  return found
}

function admitsObject(schema: JsonObject, record: Record<string, unknown>): boolean {
  const { type } = schema
  if (typeof type === 'string' && type !== 'object') return false
  if (Array.isArray(type) && !type.includes('object')) return false
  if (!isPlainObject(schema.properties)) return true
  for (const [key, member] of Object.entries(schema.properties)) {
    if (!isPlainObject(member)) continue
    const constant =
      'const' in member
        ? member.const
        : Array.isArray(member.enum) && member.enum.length === 1
          ? member.enum[0]
          : undefined
    if (constant === undefined || typeof constant === 'object') continue
    if (!Object.prototype.hasOwnProperty.call(record, key) || record[key] !== constant) return false
  }
  return true
}
