import type { StructuredScalar } from './structured-schema.js'

/** Flattens an intersection so that hovers show one plain object type. */
type Simplify<TObject> = { [TKey in keyof TObject]: TObject[TKey] } & {}

type RequiredNames<TSchema> = TSchema extends { readonly required: readonly (infer TName)[] }
  ? TName
  : never

type InferProperties<TProperties, TRequired> = Simplify<
  {
    -readonly [TKey in keyof TProperties as TKey extends TRequired ? TKey : never]: InferStructured<
      TProperties[TKey]
    >
  } & {
    -readonly [
      TKey in keyof TProperties as TKey extends TRequired ? never : TKey
    ]?: InferStructured<TProperties[TKey]>
  }
>

type InferObject<TSchema> = TSchema extends { readonly properties: infer TProperties }
  ? string extends keyof TProperties
    ? Record<string, unknown> // a widened Record: nothing is known about the names
    : TSchema extends { readonly additionalProperties: false }
      ? [keyof TProperties] extends [never]
        ? Record<string, never> // `properties: {}`, closed: `{}` alone (the type `{}` takes `7`)
        : InferProperties<TProperties, RequiredNames<TSchema>>
      : Simplify<InferProperties<TProperties, RequiredNames<TSchema>> & Record<string, unknown>>
  : TSchema extends { readonly additionalProperties: false }
    ? Record<string, never>
    : Record<string, unknown>

type InferByType<TSchema, TType> = TType extends 'object'
  ? InferObject<TSchema>
  : TType extends 'array'
    ? TSchema extends { readonly items: infer TItems }
      ? InferStructured<TItems>[]
      : unknown[]
    : TType extends 'string'
      ? string
      : TType extends 'number' | 'integer'
        ? number
        : TType extends 'boolean'
          ? boolean
          : TType extends 'null'
            ? null
            : unknown

/**
 * The TypeScript type of the values a schema accepts, for schemas written `as const`: `required`
 * members are required, the others optional; `additionalProperties: false` closes an object, an
 * open object also admits other members (`unknown`); a closed object without members, with
 * `properties: {}` or none, is `Record<string, never>` (never `{}`, which primitives satisfy); `enum` and `const` give literal types;
 * `integer` and `number` are `number`; `items` gives the element type; `type: [T, 'null']` adds
 * `| null`; `anyOf` gives the union of its alternatives. Bounds, lengths, patterns and item
 * counts narrow nothing TypeScript can express. A widened schema type gives what little it
 * knows (`unknown` where nothing is).
 *
 * @example
 * const schema = {
 *   type: 'object',
 *   properties: {
 *     verdict: { type: 'string', enum: ['pass', 'fail'] },
 *     notes: { type: 'array', items: { type: 'string' } },
 *   },
 *   required: ['verdict'],
 *   additionalProperties: false,
 * } as const
 * type Verdict = InferStructured<typeof schema>
 * // { verdict: 'pass' | 'fail'; notes?: string[] }
 */
export type InferStructured<TSchema> = 0 extends 1 & TSchema
  ? unknown // any
  : TSchema extends { readonly anyOf: readonly (infer TAlternative)[] }
    ? InferAlternatives<TAlternative>
    : TSchema extends { readonly const: infer TConst extends StructuredScalar }
      ? TConst
      : TSchema extends { readonly enum: readonly (infer TMember extends StructuredScalar)[] }
        ? TMember
        : TSchema extends { readonly type: readonly [infer TType, 'null'] }
          ? InferByType<TSchema, TType> | null
          : TSchema extends { readonly type: infer TType }
            ? InferByType<TSchema, TType>
            : unknown

/** The union of what each alternative of an `anyOf` accepts (distributes over `TAlternative`). */
type InferAlternatives<TAlternative> = TAlternative extends unknown
  ? InferStructured<TAlternative>
  : never
