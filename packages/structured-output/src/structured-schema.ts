/** A JSON scalar: what `enum` and `const` may hold. */
export type StructuredScalar = string | number | boolean | null

/** The seven JSON Schema type names the subset accepts, one per node. */
export type StructuredSchemaType =
  'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean' | 'null'

/**
 * One node of an output schema: a JSON Schema (draft 2020-12) object restricted to eleven
 * keywords, every one of which {@link validateStructuredValue} enforces.
 *
 * Arrays are `readonly` so that an `as const` schema is accepted as it is.
 */
export interface StructuredSchemaNode {
  /** Exactly one type name; arrays of types are not supported. */
  readonly type: StructuredSchemaType
  /** `object` nodes only: the schema of each named member. */
  readonly properties?: Readonly<Record<string, StructuredSchemaNode>>
  /** `object` nodes only: names of members that must be present; each must be a key of `properties`. */
  readonly required?: readonly string[]
  /** `object` nodes only: `false` refuses members not named in `properties`. */
  readonly additionalProperties?: boolean
  /** `array` nodes only: the schema every element must match. */
  readonly items?: StructuredSchemaNode
  /** Scalar nodes only: the allowed values, each of the node's type. */
  readonly enum?: readonly StructuredScalar[]
  /** Scalar nodes only: the one allowed value, of the node's type. */
  readonly const?: StructuredScalar
  /** Annotation for the model: a string. */
  readonly description?: string
  /** Annotation for the model: a string. */
  readonly title?: string
  /** Annotation for the model: any JSON value; never applied to the output. */
  readonly default?: unknown
  /** Annotation for the model: an array of JSON values. */
  readonly examples?: unknown
}

/** A whole output schema: a {@link StructuredSchemaNode} whose root is an object. */
export type StructuredOutputSchema = StructuredSchemaNode & { readonly type: 'object' }
