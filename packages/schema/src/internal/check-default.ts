import { JsonSnapshotError, snapshotJson } from '@toolpipe/core'
import { describeThrown } from '@toolpipe/core/internal'
import type { JsonValue } from '@toolpipe/core'
import { collectValueIssues } from './collect-issues.js'
import type { CompiledProp } from './compiled-prop.js'
import { engineValidator } from './engine-validator.js'
import { propToJson } from './json-schema-of.js'

/**
 * A snapshot of a prop's `default` when it is JSON and the prop itself accepts it (the
 * engine checks it, as it would check an argument); otherwise `undefined`, with the mistake
 * reported through `mistake` (text after the path `spec.….default`).
 */
export function checkDefault(
  prop: CompiledProp,
  value: unknown,
  mistake: (text: string) => void,
): JsonValue | undefined {
  let snapshot: JsonValue
  try {
    // A snapshot: the spec's own object may change after it was checked. Never handed out
    // (each JSON Schema written gets a copy of its own).
    snapshot = snapshotJson(value)
  } catch (error) {
    if (!(error instanceof JsonSnapshotError)) {
      // A getter or Proxy trap inside the default threw.
      mistake(`could not be read: ${describeThrown(error)}`)
      return undefined
    }
    const where = error.path === '$' ? '' : ` at default${error.path.slice(1)}`
    mistake(`is not JSON${where}: ${error.reason}`)
    return undefined
  }
  const issues = collectValueIssues(engineValidator(propToJson(prop)), snapshot)
  if (issues.length === 0) return snapshot
  mistake(`does not match its own property: ${issues.map((issue) => issue.message).join('; ')}`)
  return undefined
}
