import { setMember } from '@toolpipe/core/internal'
import type { Validator } from '@toolpipe/structured-output/internal'
import type { CompiledAnyOfProp, CompiledProp } from './compiled-prop.js'
import { engineValidator } from './engine-validator.js'
import { propToJson } from './json-schema-of.js'

/**
 * The engine of each `anyOf` member, compiled on first use. A memo keyed by the compiled prop,
 * which lives as long as its spec: it holds no state anyone can observe.
 */
const memberValidators = new WeakMap<CompiledProp, Validator>()

function validatorOf(member: CompiledProp): Validator {
  let validator = memberValidators.get(member)
  // Stryker disable next-line ConditionalExpression: the memo only spares compiling again; a member's validator compiled anew answers the same
  if (validator === undefined) {
    validator = engineValidator(propToJson(member))
    // Stryker disable next-line CallExpression: the memo only spares compiling again; a member's validator compiled anew answers the same
    memberValidators.set(member, validator)
  }
  return validator
}

/**
 * `value` (an object of members `fields`) without the `null`s given for optional members that do
 * not accept null, at every depth. The same object when there is nothing to remove; otherwise
 * copies along the changed paths only (untouched subtrees are shared). Never mutates `value`,
 * never throws on it: a value that cannot be read (a getter or Proxy trap that throws, a revoked
 * Proxy) is returned as given, for validation to refuse, as
 * `normalizeByJsonSchema` does. One guard around the whole walk: the valid path pays nothing more.
 */
export function normalizeMembers(fields: readonly CompiledProp[], value: unknown): unknown {
  try {
    return withoutNulls(fields, value)
  } catch {
    return value
  }
}

/** {@link normalizeMembers}' walk, which throws what reading a hostile value throws. */
function withoutNulls(fields: readonly CompiledProp[], value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value
  const record = value as Record<string, unknown>
  let copy: Record<string, unknown> | undefined
  for (const field of fields) {
    if (!Object.prototype.hasOwnProperty.call(record, field.key)) continue
    const member = record[field.key]
    if (member === null) {
      if (field.required || acceptsNull(field)) continue
      copy ??= { ...record }
      Reflect.deleteProperty(copy, field.key)
      continue
    }
    const normalized = normalizeValue(field, member)
    if (normalized !== member) {
      copy ??= { ...record }
      // Defined, never assigned: a member named `__proto__` stays an own member of the copy.
      setMember(copy, field.key, normalized)
    }
  }
  return copy ?? value
}

/** Whether a prop admits `null` itself (then a `null` is a value, not a left-out member). */
function acceptsNull(prop: CompiledProp): boolean {
  return prop.kind === 'anyOf' ? prop.members.some(acceptsNull) : prop.nullable
}

function normalizeValue(prop: CompiledProp, value: unknown): unknown {
  if (prop.kind === 'anyOf') return normalizeUnion(prop, value)
  if (prop.fields !== undefined) return withoutNulls(prop.fields, value)
  if (prop.items !== undefined && Array.isArray(value)) {
    const items = prop.items
    let copy: unknown[] | undefined
    // Stryker disable next-line EqualityOperator: one more turn reads undefined past the end, which normalizes to itself
    for (let index = 0; index < value.length; index++) {
      const element: unknown = value[index]
      const normalized = normalizeValue(items, element)
      if (normalized !== element) {
        copy ??= [...(value as unknown[])]
        copy[index] = normalized
      }
    }
    return copy ?? value
  }
  return value
}

/**
 * A union normalizes as its first member that accepts the normalized value does. When none
 * accepts it (something else in it is wrong), the one member the value can be by its shape
 * decides ({@link admitsByShape}), so that validation names what is wrong rather than a `null` a
 * strict model sent for a member it left out; when no member's normalization changes anything,
 * or the shape fits none or several, the value stays as given (and validation then says what is
 * wrong with it). Members are only run when a `null` was removed.
 */
function normalizeUnion(prop: CompiledAnyOfProp, value: unknown): unknown {
  // A first pass that allocates nothing: most calls have no null to remove.
  // Stryker disable next-line BooleanLiteral: the first pass only spares work; without it, each member that changes nothing gives back the value itself, which the second pass returns as the first pass would
  let changed = false
  for (const member of prop.members) {
    // Stryker disable next-line ConditionalExpression,EqualityOperator: as above, the first pass only spares work
    if (normalizeValue(member, value) !== value) {
      changed = true
      break
    }
  }
  // Stryker disable next-line ConditionalExpression: as above, the first pass only spares work
  if (!changed) return value
  for (const member of prop.members) {
    const candidate = normalizeValue(member, value)
    if (validatorOf(member).isValid(candidate)) return candidate
  }
  let only: CompiledProp | undefined
  for (const member of prop.members) {
    if (!admitsByShape(member, value)) continue
    if (only !== undefined) return value
    only = member
  }
  return only === undefined ? value : normalizeValue(only, value)
}

/**
 * Whether a container can be a value of `prop` by its shape alone: an array of an `array`, an
 * object of an `object` whose one-value `enum` members it has, with those values (a
 * discriminated union's tags). Scalars are not asked: a union only normalizes containers.
 */
function admitsByShape(prop: CompiledProp, value: unknown): boolean {
  if (prop.kind === 'anyOf') return prop.members.some((member) => admitsByShape(member, value))
  if (Array.isArray(value)) return prop.type === 'array'
  if (prop.type !== 'object' || typeof value !== 'object' || value === null) return false
  const record = value as Record<string, unknown>
  for (const field of prop.fields ?? []) {
    const tag =
      field.kind === 'typed' && field.enumValues?.length === 1 ? field.enumValues[0] : undefined
    if (tag === undefined) continue
    if (!Object.prototype.hasOwnProperty.call(record, field.key) || record[field.key] !== tag) {
      return false
    }
  }
  return true
}
