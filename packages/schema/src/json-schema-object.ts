import type { JsonValue } from '@toolpipe/core'
import type { SchemaType } from './schema-spec.js'

/**
 * One property of a {@link JsonSchemaObject}. A typed prop is written with its keys in this
 * order: `type` (`[T, 'null']` when nullable), `description`, `enum`, `default`, the number
 * bounds, the string lengths and `pattern`, the item counts, then `properties` and `required`
 * (objects) or `items` (arrays). A union prop is `{ anyOf, description? }`, with no `type`.
 */
export interface JsonSchemaProperty {
  type?: SchemaType | [SchemaType, 'null']
  /** The alternatives of a union prop; then there is no `type`. */
  anyOf?: JsonSchemaProperty[]
  description?: string
  /** The allowed values; `null` is listed too on a nullable prop. */
  enum?: (string | number | null)[]
  default?: JsonValue
  minimum?: number
  exclusiveMinimum?: number
  maximum?: number
  exclusiveMaximum?: number
  minLength?: number
  maxLength?: number
  pattern?: string
  minItems?: number
  maxItems?: number
  properties?: Record<string, JsonSchemaProperty>
  /** Names of the required members, in declaration order; absent when none is required. */
  required?: string[]
  items?: JsonSchemaProperty
}

/**
 * A tool's parameters as a provider dialect writes them (`toProviderSchema`): the JSON Schema of
 * `schemaSpecToJsonSchema` with what each dialect changes. OpenAI strict mode closes every object
 * (`additionalProperties: false`); Gemini writes `nullable: true` instead of type arrays, integer
 * enums as strings with `format: 'enum'`, and leaves `properties` out of an object without
 * members. A hand-written schema's keywords outside toolpipe's subset are kept as written by the
 * dialects that take JSON Schema (`json-schema`, `openai`, `anthropic`).
 */
export interface ProviderJsonSchema {
  type: 'object'
  properties?: Record<string, ProviderJsonSchemaProperty>
  required?: string[]
  additionalProperties?: boolean
  description?: string
  [keyword: string]: unknown
}

/** One property of a {@link ProviderJsonSchema}. */
export interface ProviderJsonSchemaProperty {
  type?: SchemaType | 'null' | [SchemaType, 'null']
  anyOf?: ProviderJsonSchemaProperty[]
  description?: string
  /** Gemini's form of a nullable property. */
  nullable?: true
  /** Gemini's mark of an integer enum written as strings. */
  format?: string
  enum?: (string | number | null)[]
  properties?: Record<string, ProviderJsonSchemaProperty>
  required?: string[]
  additionalProperties?: boolean
  items?: ProviderJsonSchemaProperty
  [keyword: string]: unknown
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
