import type { JsonValue } from '@toolpipe/core'
import type { Validator } from '@toolpipe/structured-output/internal'
import type { SchemaType } from '../schema-spec.js'
import type { ArgIssueWording } from './arg-issue-wording.js'

/** A property of a spec, read once and checked: what `schemaSpecToJsonSchema` writes out. */
export interface CompiledProp {
  /** The member name in the object that holds it; `''` for array items. */
  readonly key: string
  readonly type: SchemaType
  readonly required: boolean
  readonly description: string | undefined
  /** A frozen copy of the allowed values. */
  readonly enumValues: readonly string[] | undefined
  /** A frozen snapshot of the default; `undefined` when there is none (`null` is a default). */
  readonly defaultValue: JsonValue | undefined
  /** The members of an object with `properties`, in declaration order. */
  readonly fields: readonly CompiledProp[] | undefined
  readonly items: CompiledProp | undefined
}

/** A whole spec, compiled once: its members, and the engine that validates arguments. */
export interface CompiledSpec {
  readonly fields: readonly CompiledProp[]
  /** `@toolpipe/structured-output`'s engine, compiled from the spec's JSON Schema. */
  readonly validator: Validator
  /** The words of its issues, kept per node. */
  readonly wording: ArgIssueWording
}
