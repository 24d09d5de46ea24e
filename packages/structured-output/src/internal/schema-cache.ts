import { OutputSchemaError } from '../output-schema-error.js'
import type { CompiledNode } from './compiled-node.js'
import { compileSchema } from './compile-schema.js'

/**
 * Compiled schemas by schema object. The only module-level state of the package: a cache that
 * changes no result, and lets a schema (and its compiled tree) be collected once unused.
 */
const compiledSchemas = new WeakMap<object, CompiledNode>()

/** Reads `schema` afresh; caches and returns its compiled tree, or throws every violation. */
export function compileAndCache(schema: unknown): CompiledNode {
  const result = compileSchema(schema)
  if (result.node === undefined) {
    if (typeof schema === 'object' && schema !== null) compiledSchemas.delete(schema)
    throw new OutputSchemaError(result.violations)
  }
  compiledSchemas.set(schema as object, result.node)
  return result.node
}

/** The compiled tree of `schema`, compiling it on first use. */
export function compiledSchemaOf(schema: object): CompiledNode {
  return compiledSchemas.get(schema) ?? compileAndCache(schema)
}
