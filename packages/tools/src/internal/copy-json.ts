import { snapshotJson } from '@toolpipe/core'
import type { JsonValue } from '@toolpipe/core'

/** What {@link copyJson} returns for a value that is not JSON, whatever the reason. */
export const notJson: unique symbol = Symbol('not JSON')

/**
 * A deep-frozen JSON snapshot of what plugin code handed over, reading every getter once, or
 * {@link notJson}: for a value that is not JSON, and for one whose getter or Proxy trap throws.
 * Never throws.
 */
export function copyJson(value: unknown): JsonValue | typeof notJson {
  try {
    return snapshotJson(value, { freeze: true })
  } catch {
    return notJson
  }
}
