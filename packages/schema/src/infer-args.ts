import type { SchemaProp, SchemaSpec, SchemaType } from './schema-spec.js'

/** Shows an intersection as one plain object type in hovers and error messages. */
type Simplify<TObject> = { [TKey in keyof TObject]: TObject[TKey] } & {}

/** The names of the properties of `TSpec` marked `required: true`. */
type RequiredKeys<TSpec extends SchemaSpec> = {
  [TKey in keyof TSpec]-?: TSpec[TKey] extends { readonly required: true } ? TKey : never
}[keyof TSpec]

/**
 * The TypeScript type of the arguments a {@link SchemaSpec} accepts: properties marked
 * `required: true` are required keys, all others are optional keys (`?:`), and each value is
 * {@link InferPropValue} of its property. The result is one flat object type. A spec without
 * properties (`{}`, an object prop's `properties: {}`) gives `Record<string, unknown>`, an object
 * with no known members (extra keys are allowed, SPEC §3): never `{}`, which `7` and `'a string'`
 * satisfy.
 *
 * @example
 * const spec = {
 *   path: { type: 'string', required: true },
 *   encoding: { type: 'string', enum: ['utf8', 'base64'] },
 * } as const
 * type Args = InferArgs<typeof spec> // { path: string; encoding?: 'utf8' | 'base64' }
 */
export type InferArgs<TSpec extends SchemaSpec> = [keyof TSpec] extends [never]
  ? Record<string, unknown>
  : Simplify<
      { -readonly [TKey in RequiredKeys<TSpec>]: InferPropValue<TSpec[TKey]> } & {
        -readonly [TKey in Exclude<keyof TSpec, RequiredKeys<TSpec>>]?: InferPropValue<TSpec[TKey]>
      }
    >

/**
 * The TypeScript type of one property's value: `string` (or the union of a string `enum`'s
 * members), `number` for `number` and `integer` (or the union of a numeric `enum`'s members),
 * `boolean`, the inferred object of an `object`'s `properties` (`Record<string, unknown>`
 * without them, or with none in them), `InferPropValue<items>[]` for an `array` (`unknown[]` without `items`), the
 * union of the members of an `anyOf`, and `| null` with `nullable: true`. A prop typed as plain
 * {@link SchemaProp} gives the union of every possibility.
 */
export type InferPropValue<TProp extends SchemaProp> = SchemaProp extends TProp
  ? WideValue
  : TProp extends { readonly anyOf: readonly (infer TMember extends SchemaProp)[] }
    ? InferMember<TMember>
    : TProp extends { readonly type: infer TType extends SchemaType }
      ? InferByType<TProp, TType> | (TProp extends { readonly nullable: true } ? null : never)
      : never

/** What a prop typed as the whole {@link SchemaProp} union may hold. */
type WideValue = string | number | boolean | Record<string, unknown> | unknown[] | null

/** A member of an `anyOf` (kept apart so the distribution over members stays explicit). */
type InferMember<TMember extends SchemaProp> = TMember extends SchemaProp
  ? InferPropValue<TMember>
  : never

/** Distributes over `TType`, so that a prop whose `type` is a union gives every possibility. */
type InferByType<TProp extends SchemaProp, TType extends SchemaType> = TType extends 'string'
  ? InferEnum<TProp, string>
  : TType extends 'number' | 'integer'
    ? InferEnum<TProp, number>
    : TType extends 'boolean'
      ? boolean
      : TType extends 'object'
        ? InferObject<TProp>
        : TType extends 'array'
          ? InferArray<TProp>
          : never

type InferEnum<TProp extends SchemaProp, TBase extends string | number> = TProp extends {
  readonly enum: readonly (infer TMember extends TBase)[]
}
  ? TMember
  : TBase

type InferObject<TProp extends SchemaProp> = TProp extends {
  readonly properties: infer TProperties extends SchemaSpec
}
  ? InferArgs<TProperties>
  : Record<string, unknown>

type InferArray<TProp extends SchemaProp> = TProp extends {
  readonly items: infer TItems extends SchemaProp
}
  ? InferPropValue<TItems>[]
  : unknown[]
