import { createValidator, readSchema } from '@toolpipe/structured-output/internal'
import type { Validator } from '@toolpipe/structured-output/internal'

/**
 * The engine's validator, in its `args` dialect (any non-array object is an object, every read is
 * guarded), for a JSON Schema this package wrote from a checked spec: a whole spec's, a prop's
 * (its `default` is checked against it) or an `anyOf` member's. The spec was checked first, so
 * its schema is inside the subset: a refusal is a bug here, thrown as a plain `Error` that names
 * the violations.
 */
export function engineValidator(schema: unknown): Validator {
  // Stryker disable next-line StringLiteral: readSchema compares its root rule with 'object' only, so any other word reads as 'any'
  const read = readSchema(schema, 'any')
  if (read.node === undefined) {
    throw new Error(
      `@toolpipe/schema: the engine refused a schema written from a checked spec: ${read.violations.join('; ')}`,
    )
  }
  // Stryker disable next-line StringLiteral: the engine compares its dialect with 'json' only, so any other word reads as 'args'
  return createValidator(read.node, 'args')
}
