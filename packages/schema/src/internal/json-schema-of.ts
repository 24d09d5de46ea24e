import { snapshotJson } from '@toolpipe/core'
import type { JsonSchemaObject, JsonSchemaProperty } from '../json-schema-object.js'
import type { CompiledProp } from './compiled-prop.js'

/**
 * The JSON Schema of a spec's members: `{ type: 'object', properties, required? }`, a fresh
 * plain object. It is both what providers are shown (`schemaSpecToJsonSchema`) and what the
 * validation engine compiles, so the two can never disagree.
 */
export function objectSchemaOf(fields: readonly CompiledProp[]): JsonSchemaObject {
  const schema: JsonSchemaObject = { type: 'object', properties: propertiesToJson(fields) }
  const required = requiredNames(fields)
  if (required !== undefined) schema.required = required
  return schema
}

/** The JSON Schema of one prop (its `required` flag belongs to the object that holds it). */
export function propToJson(prop: CompiledProp): JsonSchemaProperty {
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

function propertiesToJson(fields: readonly CompiledProp[]): JsonSchemaObject['properties'] {
  const properties: JsonSchemaObject['properties'] = {}
  // The spec refuses `__proto__`, so assignment cannot touch a prototype here.
  for (const field of fields) properties[field.key] = propToJson(field)
  return properties
}

function requiredNames(fields: readonly CompiledProp[]): string[] | undefined {
  const names = fields.filter((field) => field.required).map((field) => field.key)
  return names.length > 0 ? names : undefined
}
