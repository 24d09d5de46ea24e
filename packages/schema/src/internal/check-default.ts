import { JsonSnapshotError, snapshotJson } from '@toolpipe/core'
import { describeThrown } from '@toolpipe/core/internal'
import type { JsonValue } from '@toolpipe/core'
import { createValidator, readSchema } from '@toolpipe/structured-output/internal'
import { collectValueIssues } from './collect-issues.js'
import type { CompiledProp } from './compiled-prop.js'
import { propToJson } from './json-schema-of.js'

/**
 * A frozen snapshot of a prop's `default` when it is JSON and the prop itself accepts it (the
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
    snapshot = snapshotJson(value, { freeze: true })
  } catch (error) {
    if (!(error instanceof JsonSnapshotError)) {
      // A getter or Proxy trap inside the default threw.
      mistake(`could not be read: ${describeThrown(error)}`)
      return undefined
    }
    const where = error.path === '$' ? '' : ` at ${error.path.replace(/^\$/, 'default')}`
    mistake(`is not JSON${where}: ${error.reason}`)
    return undefined
  }
  const read = readSchema(propToJson(prop), 'any')
  if (read.node === undefined) {
    throw new Error(`@toolpipe/schema: the engine refused a prop: ${read.violations.join('; ')}`)
  }
  const issues = collectValueIssues(createValidator(read.node, 'args'), snapshot)
  if (issues.length === 0) return snapshot
  mistake(`does not match its own property: ${issues.map((issue) => issue.message).join('; ')}`)
  return undefined
}
