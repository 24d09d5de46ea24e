import type { JsonValue } from '@toolpipe/core'
import type { NumberBounds, Validator } from '@toolpipe/structured-output/internal'
import type { SchemaType } from '../schema-spec.js'
import type { ArgIssueWording } from './arg-issue-wording.js'
import type { FusedWalk } from './fused-walk.js'

/** A property of a spec, read once and checked: what `schemaSpecToJsonSchema` writes out. */
export type CompiledProp = CompiledTypedProp | CompiledAnyOfProp

/** What every compiled prop has. */
interface CompiledPropBase {
  /** The member name in the object that holds it; `''` for array items and `anyOf` members. */
  readonly key: string
  readonly required: boolean
  readonly description: string | undefined
}

/** A prop with a `type`, and every keyword it may carry (`undefined` when not set). */
export interface CompiledTypedProp extends CompiledPropBase, NumberBounds {
  readonly kind: 'typed'
  readonly type: SchemaType
  readonly nullable: boolean
  /** A frozen copy of the allowed values (strings, or numbers on `number` and `integer`). */
  readonly enumValues: readonly (string | number)[] | undefined
  /** A snapshot of the default (each JSON Schema written copies it); `undefined` when there is none (`null` is a default). */
  readonly defaultValue: JsonValue | undefined
  readonly minLength: number | undefined
  readonly maxLength: number | undefined
  readonly pattern: string | undefined
  readonly minItems: number | undefined
  readonly maxItems: number | undefined
  /** The members of an object with `properties`, in declaration order. */
  readonly fields: readonly CompiledProp[] | undefined
  readonly items: CompiledProp | undefined
}

/** A union prop: `{ anyOf: [prop, …] }`, with no `type` of its own. */
export interface CompiledAnyOfProp extends CompiledPropBase {
  readonly kind: 'anyOf'
  readonly members: readonly CompiledProp[]
}

/** A whole spec, compiled once: its members, and the engine that validates arguments. */
export interface CompiledSpec {
  readonly fields: readonly CompiledProp[]
  /** `@toolpipe/structured-output`'s engine, compiled from the spec's JSON Schema. */
  readonly validator: Validator
  /** The words of its issues, kept per node. */
  readonly wording: ArgIssueWording
  /**
   * The failure path written for the spec (fused-walk.ts): `undefined` until arguments first
   * fail, then the walk, or `null` when the spec has none.
   */
  fused: FusedWalk | null | undefined
}
