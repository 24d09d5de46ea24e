import {
  describeThrown,
  describeType,
  formatJsonPath,
  isPlainObject,
} from '@toolpipe/core/internal'
import type { HooksConfigIssue } from '../hooks-config-error.js'

/**
 * The known members of an options object, each read once into a fresh object (`undefined`
 * reads as `{}`); an object that is not plain, a member that cannot be read and an unknown
 * member are issues at `root`.
 */
export function readKnownMembers(
  value: unknown,
  known: readonly string[],
  root: string,
  issues: HooksConfigIssue[],
): Record<string, unknown> {
  const copy: Record<string, unknown> = {}
  if (value === undefined) return copy
  if (!isPlainObject(value)) {
    issues.push({ path: root, message: `must be an object, got ${describeType(value)}` })
    return copy
  }
  let keys: string[]
  try {
    keys = Object.keys(value)
  } catch (error) {
    issues.push({ path: root, message: `could not be read: ${describeThrown(error)}` })
    return copy
  }
  for (const key of keys) {
    const path = formatJsonPath([key], root)
    if (!known.includes(key)) {
      issues.push({ path, message: `is not an option (known: ${known.join(', ')})` })
      continue
    }
    try {
      copy[key] = value[key]
    } catch (error) {
      issues.push({ path, message: `could not be read: ${describeThrown(error)}` })
    }
  }
  return copy
}

/** A value as the configuration's messages show it: a string quoted, anything else its type. */
export function describeGiven(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : describeType(value)
}
