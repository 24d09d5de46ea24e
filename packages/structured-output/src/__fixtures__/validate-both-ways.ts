import { expect } from 'vitest'
import { compiledSchemaOf } from '../internal/schema-cache.js'
import type { StructuredIssue } from '../structured-issue.js'
import type { StructuredOutputSchema } from '../structured-schema.js'
import { validateStructuredValue } from '../validate-structured-value.js'

/**
 * `validateStructuredValue(schema, value)`, after checking the engine's two paths against each
 * other: the fast test (`isValid`, asked first by validateStructuredValue, and alone by
 * `@toolpipe/schema` where only the verdict matters) must say valid exactly when the issue walk
 * finds nothing. A fast test that refused a valid value would only cost time here, and change
 * what the schema package decides. For values that read the same every time: it reads `value`
 * three times.
 */
export function validateBothWays(
  schema: StructuredOutputSchema,
  value: unknown,
): StructuredIssue[] {
  const { validator } = compiledSchemaOf(schema)
  const walked = validator.collect(value)
  expect(validator.isValid(value), 'the fast test disagrees with the issue walk').toBe(
    walked.length === 0,
  )
  return validateStructuredValue(schema, value)
}
