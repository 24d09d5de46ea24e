import { expect } from 'vitest'
import { assertSupportedOutputSchema } from '../assert-supported-output-schema.js'
import { OutputSchemaError } from '../output-schema-error.js'

/** Runs the assertion expecting a refusal, and returns the violations. */
export function violationsOf(schema: unknown): readonly string[] {
  try {
    assertSupportedOutputSchema(schema)
  } catch (error) {
    expect(error).toBeInstanceOf(OutputSchemaError)
    return (error as OutputSchemaError).violations
  }
  throw new Error('expected assertSupportedOutputSchema to refuse the schema')
}

/** Wraps `node` as the schema of member `a` of an object root. */
export function asMember(node: unknown): unknown {
  return { type: 'object', properties: { a: node } }
}
