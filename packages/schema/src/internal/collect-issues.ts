import type { ArgIssue, ReceivedKind } from '../arg-issue.js'
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
import { isEnumMember, isValidValueSafely } from './is-valid.js'
import { quoteValue, receivedText, subject } from './issue-text.js'

/** Stands for a value that could not be read: its getter or a Proxy trap threw. */
const unreadable: unique symbol = Symbol('unreadable')

/** The state of one collection: the issues so far and where the walk is. */
interface Collection {
  readonly issues: ArgIssue[]
  /** Keys and indexes from the root to the value being checked; grows and shrinks with the walk. */
  readonly path: (string | number)[]
  /** The root is the arguments, so a prop's precomputed subject text applies. */
  readonly fromArgs: boolean
}

/**
 * The failure path: walks the arguments along the spec and reports every issue, in declaration
 * order, depth first. Never throws: every read of the value is guarded, so a throwing getter or
 * a revoked Proxy becomes an issue whose `received` is `unreadable`.
 */
export function collectArgIssues(root: CompiledProp, args: unknown): ArgIssue[] {
  const collection: Collection = { issues: [], path: [], fromArgs: true }
  let kind = receivedKind(args)
  if (kind === 'object' && !collectMembers(root, args as object, collection)) kind = 'unreadable'
  if (kind !== 'object') {
    collection.issues.push({
      code: 'not_object',
      path: [],
      message: `arguments must be a JSON object, got ${receivedText(kind)}`,
      expected: 'object',
      received: kind,
    })
  }
  return collection.issues
}

/** Checks a whole value against a prop; used for a spec's defaults, where the root is a value. */
export function collectValueIssues(prop: CompiledProp, value: unknown): ArgIssue[] {
  const collection: Collection = { issues: [], path: [], fromArgs: false }
  collectValue(prop, value, collection)
  return collection.issues
}

/** Reports the members of an object; `false` when its keys could not even be listed. */
function collectMembers(prop: CompiledProp, object: object, collection: Collection): boolean {
  const fields = prop.fields
  if (fields === undefined) return true
  const values = readMembers(prop, fields, object)
  if (values === unreadable) return false
  const { path } = collection
  for (const field of fields) {
    const value = values[field.position]
    path.push(field.key)
    if (value !== undefined) {
      collectValue(field, value, collection)
    } else if (field.required) {
      collection.issues.push({
        code: 'missing',
        path: path.slice(),
        message: `missing required property ${subjectOf(field, collection)}`,
        expected: field.type,
      })
    }
    path.pop()
  }
  return true
}

/**
 * The value of each declared member, by field index (`undefined` when absent, `unreadable` when
 * its getter threw), found the way the fast check finds them: an ordinary object's `for…in`
 * keys, or any other object's `Object.keys`. `unreadable` when not even the keys can be listed.
 */
function readMembers(
  prop: CompiledProp,
  fields: readonly CompiledProp[],
  object: object,
): unknown[] | typeof unreadable {
  try {
    return readMembersDirectly(prop, fields, object)
  } catch {
    // Something threw (a getter, a Proxy trap): read again, one guarded member at a time.
    return readMembersGuarded(prop, fields, object)
  }
}

function readMembersDirectly(
  prop: CompiledProp,
  fields: readonly CompiledProp[],
  object: object,
): unknown[] {
  // Holes read as undefined: absent.
  const values = new Array<unknown>(fields.length)
  let hint = 0
  const prototype: unknown = Object.getPrototypeOf(object)
  if (prototype === Object.prototype || prototype === null) {
    for (const key in object) {
      const field = findField(prop, fields, key, hint)
      if (field === undefined) continue
      hint = field.position + 1
      values[field.position] = (object as Record<string, unknown>)[key]
    }
  } else {
    for (const key of Object.keys(object)) {
      const field = findField(prop, fields, key, hint)
      if (field === undefined) continue
      hint = field.position + 1
      values[field.position] = (object as Record<string, unknown>)[key]
    }
  }
  return values
}

