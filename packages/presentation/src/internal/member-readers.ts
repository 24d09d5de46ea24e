import { JsonSnapshotError, snapshotJson } from '@toolpipe/core'
import { formatJsonPath } from '@toolpipe/core/internal'
import type { MemberReader } from './read-context.js'
import { invalid, maxViewDepth } from './read-context.js'
import { typeIssue, unreadable, valueIssue } from './record-issue.js'

/** Reads any string. */
export const readString: MemberReader = (context, value, path) =>
  typeof value === 'string' ? value : typeIssue(context, path, 'string', value)

/** Reads a string that is not empty (a path, a block type). */
export const readNonEmptyString: MemberReader = (context, value, path) => {
  if (typeof value !== 'string') return typeIssue(context, path, 'string', value)
  return value === '' ? valueIssue(context, path, 'a non-empty string', value) : value
}

/** Reads a boolean. */
export const readBoolean: MemberReader = (context, value, path) =>
  typeof value === 'boolean' ? value : typeIssue(context, path, 'boolean', value)

/** A reader for one of a fixed set of strings. */
export function oneOf(allowed: readonly string[]): MemberReader {
  const expected = `one of ${allowed.map((name) => JSON.stringify(name)).join(', ')}`
  return (context, value, path) => {
    if (typeof value !== 'string') return typeIssue(context, path, 'string', value)
    return allowed.includes(value) ? value : valueIssue(context, path, expected, value)
  }
}

/** Reads a positive safe integer (a 1-based line). */
export const readPositiveInteger: MemberReader = (context, value, path) => {
  if (typeof value !== 'number') return typeIssue(context, path, 'number', value)
  return Number.isSafeInteger(value) && value > 0
    ? value
    : valueIssue(context, path, 'a positive integer', value)
}

/** Reads a safe integer (an exit code). */
export const readInteger: MemberReader = (context, value, path) => {
  if (typeof value !== 'number') return typeIssue(context, path, 'number', value)
  // `+ 0` turns -0 into 0, which is what JSON would write anyway.
  return Number.isSafeInteger(value) ? value + 0 : valueIssue(context, path, 'an integer', value)
}

/** Reads a string or `null` (a diff's `oldText`). */
export const readStringOrNull: MemberReader = (context, value, path) =>
  value === null || typeof value === 'string'
    ? value
    : typeIssue(context, path, 'string or null', value)

/**
 * Reads opaque JSON data (`rawInput`, an extension member of a content block) as a detached
 * copy, through `snapshotJson`, with the depth that is left.
 */
export const readJson: MemberReader = (context, value, path, depth) => {
  try {
    return snapshotJson(value, { maxDepth: Math.max(0, maxViewDepth - depth) })
  } catch (thrown) {
    const failure = asSnapshotError(thrown)
    if (failure !== undefined) {
      // The snapshot's path starts at this value (`$`); continue it from the view's root.
      const where = formatJsonPath(path, '') + failure.path.slice(1)
      context.issues.push({
        code: 'not_json',
        path,
        message: `"${where}" is not JSON data: ${failure.reason}`,
      })
      return invalid
    }
    return unreadable(context, path, thrown)
  }
}

/**
 * The thrown value as `snapshotJson`'s refusal, or `undefined` for anything else (a getter's own
 * error). It comes from this package's copy of core, so `instanceof` is exact; it is guarded
 * because `instanceof` runs a thrown Proxy's `getPrototypeOf` trap.
 */
function asSnapshotError(thrown: unknown): JsonSnapshotError | undefined {
  try {
    return thrown instanceof JsonSnapshotError ? thrown : undefined
  } catch {
    return undefined
  }
}
