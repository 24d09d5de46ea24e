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
  /** The node's type. */
  readonly expected: StructuredSchemaType
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
 * A container the schema describes cannot be JSON data: a sparse array (reported once, at the
 * array, naming the first hole), a cycle back to an enclosing container, or a getter or Proxy
 * trap that threw while it was read.
 */
export interface StructuredNotJsonIssue extends IssueBase {
  readonly code: 'not_json'
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
  | StructuredNotJsonIssue
