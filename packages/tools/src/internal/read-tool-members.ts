import { JsonSnapshotError, snapshotJson } from '@toolpipe/core'
import type { JsonValue } from '@toolpipe/core'
import { describeThrown, describeValue } from '@toolpipe/core/internal'
import { ToolRegistryError } from '../tool-registry-error.js'

/**
 * `INVALID_TOOL` for what `label` names (`tool "x": annotations.title`) that a getter or Proxy trap
 * would not let us read (SPEC §11), with what it threw as `cause`.
 */
export function unreadable(label: string, error: unknown): ToolRegistryError {
  return new ToolRegistryError(
    `${label} could not be read: ${describeThrown(error)}`,
    'INVALID_TOOL',
    { cause: error },
  )
}

/**
 * A JSON copy of what `label` names (`tool "x": parameters`), or `INVALID_TOOL`: for what is not
 * JSON, `<label> must be JSON: <where and why>` with the snapshot's error as `cause`; for what a
 * getter or Proxy trap keeps from being read, {@link unreadable}.
 */
export function snapshotMember(label: string, value: unknown): JsonValue {
  try {
    return snapshotJson(value)
  } catch (error) {
    if (!(error instanceof JsonSnapshotError)) throw unreadable(label, error)
    throw new ToolRegistryError(`${label} must be JSON: ${error.message}`, 'INVALID_TOOL', {
      cause: error,
    })
  }
}

/**
 * The named members of `value`, each read exactly once, so that what is checked is what was read.
 * A throwing getter or Proxy trap (a revoked Proxy's included) is `INVALID_TOOL` naming the
 * member: `label` then the key (`tool "x": ` + `parameters`).
 */
export function readToolMembers<TKey extends string>(
  value: object,
  keys: readonly TKey[],
  label: string,
): Record<TKey, unknown> {
  const members = {} as Record<TKey, unknown>
  for (const key of keys) {
    try {
      members[key] = (value as Readonly<Record<TKey, unknown>>)[key]
    } catch (error) {
      throw unreadable(`${label}${key}`, error)
    }
  }
  return members
}

/**
 * The name of a tool definition, or of `defineTool`'s options (`what`), read once; to be checked
 * before its other members are read, so that their refusals name the tool. Refuses
 * (`INVALID_TOOL`) what is not an object, and a name a getter or Proxy trap keeps from being read.
 */
export function readToolName(source: unknown, what: string): unknown {
  if (typeof source !== 'object' || source === null) {
    throw new ToolRegistryError(
      `${what} must be an object, got ${describeValue(source)}`,
      'INVALID_TOOL',
    )
  }
  try {
    return (source as { readonly name?: unknown }).name
  } catch (error) {
    throw unreadable(`the name of ${what}`, error)
  }
}

/**
 * Whether `value` (what `label` names) is an array; `INVALID_TOOL` for a revoked
 * Proxy, which `Array.isArray` throws on.
 */
export function isArrayMember(value: unknown, label: string): boolean {
  try {
    return Array.isArray(value)
  } catch (error) {
    throw unreadable(label, error)
  }
}
