import type { ProviderJsonSchema } from './json-schema-object.js'

/**
 * Something a dialect could not keep as written. A `fatal` issue means the provider cannot be
 * shown the schema at all (a free-form object in OpenAI strict mode, say); a non-fatal one says
 * what was changed (a keyword moved into the property's `description` as words the model can
 * follow, which `checkArgs` still enforces).
 */
export interface DialectIssue {
  /** Where, in the tool's parameters schema: `parameters.properties.title`. */
  readonly path: string
  /** The keyword concerned: `maxLength`, `items`, `additionalProperties`, … */
  readonly keyword: string
  readonly message: string
  readonly fatal: boolean
}

/**
 * What `toProviderSchema` returns (SPEC §9.3): the schema in the dialect, and what it could not
 * keep; nothing else, so that it compares equal to `{ schema, issues }`.
 */
export interface ProviderSchemaResult {
  /** A fresh plain object, shared with nothing. Incomplete when an issue is fatal. */
  readonly schema: ProviderJsonSchema
  /** In the order met, depth first; `[]` when the dialect kept everything. */
  readonly issues: readonly DialectIssue[]
}
