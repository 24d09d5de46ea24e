import type { JsonValue } from '@toolpipe/core'
import type { SchemaType } from './schema-spec.js'

/**
 * One property of a {@link JsonSchemaObject}, keys in this order: `type`, then `description`,
 * `enum`, `default` when present, then `properties` and `required` (objects) or `items` (arrays).
 */
export interface JsonSchemaProperty {
  type: SchemaType
  description?: string
  enum?: string[]
  default?: JsonValue
  properties?: Record<string, JsonSchemaProperty>
  /** Names of the required members, in declaration order; absent when none is required. */
  required?: string[]
  items?: JsonSchemaProperty
}

/**
 * The JSON Schema (draft 2020-12) of a tool's parameters, as `schemaSpecToJsonSchema` writes it
 * and providers accept it: an object schema with its `properties` and, when any, `required`.
 */
export interface JsonSchemaObject {
  type: 'object'
  properties: Record<string, JsonSchemaProperty>
  /** Names of the required properties, in declaration order; absent when none is required. */
  required?: string[]
}
