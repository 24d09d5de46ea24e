import type { ViewIssuePath } from '../view-issue.js'
import { describeType, isPlainArray, isPlainObject } from '@toolpipe/core/internal'
import type { Invalid, ReadContext } from './read-context.js'
import { invalid, maxViewDepth } from './read-context.js'
import { notJsonIssue, quotePath, tooDeep, typeIssue, unreadable } from './record-issue.js'

/**
 * Reads a plain object's own enumerable string-keyed members, each exactly once, so that a
 * getter or Proxy can neither run twice nor change its answer between check and copy. Members
 * present as `undefined` are left out: they count as absent, as in JSON.
 */
export function readMembers(
  context: ReadContext,
  value: unknown,
  path: ViewIssuePath,
  depth: number,
): Map<string, unknown> | Invalid {
  if (typeof value !== 'object' || value === null) {
    if (path.length > 0) return typeIssue(context, path, 'object', value)
    const received = describeType(value)
    context.issues.push({
      code: 'not_object',
      path,
      message: `the view must be a plain object, got ${received}`,
      expected: 'object',
      received,
    })
    return invalid
  }
  if (depth >= maxViewDepth) return tooDeep(context, path)
  let keys: string[]
  try {
    // Asked first so that a Proxy whose traps throw is reported with what it threw.
    Object.getPrototypeOf(value)
    if (Array.isArray(value) || !isPlainObject(value)) {
      const received = describeType(value)
      const message = `${quotePath(path)} must be a plain object, got ${received}`
      context.issues.push(
        path.length === 0
          ? { code: 'not_object', path, message, expected: 'object', received }
          : { code: 'invalid_type', path, message, expected: 'object', received },
      )
      return invalid
    }
    keys = Object.keys(value)
  } catch (thrown) {
    return unreadable(context, path, thrown)
  }
  const members = new Map<string, unknown>()
  for (const key of keys) {
    let member: unknown
    try {
      member = value[key]
    } catch (thrown) {
      return unreadable(context, [...path, key], thrown)
    }
    if (member !== undefined) members.set(key, member)
  }
  return members
}

/**
 * Reads a plain, dense array's elements, each exactly once. A hole is reported once, at the
 * array, and ends the read: a sparse array of huge length must not be walked to its end.
 */
export function readElements(
  context: ReadContext,
  value: unknown,
  path: ViewIssuePath,
  depth: number,
): unknown[] | Invalid {
  try {
    // Asked first so that a Proxy whose traps throw is reported with what it threw.
    if (Array.isArray(value)) Object.getPrototypeOf(value)
    if (!isPlainArray(value)) return typeIssue(context, path, 'array', value)
  } catch (thrown) {
    return unreadable(context, path, thrown)
  }
  if (depth >= maxViewDepth) return tooDeep(context, path)
  const elements: unknown[] = []
  try {
    const length = value.length
    for (let index = 0; index < length; index++) {
      if (!(index in value)) {
        return notJsonIssue(context, path, `is a sparse array: index ${index} is a hole`)
      }
      elements.push(value[index])
    }
  } catch (thrown) {
    return unreadable(context, [...path, elements.length], thrown)
  }
  return elements
}
