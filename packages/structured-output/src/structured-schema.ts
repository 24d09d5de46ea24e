/** A JSON scalar: what `enum` and `const` may hold. */
export type StructuredScalar = string | number | boolean | null

/** The seven JSON Schema type names the subset accepts. */
export type StructuredSchemaType =
  'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean' | 'null'

/**
 * A node's `type`: one type name, or `[type, 'null']` for a nullable node (the only array of
 * types the subset accepts).
 */
export type StructuredNodeType =
  StructuredSchemaType | readonly [Exclude<StructuredSchemaType, 'null'>, 'null']

/** The annotations, allowed on every node: shown to the model, never enforced or applied. */
interface StructuredAnnotations {
  /** Annotation for the model: a string. */
  readonly description?: string
  /** Annotation for the model: a string. */
  readonly title?: string
  /** Annotation for the model: any JSON value; never applied to the output. */
  readonly default?: unknown
  /** Annotation for the model: an array of JSON values. */
  readonly examples?: unknown
}

/**
 * A node with a `type`: a JSON Schema (draft 2020-12) object restricted to the keywords that
 * `validateStructuredValue` enforces, each on the node types it belongs to. Below the root, a
 * {@link StructuredAnyOfNode} may stand where a node does.
 *
 * Arrays are `readonly` so that an `as const` schema is accepted as it is.
 */
export interface StructuredSchemaNode extends StructuredAnnotations {
  /** One type name, or `[type, 'null']` for a nullable node. */
  readonly type: StructuredNodeType
  /** `object` nodes only: the schema of each named member. */
  readonly properties?: Readonly<Record<string, StructuredSubschema>>
  /** `object` nodes only: names of members that must be present; each must be a key of `properties`. */
  readonly required?: readonly string[]
  /** `object` nodes only: `false` refuses members not named in `properties`. */
  readonly additionalProperties?: boolean
  /** `array` nodes only: the schema every element must match. */
  readonly items?: StructuredSubschema
  /** `array` nodes only: the fewest elements allowed. */
  readonly minItems?: number
  /** `array` nodes only: the most elements allowed. */
  readonly maxItems?: number
  /** Scalar nodes only: the allowed values, each of the node's type (or `null` on a nullable node). */
  readonly enum?: readonly StructuredScalar[]
  /** Scalar nodes only: the one allowed value, of the node's type. */
  readonly const?: StructuredScalar
  /** `number` and `integer` nodes only: the smallest value allowed. */
  readonly minimum?: number
  /** `number` and `integer` nodes only: the largest value allowed. */
  readonly maximum?: number
  /** `number` and `integer` nodes only: values must be greater than this. */
  readonly exclusiveMinimum?: number
  /** `number` and `integer` nodes only: values must be less than this. */
  readonly exclusiveMaximum?: number
  /** `string` nodes only: the fewest characters allowed, in code points (an emoji is one). */
  readonly minLength?: number
  /** `string` nodes only: the most characters allowed, in code points. */
  readonly maxLength?: number
  /** `string` nodes only: an ECMAScript regular expression (`u` flag) that must match somewhere. */
  readonly pattern?: string
}

/**
 * A node `{ anyOf: [node, …] }`: the value must match one alternative at least. Annotations may
 * stand beside it, nothing else: no `type` of its own (each alternative has one). Never the
 * root of an output schema.
 */
export interface StructuredAnyOfNode extends StructuredAnnotations {
  readonly anyOf: readonly StructuredSubschema[]
}

/**
 * What may stand below the root (a member of `properties`, `items`, an alternative of `anyOf`):
 * a typed node, or an `anyOf` node.
 */
export type StructuredSubschema = StructuredSchemaNode | StructuredAnyOfNode

/** A whole output schema: a typed node whose root is an object (not nullable). */
export type StructuredOutputSchema = StructuredSchemaNode & { readonly type: 'object' }