function readMembersGuarded(
  prop: CompiledProp,
  fields: readonly CompiledProp[],
  object: object,
): unknown[] | typeof unreadable {
  let keys: string[]
  try {
    const prototype: unknown = Object.getPrototypeOf(object)
    if (prototype === Object.prototype || prototype === null) {
      keys = []
      for (const key in object) keys.push(key)
    } else {
      keys = Object.keys(object)
    }
  } catch {
    return unreadable
  }
  const values = new Array<unknown>(fields.length)
  let hint = 0
  for (const key of keys) {
    const field = findField(prop, fields, key, hint)
    if (field === undefined) continue
    hint = field.position + 1
    try {
      values[field.position] = (object as Record<string, unknown>)[key]
    } catch {
      values[field.position] = unreadable
    }
  }
  return values
}

function collectValue(prop: CompiledProp, value: unknown, collection: Collection): void {
  switch (prop.kind) {
    case kindString:
      if (typeof value !== 'string') invalidType(prop, value, collection)
      return
    case kindEnum:
      if (typeof value !== 'string') invalidType(prop, value, collection)
      else if (!isEnumMember(prop, value)) invalidEnum(prop, value, collection)
      return
    case kindNumber:
      if (typeof value !== 'number' || !Number.isFinite(value)) invalidType(prop, value, collection)
      return
    case kindBoolean:
      if (typeof value !== 'boolean') invalidType(prop, value, collection)
      return
    case kindObject:
      // A valid object has nothing to report: the allocation-free check skips it, so a long
      // list of objects with one mistake costs little more than a valid one. (Arrays skip this
      // step: their items are checked one by one anyway, each object item by this same check.)
      if (isValidValueSafely(prop, value)) return
      if (receivedKind(value) !== 'object') invalidType(prop, value, collection)
      else if (!collectMembers(prop, value as object, collection)) {
        invalidType(prop, unreadable, collection)
      }
      return
    case kindArray:
      if (receivedKind(value) !== 'array') invalidType(prop, value, collection)
      else if (prop.items !== undefined)
        collectItems(prop, prop.items, value as unknown[], collection)
      return
  }
}

function collectItems(
  prop: CompiledProp,
  items: CompiledProp,
  array: unknown[],
  collection: Collection,
): void {
  const length = readLength(array)
  if (length === unreadable) {
    invalidType(prop, unreadable, collection)
    return
  }
  const { path } = collection
  for (let index = 0; index < length; index++) {
    path.push(index)
    let item: unknown
    try {
      item = array[index]
    } catch {
      item = unreadable
    }
    collectValue(items, item, collection)
    path.pop()
  }
}

function readLength(array: unknown[]): number | typeof unreadable {
  try {
    const length: unknown = array.length
    return typeof length === 'number' ? length : unreadable
  } catch {
    return unreadable
  }
}

function invalidType(prop: CompiledProp, value: unknown, collection: Collection): void {
  const kind = receivedKind(value)
  collection.issues.push({
    code: 'invalid_type',
    path: collection.path.slice(),
    message: subjectOf(prop, collection) + prop.expectation + receivedText(kind),
    expected: prop.type,
    received: kind,
  })
}

function invalidEnum(prop: CompiledProp, value: string, collection: Collection): void {
  collection.issues.push({
    code: 'invalid_enum',
    path: collection.path.slice(),
    message: subjectOf(prop, collection) + prop.expectation + quoteValue(value),
    expected: prop.enumValues ?? [],
    received: value,
  })
}

/** The quoted path of the value being checked: precomputed when the path has no index. */
function subjectOf(prop: CompiledProp, collection: Collection): string {
  return collection.fromArgs && prop.subject !== undefined ? prop.subject : subject(collection.path)
}

/** What a value is, for messages; never throws. */
function receivedKind(value: unknown): ReceivedKind {
  switch (typeof value) {
    case 'number':
      if (Number.isFinite(value)) return 'number'
      return Number.isNaN(value) ? 'NaN' : value > 0 ? 'Infinity' : '-Infinity'
    case 'object':
      if (value === null) return 'null'
      try {
        return Array.isArray(value) ? 'array' : 'object'
      } catch {
        // A revoked Proxy: Array.isArray throws on it.
        return 'unreadable'
      }
    case 'symbol':
      return value === unreadable ? 'unreadable' : 'symbol'
    default:
      return typeof value
  }
}
