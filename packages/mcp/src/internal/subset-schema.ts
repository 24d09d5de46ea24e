import type { JsonValue } from '@toolpipe/core'
import { assertSupportedOutputSchema } from '@toolpipe/structured-output'
import type { StructuredOutputSchema } from '@toolpipe/structured-output'

/**
 * `schema` (an MCP tool's input or output schema, already a detached JSON copy) as a schema of
 * toolpipe's subset (`@toolpipe/structured-output`: an object root and the keywords the one engine
 * enforces), or `undefined` when it lies outside. A top-level `$schema` is left aside: it names
 * the draft, and the subset's keywords mean the same in draft-07 and 2020-12 (a keyword an older
 * draft spells differently, a boolean `exclusiveMinimum`, is refused anyway).
 */
export function subsetSchema(
  schema: Record<string, JsonValue>,
): StructuredOutputSchema | undefined {
  let candidate: Record<string, JsonValue> = schema
  if ('$schema' in schema) {
    candidate = { ...schema }
    delete candidate.$schema
  }
  try {
    assertSupportedOutputSchema(candidate)
  } catch {
    return undefined
  }
  return candidate
}
