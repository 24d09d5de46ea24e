/**
 * The keywords that constrain a string or a number, with the types they belong on, in the order
 * messages list them: JSON Schema's placement, which the schema spec DSL of `@toolpipe/schema`
 * follows too. Each keyword table (this package's subset, the DSL's keywords) spreads it.
 */
export const scalarPlacements: readonly (readonly [
  string,
  readonly ('string' | 'number' | 'integer')[],
])[] = [
  ['minLength', ['string']],
  ['maxLength', ['string']],
  ['pattern', ['string']],
  ['minimum', ['number', 'integer']],
  ['maximum', ['number', 'integer']],
  ['exclusiveMinimum', ['number', 'integer']],
  ['exclusiveMaximum', ['number', 'integer']],
]
