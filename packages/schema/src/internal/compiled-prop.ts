import type { JsonValue } from '@toolpipe/core'
import type { SchemaType } from '../schema-spec.js'

/** What the validators switch on: small integers keep the switch a jump table. */
export const kindString = 0
export const kindEnum = 1
export const kindNumber = 2
export const kindBoolean = 3
export const kindObject = 4
export const kindArray = 5
export type CompiledKind = 0 | 1 | 2 | 3 | 4 | 5

/**
 * A property of a spec, checked once and flattened into what the validators need. Every compiled
 * prop has every field (`undefined` where it does not apply), so that the validators see one
 * object shape and stay monomorphic.
 */
export interface CompiledProp {
  /** The member name in the object that holds it; `''` for the root and for array items. */
  readonly key: string
  /** Where it sits among its object's `fields`; 0 for the root and for array items. */
  readonly position: number
  readonly kind: CompiledKind
  readonly type: SchemaType
  readonly required: boolean
  readonly description: string | undefined
  /** A frozen copy of the allowed values. */
  readonly enumValues: readonly string[] | undefined
  /**
   * The quoted path of the value in the arguments, `"options.mode"`, when it has no array index
   * (then it is the same for every call and is written once, at compile time).
   */
  readonly subject: string | undefined
  /** What messages say after the subject: ` must be a string, got ` or ` must be one of "a", "b", got `. */
  readonly expectation: string
  /** For long enums, a set: membership in constant time. */
  readonly enumSet: ReadonlySet<string> | undefined
  /** A frozen snapshot of the default; `undefined` when there is none (`null` is a default). */
  readonly defaultValue: JsonValue | undefined
  /** The members of an object with `properties`, in declaration order. */
  readonly fields: readonly CompiledProp[] | undefined
  /** How many of `fields` are required. */
  readonly requiredCount: number
  /** For objects with many members, each member by name. */
  readonly fieldsByKey: ReadonlyMap<string, CompiledProp> | undefined
  readonly items: CompiledProp | undefined
}
