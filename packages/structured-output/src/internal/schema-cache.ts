import { OutputSchemaError } from '../output-schema-error.js'
import { createValidator } from './engine/validator.js'
import type { Validator } from './engine/validator.js'
import { readSchema } from './read-schema.js'
import { StructuredIssueWording } from './structured-issues.js'

/** An output schema, compiled: the engine, and the words of its issues. */
export interface CompiledOutputSchema {
  readonly validator: Validator
  readonly wording: StructuredIssueWording
}

/**
 * Compiled schemas by schema object. The only module-level state of the package: a cache that
 * changes no result, and lets a schema (and its compiled closures) be collected once unused.
 */
const compiledSchemas = new WeakMap<object, CompiledOutputSchema>()

/**
 * The schema used last and its compiled form, in front of the WeakMap: a caller mostly checks
 * many values against one schema in a row, and a comparison costs a few instructions where a
 * WeakMap lookup (hashing the key) costs a hundred or so, a third of a small valid check. It
 * holds that one schema alive until another is used.
 */
let lastSchema: object | undefined
let lastCompiled: CompiledOutputSchema | undefined

/** Reads `schema` afresh; caches and returns its compiled form, or throws every violation. */
export function compileAndCache(schema: unknown): CompiledOutputSchema {
  const result = readSchema(schema, 'object')
  if (result.node === undefined) {
    // Stryker disable next-line ConditionalExpression,LogicalOperator: WeakMap.delete takes anything and returns false for a non-object ("→ false" keeps a stale entry and fails the tests)
    if (typeof schema === 'object' && schema !== null) compiledSchemas.delete(schema)
    if (schema === lastSchema) lastSchema = lastCompiled = undefined
    throw new OutputSchemaError(result.violations)
  }
  const compiled: CompiledOutputSchema = {
    validator: createValidator(result.node, 'json'),
    wording: new StructuredIssueWording(),
  }
  compiledSchemas.set(schema as object, compiled)
  lastSchema = schema as object
  lastCompiled = compiled
  return compiled
}

/** The compiled form of `schema`, compiling it on first use. */
export function compiledSchemaOf(schema: object): CompiledOutputSchema {
  if (schema === lastSchema && lastCompiled !== undefined) return lastCompiled
  const compiled = compiledSchemas.get(schema) ?? compileAndCache(schema)
  lastSchema = schema
  lastCompiled = compiled
  return compiled
}
