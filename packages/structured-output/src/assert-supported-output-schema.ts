import type { StructuredOutputSchema } from './structured-schema.js'
import { compileAndCache } from './internal/schema-cache.js'

/**
 * Checks that `schema` lies inside the supported subset, or throws {@link OutputSchemaError}
 * listing every violation with its path (`schema.properties.a.items: …`).
 *
 * Refused: a node that is not a plain object, a circular node, any keyword but `type`,
 * `properties`, `required`, `additionalProperties`, `items`, `enum`, `const`, `description`,
 * `title`, `default` and `examples`, a missing, non-string, array or unknown `type`, a keyword on
 * a node of the wrong type, a malformed keyword value, an `enum` or `const` outside the node's
 * type, an annotation that is not JSON data, and a root that is not `type: 'object'`. Only own
 * enumerable properties are read, each once. The schema is read afresh on every call, and what
 * was read is what {@link validateStructuredValue} then enforces for this object.
 *
 * @param schema - a candidate output schema, for instance parsed from configuration
 * @throws {OutputSchemaError} code `UNSUPPORTED_SCHEMA`, with `violations`
 * @example
 * const schema: unknown = JSON.parse(configText)
 * assertSupportedOutputSchema(schema)
 * // schema is StructuredOutputSchema from here on
 * const issues = validateStructuredValue(schema, modelOutput)
 */
export function assertSupportedOutputSchema(
  schema: unknown,
): asserts schema is StructuredOutputSchema {
  compileAndCache(schema)
}
