import type { JsonValue } from '@toolpipe/core'
import { validateStructuredValue } from '@toolpipe/structured-output'
import type { StructuredOutputSchema } from '@toolpipe/structured-output'
import { OutputInvalidError } from '../output-invalid-error.js'

/**
 * SPEC §12.1: a tool with an `outputSchema` must return a `structured` value the schema accepts.
 * Checks the deep-frozen copy (never the tool's own object, which could change under the check),
 * with the one validation engine of `@toolpipe/structured-output`, compiled once per schema
 * object (registration compiled it already).
 *
 * @param outputSchema - the tool's `outputSchema`, read once for this call; `undefined`: no check
 * @throws {OutputInvalidError} `OUTPUT_INVALID` for a missing or refused value
 */
export function checkStructuredOutput(
  toolName: string,
  outputSchema: unknown,
  structured: JsonValue | undefined,
): void {
  if (outputSchema === undefined) return
  if (structured === undefined) throw new OutputInvalidError(toolName, [])
  const issues = validateStructuredValue(outputSchema as StructuredOutputSchema, structured)
  if (issues.length > 0) throw new OutputInvalidError(toolName, issues)
}
