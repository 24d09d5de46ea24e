import { compiledSpec } from './internal/compile-spec.js'
import { objectSchemaOf } from './internal/json-schema-of.js'
import type { JsonSchemaObject } from './json-schema-object.js'
import type { SchemaSpec } from './schema-spec.js'

/**
 * Writes a spec as the JSON Schema (draft 2020-12) that providers take as a tool's
 * `parameters`: `{ type: 'object', properties, required? }`. Each property gets `type`, then
 * `description`, `enum` and `default` when present; nested objects get their own `properties`
 * and `required`, arrays their `items` (an item's `required` flag is ignored). `required` lists
 * names in declaration order and is left out when empty. The result is a fresh plain object
 * every call, shared with nothing. It is also exactly the schema the validation engine of
 * `@toolpipe/structured-output` compiles for `checkArgs`.
 *
 * @throws {SchemaSpecError} for an invalid spec (see `assertValidSchemaSpec`)
 * @example
 * schemaSpecToJsonSchema({ path: { type: 'string', required: true } })
 * // { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] }
 */
export function schemaSpecToJsonSchema(spec: SchemaSpec): JsonSchemaObject {
  return objectSchemaOf(compiledSpec(spec).fields)
}
