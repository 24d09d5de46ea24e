import { describeThrown } from '@toolpipe/core/internal'
import { ToolPipelineError } from '../tool-pipeline-error.js'

/**
 * Reads the named members of an object plugin code returned, each exactly once, so that a getter
 * or Proxy trap cannot show one check one value and the pipeline another. `undefined` for a
 * non-object. A throwing getter or trap fails the call with `INVALID_DECISION`, naming `what`.
 */
export function readMembers<TKey extends string>(
  value: unknown,
  keys: readonly TKey[],
  what: string,
): Partial<Record<TKey, unknown>> | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const members: Partial<Record<TKey, unknown>> = {}
  try {
    for (const key of keys) members[key] = (value as Record<TKey, unknown>)[key]
  } catch (error) {
    throw new ToolPipelineError(
      `${what} could not be read: ${describeThrown(error)}`,
      'INVALID_DECISION',
      { cause: error },
    )
  }
  return members
}
