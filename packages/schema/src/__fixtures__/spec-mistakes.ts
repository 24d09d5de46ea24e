import { assertValidSchemaSpec } from '../assert-valid-schema-spec.js'
import { SchemaSpecError } from '../schema-spec-error.js'
import type { SchemaSpecMistake } from '../schema-spec-error.js'
import { revokedProxy } from '@toolpipe/hostile-values'

/** The mistakes `assertValidSchemaSpec` lists for `spec`; throws if it accepts the spec. */
export function mistakesOf(spec: unknown): readonly SchemaSpecMistake[] {
  try {
    assertValidSchemaSpec(spec)
  } catch (error) {
    if (error instanceof SchemaSpecError) return error.mistakes
    throw error
  }
  throw new Error('the spec was accepted')
}

/** An object no member of which can be read, nor its keys listed: a revoked Proxy. */
export function revoked(): object {
  return revokedProxy()
}
