import type { JsonValue } from '@toolpipe/core'
import { copyJson } from '../copy-json.js'
import type { notJson } from '../copy-json.js'

/**
 * Step 2: a detached, deep-frozen JSON snapshot of the call's arguments, or `notJson` when they
 * are not JSON data (whatever the reason: NaN, a cycle, a throwing getter, nesting deeper than
 * 512). The caller's object is never frozen or reused.
 */
export function snapshotArguments(rawArguments: unknown): JsonValue | typeof notJson {
  return copyJson(rawArguments)
}
