import type { ViewIssue, ViewIssuePath } from '../view-issue.js'

/**
 * The deepest nesting of containers a view may have, the view itself counted, as in
 * `snapshotJson`'s default. Only nested `tool-result` content blocks can go deep.
 */
export const maxViewDepth = 512

/** What a failed read returns, after it recorded its issues. */
export const invalid: unique symbol = Symbol('invalid view member')
export type Invalid = typeof invalid

/** The issues one read of a view collects. */
export interface ReadContext {
  readonly issues: ViewIssue[]
}

/**
 * Reads and checks one member value found at `path`, `depth` containers below the view's root;
 * returns its detached copy, or {@link invalid} after recording why.
 */
export type MemberReader = (
  context: ReadContext,
  value: unknown,
  path: ViewIssuePath,
  depth: number,
) => unknown

/** One member of a shape. */
export interface MemberRule {
  readonly required: boolean
  readonly read: MemberReader
}

/** The members an object may have, with how each is read. */
export type Shape = Readonly<Record<string, MemberRule>>

/**
 * What to do with members a shape does not name: refuse them (cards, file locations, file
 * diffs: a typo such as `exitcode` must not pass) or keep them when they are JSON data (content
 * blocks, whose types other packages may extend).
 */
export type ExtraMembers = { readonly refuse: string } | 'keep-json'

/** The shape a discriminant picks, and what to do with members it does not name. */
export interface Variant {
  readonly shape: Shape
  readonly extra: ExtraMembers
  /** Rules across members (exclusive ones), given the members present; records its issues. */
  readonly check?: (
    context: ReadContext,
    members: ReadonlyMap<string, unknown>,
    path: ViewIssuePath,
  ) => void
}

/**
 * Picks the variant for a discriminant value, or records why there is none and returns
 * {@link invalid}.
 */
export type VariantPicker = (
  context: ReadContext,
  discriminant: string,
  path: ViewIssuePath,
) => Variant | Invalid
