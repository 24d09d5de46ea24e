import type { StructuredScalar, StructuredSchemaType } from '../structured-schema.js'
import type { NumberBounds } from './number-bounds.js'

/**
 * A schema node as it was read, once, and checked: every keyword the engine enforces, in the
 * form it needs. Issues point back at the node they concern, so that each front end (this
 * package's `validateStructuredValue`, `@toolpipe/schema`'s `checkArgs`) can word them.
 */
export type NodeDefinition = TypedNodeDefinition | AnyOfNodeDefinition

/** A node with a `type`: one type name, or `[type, 'null']` (`nullable`). */
export interface TypedNodeDefinition extends NumberBounds {
  readonly kind: 'typed'
  /** The type, without the `null` of a nullable node. */
  readonly type: StructuredSchemaType
  /** `type: [T, 'null']`: `null` is accepted too. */
  readonly nullable: boolean
  /** `object`: the declared members, in schema order. */
  readonly properties: readonly PropertyDefinition[]
  /** `object`: `additionalProperties: false`. */
  readonly closed: boolean
  /** `array`: the node every element must match. */
  readonly items: NodeDefinition | undefined
  readonly minItems: number | undefined
  readonly maxItems: number | undefined
  /** `enum`, in schema order: scalars of the node's type (or `null` on a nullable node). */
  readonly enumValues: readonly StructuredScalar[] | undefined
  readonly hasConst: boolean
  readonly constValue: StructuredScalar
  /** In code points, as JSON Schema counts string length. */
  readonly minLength: number | undefined
  readonly maxLength: number | undefined
  /** `pattern`: its text, and the expression compiled with the `u` flag (never `g` or `y`). */
  readonly pattern: { readonly source: string; readonly expression: RegExp } | undefined
}

/** A node `{ anyOf: [node, …] }`: valid when one alternative at least accepts the value. */
export interface AnyOfNodeDefinition {
  readonly kind: 'anyOf'
  readonly anyOf: readonly NodeDefinition[]
}

/** One member of an object node's `properties`. */
export interface PropertyDefinition {
  readonly key: string
  readonly node: NodeDefinition
  readonly required: boolean
}

/** The keywords of a typed node that are not set, to spread into a definition. */
export const unconstrained = {
  properties: [],
  closed: false,
  items: undefined,
  minItems: undefined,
  maxItems: undefined,
  enumValues: undefined,
  hasConst: false,
  constValue: null,
  minimum: undefined,
  maximum: undefined,
  exclusiveMinimum: undefined,
  exclusiveMaximum: undefined,
  minLength: undefined,
  maxLength: undefined,
  pattern: undefined,
} as const satisfies Omit<TypedNodeDefinition, 'kind' | 'type' | 'nullable'>
