import { OutputSchemaError } from '../output-schema-error.js'
import { createValidator } from './engine/validator.js'
import type { Validator } from './engine/validator.js'
import { readSchema } from './read-schema.js'

/**
 * Compiled schemas by schema object. The only module-level state of the package: a cache that
 * changes no result, and lets a schema (and its compiled closures) be collected once unused.
 */
const compiledSchemas = new WeakMap<object, Validator>()

/** Reads `schema` afresh; caches and returns its validator, or throws every violation. */
export function compileAndCache(schema: unknown): Validator {
  const result = readSchema(schema, 'object')
  if (result.node === undefined) {
    if (typeof schema === 'object' && schema !== null) compiledSchemas.delete(schema)
    throw new OutputSchemaError(result.violations)
  }
  const validator = createValidator(result.node, 'json')
  compiledSchemas.set(schema as object, validator)
  return validator
}

/** The validator of `schema`, compiling it on first use. */
export function compiledSchemaOf(schema: object): Validator {
  return compiledSchemas.get(schema) ?? compileAndCache(schema)
}
