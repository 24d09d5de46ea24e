import type { SchemaType } from './schema-spec.js'

/**
 * What a checked value turned out to be, as named in messages: the JSON kinds, the non-finite
 * numbers by name, the other JavaScript types, and `unreadable` for a value whose getter or
 * Proxy trap threw.
 */
export type ReceivedKind =
  | 'string'
  | 'number'
  | 'boolean'
  | 'null'
  | 'array'
  | 'object'
  | 'NaN'
  | 'Infinity'
  | '-Infinity'
  | 'undefined'
  | 'bigint'
  | 'symbol'
  | 'function'
  | 'unreadable'

/** The arguments themselves are not an object (`path` is always `[]`). */
export interface NotObjectIssue {
  readonly code: 'not_object'
  readonly path: readonly (string | number)[]
  readonly message: string
  readonly expected: 'object'
  readonly received: ReceivedKind
}

/** A property marked `required: true` is absent or `undefined`. */
export interface MissingIssue {
  readonly code: 'missing'
  readonly path: readonly (string | number)[]
  readonly message: string
  /** The type of the missing property; `'anyOf'` for a union prop. */
  readonly expected: SchemaType | 'anyOf'
}

/**
 * A value has another type than its property declares (also for nested objects and arrays, and
 * a fractional number where an `integer` is declared).
 */
export interface InvalidTypeIssue {
  readonly code: 'invalid_type'
  readonly path: readonly (string | number)[]
  readonly message: string
  /**
   * The declared type (without the `null` of a nullable prop); `'anyOf'` for a union prop;
   * `'any'` for an element of an array without `items`, which any JSON value would do for (it
   * is refused only when it cannot be read).
   */
  readonly expected: SchemaType | 'anyOf' | 'any'
  /** Present on a nullable prop: `null` would have done too. */
  readonly nullable?: true
  readonly received: ReceivedKind
}

/** A value of the right type is not one of its property's `enum` values. */
export interface InvalidEnumIssue {
  readonly code: 'invalid_enum'
  readonly path: readonly (string | number)[]
  readonly message: string
  /** The allowed values, in the spec's order (and `null` on a nullable prop). */
  readonly expected: readonly (string | number | null)[]
  /** The value that was given. */
  readonly received: string | number
}

/**
 * A number below the prop's `minimum` (`exclusive: false`) or not above its `exclusiveMinimum`
 * (`exclusive: true`): `"limit" must be at least 1, got 0`.
 */
export interface BelowMinimumIssue {
  readonly code: 'below_minimum'
  readonly path: readonly (string | number)[]
  readonly message: string
  readonly limit: number
  readonly exclusive: boolean
  readonly received: number
}

/**
 * A number above the prop's `maximum`, or not below its `exclusiveMaximum` (`exclusive: true`):
 * `"limit" must be at most 500, got 900`.
 */
export interface AboveMaximumIssue {
  readonly code: 'above_maximum'
  readonly path: readonly (string | number)[]
  readonly message: string
  readonly limit: number
  readonly exclusive: boolean
  readonly received: number
}

/**
 * A string shorter than the prop's `minLength`, counted in code points as JSON Schema counts (an
 * emoji is one): `received` is its length.
 */
export interface TooShortIssue {
  readonly code: 'too_short'
  readonly path: readonly (string | number)[]
  readonly message: string
  readonly limit: number
  readonly received: number
}

/** A string longer than the prop's `maxLength`: `"title" must be at most 80 characters, got 95`. */
export interface TooLongIssue {
  readonly code: 'too_long'
  readonly path: readonly (string | number)[]
  readonly message: string
  readonly limit: number
  readonly received: number
}

/** A string that the prop's `pattern` does not match (anywhere: patterns are not anchored). */
export interface PatternMismatchIssue {
  readonly code: 'pattern_mismatch'
  readonly path: readonly (string | number)[]
  readonly message: string
  readonly pattern: string
  readonly received: string
}

/** An array with fewer elements than the prop's `minItems`: `received` is its length. */
export interface TooFewItemsIssue {
  readonly code: 'too_few_items'
  readonly path: readonly (string | number)[]
  readonly message: string
  readonly limit: number
  readonly received: number
}

/** An array with more elements than the prop's `maxItems`. */
export interface TooManyItemsIssue {
  readonly code: 'too_many_items'
  readonly path: readonly (string | number)[]
  readonly message: string
  readonly limit: number
  readonly received: number
}

/**
 * No member of a union prop (`anyOf`) accepted the value. `alternatives[i]` are the issues the
 * i-th member found, with their full paths, for the first 20 members (as many as the message
 * quotes: SPEC §22); the message counts every member.
 */
export interface InvalidUnionIssue {
  readonly code: 'invalid_union'
  readonly path: readonly (string | number)[]
  readonly message: string
  readonly alternatives: readonly (readonly ArgIssue[])[]
}

/**
 * An array with holes (`[1, , 3]`, which `JSON.parse` never makes), reported once, at the
 * array, rather than once per hole: `index` is the first hole.
 */
export interface SparseArrayIssue {
  readonly code: 'sparse_array'
  readonly path: readonly (string | number)[]
  readonly message: string
  readonly index: number
}

/**
 * The arguments had more than `limit` (100) issues: the first 100 come before this one, and
 * the rest of the arguments was not checked. Its `path` is `[]`. This bounds what hostile
 * arguments can cost.
 */
export interface TooManyIssuesIssue {
  readonly code: 'too_many_issues'
  readonly path: readonly (string | number)[]
  readonly message: string
  readonly limit: number
}

/**
 * A Standard Schema (zod, valibot, arktype, …) rejected the value at `path` (SPEC §10). `message`
 * is what the library said, as given (`Invalid input: expected string, received number`);
 * `ToolArgsError` writes it after its place for the model (`"edits[3].path": Invalid input: …`).
 */
export interface InvalidIssue {
  readonly code: 'invalid'
  readonly path: readonly (string | number)[]
  readonly message: string
  /** The library's message, as given. */
  readonly reason: string
  /** The library that found it: the schema's `~standard.vendor` (`zod`, `valibot`, …). */
  readonly vendor: string
}

/**
 * One problem `checkArgs` (or `checkStandardArgs`) found, as plain readonly data: a union keyed
 * on `code`. `code` and `path` (keys and indexes from the arguments' root) are the contract;
 * `message` is written for the model, e.g. `"edits[3].path" must be a string, got number`.
 */
export type ArgIssue =
  | NotObjectIssue
  | MissingIssue
  | InvalidTypeIssue
  | InvalidEnumIssue
  | BelowMinimumIssue
  | AboveMaximumIssue
  | TooShortIssue
  | TooLongIssue
  | PatternMismatchIssue
  | TooFewItemsIssue
  | TooManyItemsIssue
  | InvalidUnionIssue
  | SparseArrayIssue
  | TooManyIssuesIssue
  | InvalidIssue
