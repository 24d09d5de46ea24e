import type { StructuredIssue } from './structured-issue.js'
import type { StructuredOutputSchema } from './structured-schema.js'
import { compiledSchemaOf } from './internal/schema-cache.js'

/**
 * Checks `value` against `schema` with the semantics of JSON Schema draft 2020-12 for the
 * supported keywords, and returns every issue found (none: the value is valid), at most 100 of
 * them and then one `too_many_issues` issue. Never throws because of the value: non-JSON data,
 * cycles, sparse arrays, deep nesting, throwing getters and Proxies all become issues, and the
 * walk goes no deeper than the schema does.
 *
 * The schema is compiled on first use and cached by object identity, so pass the same object
 * each time and do not mutate it afterwards (call {@link assertSupportedOutputSchema} again to
 * re-read a changed schema). An unsupported schema is a programming error: it throws
 * {@link OutputSchemaError}, exactly as `assertSupportedOutputSchema` does.
 *
 * @param schema - a supported output schema (see {@link assertSupportedOutputSchema})
 * @param value - anything, typically a model's parsed output
 * @returns the issues, depth first in schema order; `[]` when the value is valid
 * @throws {OutputSchemaError} only when `schema` is outside the supported subset
 * @example
 * const schema = {
 *   type: 'object',
 *   properties: { verdict: { type: 'string', enum: ['pass', 'fail'] } },
 *   required: ['verdict'],
 *   additionalProperties: false,
 * } as const
 * validateStructuredValue(schema, { verdict: 'maybe' })
 * // [{ code: 'invalid_enum', path: ['verdict'], message: '"verdict" must be one of "pass", "fail", got "maybe"', … }]
 */
export function validateStructuredValue(
  schema: StructuredOutputSchema,
  value: unknown,
): StructuredIssue[] {
  const { validator, wording } = compiledSchemaOf(schema)
  if (validator.isValid(value)) return []
  return wording.word(validator.collect(value))
}
