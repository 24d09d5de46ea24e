import type { StructuredScalar } from '../../structured-schema.js'
import type {
  AnyOfNodeDefinition,
  NodeDefinition,
  TypedNodeDefinition,
} from '../node-definition.js'

/** Keys and indexes from the root value to a place. A fresh array per issue. */
export type IssuePath = (string | number)[]

/**
 * One thing wrong with a value, as the engine finds it: the place, the node that refused it and
 * what was there, never words. Each front end writes its own messages from these (with the one
 * describer and path writer of `@toolpipe/core/internal`), so the engine is shared and the
 * wording of each package stays its own.
 */
export type RawIssue =
  /** Not of the node's type (nor `null` on a nullable node). */
  | {
      readonly code: 'invalid_type'
      readonly path: IssuePath
      readonly node: TypedNodeDefinition
      readonly value: unknown
    }
  /** A required member is absent or `undefined`; `path` ends with its name, `node` is its node. */
  | { readonly code: 'missing'; readonly path: IssuePath; readonly node: NodeDefinition }
  /** A member that a closed object (`additionalProperties: false`) does not name. */
  | { readonly code: 'unknown_property'; readonly path: IssuePath }
  | {
      readonly code: 'invalid_enum'
      readonly path: IssuePath
      readonly node: TypedNodeDefinition
      readonly value: StructuredScalar
    }
  | {
      readonly code: 'invalid_const'
      readonly path: IssuePath
      readonly node: TypedNodeDefinition
      readonly value: StructuredScalar
    }
  /** `minimum` (or `exclusiveMinimum`, then `exclusive`) refused `value`. */
  | {
      readonly code: 'below_minimum' | 'above_maximum'
      readonly path: IssuePath
      readonly node: TypedNodeDefinition
      readonly value: number
      readonly limit: number
      readonly exclusive: boolean
    }
  /** `minLength`/`maxLength` refused a string of `length` code points. */
  | {
      readonly code: 'too_short' | 'too_long'
      readonly path: IssuePath
      readonly node: TypedNodeDefinition
      readonly value: string
      readonly limit: number
      readonly length: number
    }
  | {
      readonly code: 'pattern_mismatch'
      readonly path: IssuePath
      readonly node: TypedNodeDefinition
      readonly value: string
    }
  /** `minItems`/`maxItems` refused an array of `count` elements. */
  | {
      readonly code: 'too_few_items' | 'too_many_items'
      readonly path: IssuePath
      readonly node: TypedNodeDefinition
      readonly limit: number
      readonly count: number
    }
  /**
   * No alternative of an `anyOf` accepted the value; `alternatives[i]` are the issues of the i-th,
   * for the first 20 at most (`node.anyOf` counts them all). `wanted`: when every alternative
   * refused the value's type alone, a node of each type (and nullability) they wanted, in order;
   * otherwise `undefined`.
   */
  | {
      readonly code: 'invalid_union'
      readonly path: IssuePath
      readonly node: AnyOfNodeDefinition
      readonly value: unknown
      readonly alternatives: readonly (readonly RawIssue[])[]
      readonly wanted: readonly TypedNodeDefinition[] | undefined
    }
  /** An array with a hole, reported once at the array: `index` is the first hole. */
  | { readonly code: 'sparse_array'; readonly path: IssuePath; readonly index: number }
  /** A container that is one of its own ancestors (plain-data dialect only). */
  | { readonly code: 'cycle'; readonly path: IssuePath; readonly ancestorPath: IssuePath }
  /**
   * Reading the value at `path` threw (a getter, a Proxy trap, a revoked Proxy); `node` is the
   * node that describes it, when the schema describes it.
   */
  | {
      readonly code: 'unreadable'
      readonly path: IssuePath
      readonly node: NodeDefinition | undefined
      readonly error: unknown
    }
  /** The issue budget ran out: the walk stopped, and `limit` issues were kept. */
  | { readonly code: 'too_many_issues'; readonly path: IssuePath; readonly limit: number }
