import { snapshotJson } from '@toolpipe/core'
import { setMember } from '@toolpipe/core/internal'
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

/** The keywords copied as they are, in the order they are written. */
const plainKeywords = [
  'minimum',
  'exclusiveMinimum',
  'maximum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'pattern',
  'minItems',
  'maxItems',
] as const

/** The JSON Schema of one prop (its `required` flag belongs to the object that holds it). */
export function propToJson(prop: CompiledProp): JsonSchemaProperty {
  if (prop.kind === 'anyOf') {
    const union: JsonSchemaProperty = { anyOf: prop.members.map(propToJson) }
    if (prop.description !== undefined) union.description = prop.description
    return union
  }
  const schema: JsonSchemaProperty = { type: prop.nullable ? [prop.type, 'null'] : prop.type }
  if (prop.description !== undefined) schema.description = prop.description
  if (prop.enumValues !== undefined) {
    // JSON Schema checks `enum` on null too: a nullable prop lists it.
    schema.enum = prop.nullable ? [...prop.enumValues, null] : [...prop.enumValues]
  }
  if (prop.defaultValue !== undefined) schema.default = snapshotJson(prop.defaultValue)
  for (const keyword of plainKeywords) {
    const value = prop[keyword]
    if (value !== undefined) (schema as Record<string, unknown>)[keyword] = value
  }
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
  // Defined, never assigned: a member named `__proto__` is an own property of `properties`, as
  // JSON.parse makes it, not the object's prototype.
  for (const field of fields) setMember(properties, field.key, propToJson(field))
  return properties
}

function requiredNames(fields: readonly CompiledProp[]): string[] | undefined {
  const names = fields.filter((field) => field.required).map((field) => field.key)
  return names.length > 0 ? names : undefined
}
