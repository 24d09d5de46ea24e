/** The five value types of the schema DSL, the JSON Schema `type` names of tool parameters. */
export type SchemaType = 'string' | 'number' | 'boolean' | 'object' | 'array'

/**
 * One property of a tool's parameters. Every field is readonly so that a spec written inline in
 * a generic call with a `const` type parameter (which infers readonly objects and tuples), or
 * declared `as const`, is accepted as it is.
 */
export interface SchemaProp {
  /** What kind of value the property holds. */
  readonly type: SchemaType
  /**
   * `true` makes the property required in the object that holds it. A per-property flag, not
   * JSON Schema's `required` array (which `schemaSpecToJsonSchema` builds from it). Ignored on an
   * array's `items`.
   */
  readonly required?: true
  /** What the property means, for the model; copied into the JSON Schema. */
  readonly description?: string
  /** The allowed values. Strings only, and only on `type: 'string'`; never empty. */
  readonly enum?: readonly string[]
  /** An annotation shown to the model; never applied to arguments. Must match its own property. */
  readonly default?: unknown
  /** The members of an object (`type: 'object'` only); without it, any object is accepted. */
  readonly properties?: SchemaSpec
  /** The schema of every element (`type: 'array'` only); without it, any array is accepted. */
  readonly items?: SchemaProp
}

/**
 * A tool's parameters: property name → {@link SchemaProp}, in declaration order.
 *
 * @example
 * const readFile = {
 *   path: { type: 'string', required: true, description: 'file to read' },
 *   encoding: { type: 'string', enum: ['utf8', 'base64'] },
 * } as const satisfies SchemaSpec
 */
export type SchemaSpec = Readonly<Record<string, SchemaProp>>
