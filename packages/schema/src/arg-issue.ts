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
  /** The type of the missing property. */
  readonly expected: SchemaType
}

/** A value has another type than its property declares (also for nested objects and arrays). */
export interface InvalidTypeIssue {
  readonly code: 'invalid_type'
  readonly path: readonly (string | number)[]
  readonly message: string
  readonly expected: SchemaType
  readonly received: ReceivedKind
}

/** A string is not one of its property's `enum` values. */
export interface InvalidEnumIssue {
  readonly code: 'invalid_enum'
  readonly path: readonly (string | number)[]
  readonly message: string
  /** The allowed values, in the spec's order. */
  readonly expected: readonly string[]
  /** The string that was given. */
  readonly received: string
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
 * One problem `checkArgs` found, as plain readonly data: a union keyed on `code`. `code` and
 * `path` (keys and indexes from the arguments' root) are the contract; `message` is written for
 * the model, e.g. `"edits[3].path" must be a string, got number`.
 */
export type ArgIssue =
  | NotObjectIssue
  | MissingIssue
  | InvalidTypeIssue
  | InvalidEnumIssue
  | SparseArrayIssue
  | TooManyIssuesIssue
