import { snapshotJson } from '@toolpipe/core'
import { compiledSpec } from './internal/compile-spec.js'
import type { CompiledProp } from './internal/compiled-prop.js'
import type { JsonSchemaObject, JsonSchemaProperty } from './json-schema-object.js'
import type { SchemaSpec } from './schema-spec.js'

/**
 * Writes a spec as the JSON Schema (draft 2020-12) that providers take as a tool's
 * `parameters`: `{ type: 'object', properties, required? }`. Each property gets `type`, then
 * `description`, `enum` and `default` when present; nested objects get their own `properties`
 * and `required`, arrays their `items` (an item's `required` flag is ignored). `required` lists
 * names in declaration order and is left out when empty. The result is a fresh plain object
 * every call, shared with nothing.
 *
 * @throws {SchemaSpecError} for an invalid spec (see `assertValidSchemaSpec`)
 * @example
 * schemaSpecToJsonSchema({ path: { type: 'string', required: true } })
 * // { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] }
 */
export function schemaSpecToJsonSchema(spec: SchemaSpec): JsonSchemaObject {
  const root = compiledSpec(spec)
  const schema: JsonSchemaObject = { type: 'object', properties: propertiesToJson(root.fields) }
  const required = requiredNames(root.fields)
  if (required !== undefined) schema.required = required
  return schema
}

function propertiesToJson(fields: readonly CompiledProp[] = []): JsonSchemaObject['properties'] {
  const properties: JsonSchemaObject['properties'] = {}
  // The spec refuses `__proto__`, so assignment cannot touch a prototype here.
  for (const field of fields) properties[field.key] = propToJson(field)
  return properties
}

function propToJson(prop: CompiledProp): JsonSchemaProperty {
  const schema: JsonSchemaProperty = { type: prop.type }
  if (prop.description !== undefined) schema.description = prop.description
  if (prop.enumValues !== undefined) schema.enum = [...prop.enumValues]
  if (prop.defaultValue !== undefined) schema.default = snapshotJson(prop.defaultValue)
  if (prop.fields !== undefined) {
    schema.properties = propertiesToJson(prop.fields)
    const required = requiredNames(prop.fields)
    if (required !== undefined) schema.required = required
  }
  if (prop.items !== undefined) schema.items = propToJson(prop.items)
  return schema
}

function requiredNames(fields: readonly CompiledProp[] = []): string[] | undefined {
  const names = fields.filter((field) => field.required).map((field) => field.key)
  return names.length > 0 ? names : undefined
}
