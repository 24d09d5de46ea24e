import type { StructuredScalar, StructuredSchemaType } from './structured-schema.js'

/** Where an issue sits: the keys and indexes from the root value, e.g. `['rows', 3, 'status']`. */
export type StructuredIssuePath = readonly (string | number)[]

interface IssueBase {
  /** Keys and indexes from the root value to the place; `[]` is the root itself. */
  readonly path: StructuredIssuePath
  /** For people and models, such as `"rows[3].rank" must be an integer, got 1.5`. */
  readonly message: string
}

/** The value is not of the node's `type` (a non-JSON value where a type is expected included). */
export interface StructuredTypeIssue extends IssueBase {
  readonly code: 'invalid_type'
  /** The node's type (without the `null` of a nullable node). */
  readonly expected: StructuredSchemaType
  /** Present on a nullable node (`type: [expected, 'null']`): `null` would have done too. */
  readonly nullable?: true
  /**
   * What was found: a JSON type name (`string`, `number`, `integer`… never: a fractional number
   * is `number`), or a description of a non-JSON value (`undefined`, `NaN`, `an instance of Map`).
   */
  readonly received: string
}

/** A `required` member is absent, or present as `undefined`; `path` ends with its name. */
export interface StructuredMissingIssue extends IssueBase {
  readonly code: 'missing'
}

/** A member not named in `properties` under `additionalProperties: false`; `path` ends with it. */
export interface StructuredUnknownPropertyIssue extends IssueBase {
  readonly code: 'unknown_property'
}

/** A value of the right type that is not one of the node's `enum` members. */
export interface StructuredEnumIssue extends IssueBase {
  readonly code: 'invalid_enum'
  readonly expected: readonly StructuredScalar[]
  readonly received: StructuredScalar
}

/** A value of the right type that is not the node's `const`. */
export interface StructuredConstIssue extends IssueBase {
  readonly code: 'invalid_const'
  readonly expected: StructuredScalar
  readonly received: StructuredScalar
}

/**
 * A number below the node's `minimum` (`exclusive: false`) or not above its `exclusiveMinimum`
 * (`exclusive: true`): `"score" must be at least 0, got -1`.
 */
export interface StructuredBelowMinimumIssue extends IssueBase {
  readonly code: 'below_minimum'
  readonly limit: number
  readonly exclusive: boolean
  readonly received: number
}

/** A number above the node's `maximum`, or not below its `exclusiveMaximum` (`exclusive: true`). */
export interface StructuredAboveMaximumIssue extends IssueBase {
  readonly code: 'above_maximum'
  readonly limit: number
  readonly exclusive: boolean
  readonly received: number
}

/**
 * A string shorter than the node's `minLength`, counted in code points as JSON Schema counts
 * (an emoji is one): `received` is its length.
 */
export interface StructuredTooShortIssue extends IssueBase {
  readonly code: 'too_short'
  readonly limit: number
  readonly received: number
}

/** A string longer than the node's `maxLength`, in code points: `"title" must be at most 80 characters, got 95`. */
export interface StructuredTooLongIssue extends IssueBase {
  readonly code: 'too_long'
  readonly limit: number
  readonly received: number
}

/** A string in which the node's `pattern` finds no match (the pattern is not anchored). */
export interface StructuredPatternIssue extends IssueBase {
  readonly code: 'pattern_mismatch'
  /** The node's `pattern`, as written. */
  readonly pattern: string
  readonly received: string
}

/** An array with fewer elements than the node's `minItems`: `received` is its length. */
export interface StructuredTooFewItemsIssue extends IssueBase {
  readonly code: 'too_few_items'
  readonly limit: number
  readonly received: number
}

/** An array with more elements than the node's `maxItems`: `received` is its length. */
export interface StructuredTooManyItemsIssue extends IssueBase {
  readonly code: 'too_many_items'
  readonly limit: number
  readonly received: number
}

/**
 * No alternative of an `anyOf` node accepts the value. `alternatives[i]` holds the issues the
 * i-th alternative found, with their own paths from the root, for the first 20 alternatives (as
 * many as the message quotes: SPEC §22); the message counts every alternative.
 */
export interface StructuredUnionIssue extends IssueBase {
  readonly code: 'invalid_union'
  readonly alternatives: readonly (readonly StructuredIssue[])[]
}

/**
 * A container the schema describes cannot be JSON data: a sparse array (reported once, at the
 * array, naming the first hole), a cycle back to an enclosing container, or a getter or Proxy
 * trap that threw while it was read.
 */
export interface StructuredNotJsonIssue extends IssueBase {
  readonly code: 'not_json'
}

/**
 * The value had more than `limit` (100) issues: the first 100 are listed before this one, and
 * the rest of the value was not checked. Its `path` is `[]`. This bounds what a hostile value
 * can cost.
 */
export interface StructuredTooManyIssuesIssue extends IssueBase {
  readonly code: 'too_many_issues'
  readonly limit: number
}

/**
 * One thing wrong with a structured value, as plain data: `code` and `path` are the contract,
 * `message` is for people and models.
 */
export type StructuredIssue =
  | StructuredTypeIssue
  | StructuredMissingIssue
  | StructuredUnknownPropertyIssue
  | StructuredEnumIssue
  | StructuredConstIssue
  | StructuredBelowMinimumIssue
  | StructuredAboveMaximumIssue
  | StructuredTooShortIssue
  | StructuredTooLongIssue
  | StructuredPatternIssue
  | StructuredTooFewItemsIssue
  | StructuredTooManyItemsIssue
  | StructuredUnionIssue
  | StructuredNotJsonIssue
  | StructuredTooManyIssuesIssue
