/** The six value types of the schema DSL, the JSON Schema `type` names of tool parameters. */
export type SchemaType = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array'

/**
 * What every typed prop may say. Each keyword that belongs to another type is declared `never`
 * on the props it does not belong to, so TypeScript refuses `minLength` on a number or
 * `enum: [1]` on a string, even in a spec written inline in a generic call.
 */
interface TypedPropBase {
  /**
   * `true` makes the property required in the object that holds it. A per-property flag, not
   * JSON Schema's `required` array (which `schemaSpecToJsonSchema` builds from it). Ignored on an
   * array's `items` and on the members of an `anyOf`.
   */
  readonly required?: true
  /** What the property means, for the model; copied into the JSON Schema. */
  readonly description?: string
  /** `true` also accepts `null` (JSON Schema `type: [T, 'null']`). */
  readonly nullable?: true
  /** An annotation shown to the model; never applied to arguments. Must match its own property. */
  readonly default?: unknown
  /** Only on a union prop, which has no `type` of its own. */
  readonly anyOf?: never
}

/** The string keywords, absent from every other typed prop. */
interface NoStringKeywords {
  readonly minLength?: never
  readonly maxLength?: never
  readonly pattern?: never
}

/** The number keywords, absent from every non-numeric prop. */
interface NoNumberKeywords {
  readonly minimum?: never
  readonly maximum?: never
  readonly exclusiveMinimum?: never
  readonly exclusiveMaximum?: never
}

/** The array keywords, absent from every other typed prop. */
interface NoArrayKeywords {
  readonly items?: never
  readonly minItems?: never
  readonly maxItems?: never
}

/** A string: its `enum` holds strings; lengths are counted in code points. */
export interface StringProp extends TypedPropBase, NoNumberKeywords, NoArrayKeywords {
  readonly type: 'string'
  /** The allowed values, never empty. */
  readonly enum?: readonly string[]
  /** The least number of characters (code points, as JSON Schema counts them). */
  readonly minLength?: number
  /** The greatest number of characters (code points). */
  readonly maxLength?: number
  /** An ECMAScript regular expression (`u` flag) the string must match; not anchored. */
  readonly pattern?: string
  readonly properties?: never
}

/** A finite number (`number`), or a whole one (`integer`): its `enum` holds numbers. */
export interface NumberProp extends TypedPropBase, NoStringKeywords, NoArrayKeywords {
  readonly type: 'number' | 'integer'
  /** The allowed values, never empty (whole numbers on an `integer`). */
  readonly enum?: readonly number[]
  readonly minimum?: number
  readonly maximum?: number
  readonly exclusiveMinimum?: number
  readonly exclusiveMaximum?: number
  readonly properties?: never
}

/** `true` or `false`. */
export interface BooleanProp
  extends TypedPropBase, NoStringKeywords, NoNumberKeywords, NoArrayKeywords {
  readonly type: 'boolean'
  readonly enum?: never
  readonly properties?: never
}

/** An object: with `properties`, those members (extra keys allowed); without, any object. */
export interface ObjectProp
  extends TypedPropBase, NoStringKeywords, NoNumberKeywords, NoArrayKeywords {
  readonly type: 'object'
  readonly enum?: never
  /** The members of the object; without it, any object is accepted. */
  readonly properties?: SchemaSpec
}

/** An array: every element matches `items` (any element without it). */
export interface ArrayProp extends TypedPropBase, NoStringKeywords, NoNumberKeywords {
  readonly type: 'array'
  readonly enum?: never
  /** The schema of every element; its `required` flag is ignored. */
  readonly items?: SchemaProp
  readonly minItems?: number
  readonly maxItems?: number
  readonly properties?: never
}

/**
 * A union: the value matches at least one member (JSON Schema `anyOf`). It has no `type` of its
 * own; each member is a full prop, whose own `required` flag is ignored.
 */
export interface AnyOfProp extends NoStringKeywords, NoNumberKeywords, NoArrayKeywords {
  /** The alternatives, never empty. */
  readonly anyOf: readonly SchemaProp[]
  /** As on any prop: required in the object that holds it. */
  readonly required?: true
  /** What the property means, for the model. */
  readonly description?: string
  /** The members carry these; the union itself does not. */
  readonly type?: never
  readonly nullable?: never
  readonly default?: never
  readonly enum?: never
  readonly properties?: never
}

/**
 * One property of a tool's parameters: a typed prop ({@link StringProp}, {@link NumberProp},
 * {@link BooleanProp}, {@link ObjectProp}, {@link ArrayProp}) or a union ({@link AnyOfProp}).
 * Every field is readonly so that a spec written inline in a generic call with a `const` type
 * parameter (which infers readonly objects and tuples), or declared `as const`, is accepted as
 * it is.
 */
export type SchemaProp = StringProp | NumberProp | BooleanProp | ObjectProp | ArrayProp | AnyOfProp

/**
 * A tool's parameters: property name → {@link SchemaProp}, in declaration order.
 *
 * @example
 * const readFile = {
 *   path: { type: 'string', required: true, description: 'file to read' },
 *   limit: { type: 'integer', minimum: 1, maximum: 500 },
 *   encoding: { type: 'string', enum: ['utf8', 'base64'] },
 * } as const satisfies SchemaSpec
 */
export type SchemaSpec = Readonly<Record<string, SchemaProp>>
