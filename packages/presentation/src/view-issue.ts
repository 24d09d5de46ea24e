/** Where an issue sits: the keys and indexes from the view's root, e.g. `['diffs', 0, 'path']`. */
export type ViewIssuePath = readonly (string | number)[]

interface ViewIssueBase {
  /** Keys and indexes from the view to the place; `[]` is the view itself. */
  readonly path: ViewIssuePath
  /** For people, such as `"locations[0].line" must be a positive integer, got 0`. */
  readonly message: string
}

/** The view itself is not a plain object (`path` is `[]`). */
export interface ViewNotObjectIssue extends ViewIssueBase {
  readonly code: 'not_object'
  readonly expected: 'object'
  /** What was found: `array`, `null`, `string`, `an instance of Map`… */
  readonly received: string
}

/** A required member is absent or `undefined`; `path` ends with its name. */
export interface ViewMissingIssue extends ViewIssueBase {
  readonly code: 'missing'
}

/** A member has the wrong JavaScript type, or is an object that is not plain data. */
export interface ViewTypeIssue extends ViewIssueBase {
  readonly code: 'invalid_type'
  /** What the place takes, such as `string`, `string or null`, `array`, `object`. */
  readonly expected: string
  readonly received: string
}

/** A member of the right type with a value outside its domain (an unknown `card`, a `line` of 0…). */
export interface ViewValueIssue extends ViewIssueBase {
  readonly code: 'invalid_value'
  /** What the place takes, such as `a positive integer` or `one of "generic", "terminal", "diff"`. */
  readonly expected: string
  /** The value found, written as JSON (long strings shortened). */
  readonly received: string
}

/** A member the card (or file location, or file diff) does not have, such as `exitcode`. */
export interface ViewUnknownPropertyIssue extends ViewIssueBase {
  readonly code: 'unknown_property'
}

/** A terminal result has both `exitCode` and `signal`; `path` is `['signal']`. */
export interface ViewExclusiveIssue extends ViewIssueBase {
  readonly code: 'exclusive'
}

/**
 * A place cannot be JSON data: `rawInput` or a content block member that `snapshotJson` refuses,
 * a hole in a sparse array, nesting deeper than 512 containers, or a getter or Proxy trap that
 * threw while the view was read.
 */
export interface ViewNotJsonIssue extends ViewIssueBase {
  readonly code: 'not_json'
}

/**
 * One thing wrong with a presenter's view, as plain readonly data: `code` and `path` are the
 * contract, `message` is for people.
 */
export type ViewIssue =
  | ViewNotObjectIssue
  | ViewMissingIssue
  | ViewTypeIssue
  | ViewValueIssue
  | ViewUnknownPropertyIssue
  | ViewExclusiveIssue
  | ViewNotJsonIssue
