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
 * {@link InferPropValue} of its property. The result is one flat object type.
 *
 * @example
 * const spec = {
 *   path: { type: 'string', required: true },
 *   encoding: { type: 'string', enum: ['utf8', 'base64'] },
 * } as const
 * type Args = InferArgs<typeof spec> // { path: string; encoding?: 'utf8' | 'base64' }
 */
export type InferArgs<TSpec extends SchemaSpec> = Simplify<
  { -readonly [TKey in RequiredKeys<TSpec>]: InferPropValue<TSpec[TKey]> } & {
    -readonly [TKey in Exclude<keyof TSpec, RequiredKeys<TSpec>>]?: InferPropValue<TSpec[TKey]>
  }
>

/**
 * The TypeScript type of one property's value: `string` (or the union of a string `enum`'s
 * members), `number`, `boolean`, the inferred object of an `object`'s `properties`
 * (`Record<string, unknown>` without them), and `InferPropValue<items>[]` for an `array`
 * (`unknown[]` without `items`). A property whose `type` is the whole {@link SchemaType} union
 * gives the union of all of these.
 */
export type InferPropValue<TProp extends SchemaProp> = InferByType<TProp, TProp['type']>

/** Distributes over `TType`, so that a prop typed as plain `SchemaProp` gives every possibility. */
type InferByType<TProp extends SchemaProp, TType extends SchemaType> = TType extends 'string'
  ? InferString<TProp>
  : TType extends 'number'
    ? number
    : TType extends 'boolean'
      ? boolean
      : TType extends 'object'
        ? InferObject<TProp>
        : TType extends 'array'
          ? InferArray<TProp>
          : never

type InferString<TProp extends SchemaProp> = TProp extends {
  readonly enum: readonly (infer TMember extends string)[]
}
  ? TMember
  : string

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
