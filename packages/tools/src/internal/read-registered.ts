import type { JsonValue } from '@toolpipe/core'
import type { ToolDefinition } from '../tool-definition.js'
import { snapshotMember, unreadable } from './read-tool-members.js'

// Definitions are borrowed, never copied: `schemas()` and `descriptors()` read a registered
// definition's members again at each call. A getter or Proxy trap that throws then gives what
// registration gives (SPEC §11): `ToolRegistryError` `INVALID_TOOL` naming the tool and the
// member, what was thrown as `cause`, never the raw error.

/** The name of a registered definition, read again; `INVALID_TOOL` if it cannot be read. */
export function registeredName(definition: ToolDefinition): string {
  try {
    return definition.name
  } catch (error) {
    throw unreadable('the name of a registered tool', error)
  }
}

/** The member `key` of the registered tool `name`, read once; `INVALID_TOOL` naming both. */
export function registeredMember<TKey extends keyof ToolDefinition & string>(
  definition: ToolDefinition,
  name: string,
  key: TKey,
): ToolDefinition[TKey] {
  try {
    return definition[key]
  } catch (error) {
    throw unreadable(`tool "${name}": ${key}`, error)
  }
}

/**
 * A JSON copy of what `value` (the member `key` of the registered tool `name`) holds; what is no
 * longer JSON, or cannot be read, is `INVALID_TOOL` naming the tool and the member.
 */
export function registeredJson(
  name: string,
  key: 'parameters' | 'outputSchema',
  value: unknown,
): JsonValue {
  return snapshotMember(`tool "${name}": ${key}`, value)
}
