import {
  describeThrown,
  describeType,
  describeValue,
  listValues,
  quoteString,
} from '@toolpipe/core/internal'
import type {
  StructuredIssue,
  StructuredNotJsonIssue,
  StructuredTypeIssue,
} from '../structured-issue.js'
import type { StructuredScalar, StructuredSchemaType } from '../structured-schema.js'
import type { IssuePath, RawIssue } from './engine/raw-issue.js'
import { isLimitIssue, wordLimitIssue, wordTooManyIssues } from './limit-issue-words.js'
import { quotePlace } from './quote-place.js'
import type { TypedNodeDefinition } from './node-definition.js'
import { unionMessage } from './union-issue-words.js'
import type { UnionWords } from './union-issue-words.js'

// `validateStructuredValue`'s wording of the engine's issues. Only reached when something is
// wrong, so it may allocate freely.

const article: Record<StructuredSchemaType, string> = {
  object: 'an object',
  array: 'an array',
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  boolean: 'a boolean',
  null: 'null',
}

/** The place an issue is about: `"rows[3].status"`, or `the value` for the root (long keys cut). */
function place(path: readonly (string | number)[]): string {
  return quotePlace(path, 'the value')
}

/** ` in "summary"` for a member of a nested object; nothing for a member of the root. */
function within(path: IssuePath): string {
  return path.length <= 1 ? '' : ` in ${place(path.slice(0, -1))}`
}

/** The member name a path ends with, as JSON: `"title"`. */
function keyText(path: IssuePath): string {
  return quoteString(String(path[path.length - 1]))
}

/** What the messages about one node say, worked out once per node. */
interface NodeWords {
  /** `an integer`, `a string or null`. */
  readonly expected: string
  /** What an `invalid_type` message says after the place: ` must be an integer, got `. */
  readonly typeExpectation: string
  /**
   * What an `invalid_enum` message says after the place: ` must be one of "a", "b", got `; the
   * first 20 members, then ` and <n> more`.
   */
  readonly enumExpectation: string
  /** The `enum` members, frozen once and shared by every issue. */
  readonly frozenMembers: readonly StructuredScalar[]
}

/**
 * Words the engine's issues as `validateStructuredValue` reports them. One per compiled
 * schema: what is said about each node is worked out on its first issue and kept.
 */
export class StructuredIssueWording {
  readonly #words = new Map<TypedNodeDefinition, NodeWords>()
  /** The places of the root's members, quoted once: `"title"`. */
  readonly #memberPlaces = new Map<string, string>()
  readonly #unionWords: UnionWords = {
    alternatives: 'alternatives of its "anyOf"',
    subject: place,
    expected: (node) => this.#wordsOf(node).expected,
  }

  /** The issues, worded. */
  word(issues: readonly RawIssue[]): StructuredIssue[] {
    return issues.map((issue) => this.#wordIssue(issue))
  }

  #wordsOf(node: TypedNodeDefinition): NodeWords {
    let words = this.#words.get(node)
    // A memo: without it (→ true, or no set below) the same words are made again.
    // Stryker disable next-line ConditionalExpression: see above
    if (words === undefined) {
      // Stryker disable next-line ArrayDeclaration: only an enum issue reads the members, and it has them
      const members = node.enumValues ?? []
      const expected = node.nullable ? `${article[node.type]} or null` : article[node.type]
      words = {
        expected,
        typeExpectation: ` must be ${expected}, got `,
        enumExpectation: ` must be one of ${listValues(members)}, got `,
        frozenMembers: Object.freeze([...members]),
      }
      // Stryker disable next-line CallExpression: a memo, see above
      this.#words.set(node, words)
    }
    return words
  }

  /** {@link place}, kept for the root's members (the commonest places by far). */
  #place(path: IssuePath): string {
    const key = path.length === 1 ? path[0] : undefined
    // A memo for string keys only (an index is cheap to write): either way the same text.
    // Stryker disable next-line ConditionalExpression,StringLiteral: see above
    if (typeof key !== 'string') return place(path)
    let text = this.#memberPlaces.get(key)
    // Stryker disable next-line ConditionalExpression: a memo, see above
    if (text === undefined) {
      text = place(path)
      // Stryker disable next-line CallExpression: a memo, see above
      this.#memberPlaces.set(key, text)
    }
    return text
  }

  #wordIssue(issue: RawIssue): StructuredIssue {
    const { path } = issue
    switch (issue.code) {
      case 'invalid_type':
        return this.#typeIssue(issue.node, issue.value, path)
      case 'invalid_enum': {
        const words = this.#wordsOf(issue.node)
        return {
          code: 'invalid_enum',
          path,
          message: this.#place(path) + words.enumExpectation + describeValue(issue.value),
          expected: words.frozenMembers,
          received: issue.value,
        }
      }
      case 'invalid_union':
        return this.#unionIssue(issue, path)
      default:
        return wordIssue(issue)
    }
  }

  #typeIssue(node: TypedNodeDefinition, value: unknown, path: IssuePath): StructuredTypeIssue {
    const received = describeType(value)
    const got = received === 'number' && node.type === 'integer' ? describeValue(value) : received
    const message = this.#place(path) + this.#wordsOf(node).typeExpectation + got
    return node.nullable
      ? { code: 'invalid_type', path, message, expected: node.type, nullable: true, received }
      : { code: 'invalid_type', path, message, expected: node.type, received }
  }

  /** No alternative accepted the value (see `unionMessage`). */
  #unionIssue(
    issue: Extract<RawIssue, { readonly code: 'invalid_union' }>,
    path: IssuePath,
  ): StructuredIssue {
    const worded = issue.alternatives.map((issues) => this.word(issues))
    const message = unionMessage(issue, worded, describeType(issue.value), this.#unionWords)
    return { code: 'invalid_union', path, message, alternatives: worded }
  }
}

/** The issues whose words need nothing from their node's. */
function wordIssue(
  issue: Exclude<RawIssue, { code: 'invalid_type' | 'invalid_enum' | 'invalid_union' }>,
): StructuredIssue {
  const { path } = issue
  const at = place(path)
  if (isLimitIssue(issue)) return wordLimitIssue(issue, at)
  switch (issue.code) {
    case 'missing':
      return {
        code: 'missing',
        path,
        message: `missing required property ${keyText(path)}${within(path)}`,
      }
    case 'unknown_property':
      return {
        code: 'unknown_property',
        path,
        message: `unknown property ${keyText(path)}${within(path)} (additional properties are not allowed)`,
      }
    case 'invalid_const':
      return {
        code: 'invalid_const',
        path,
        message: `${at} must be ${describeValue(issue.node.constValue)}, got ${describeValue(issue.value)}`,
        expected: issue.node.constValue,
        received: issue.value,
      }
    case 'sparse_array':
    case 'cycle':
    case 'unreadable':
      return notJsonIssue(issue, at)
    case 'too_many_issues':
      return wordTooManyIssues(issue, 'the value')
  }
}

/** A value that is not JSON data where the engine looked: a hole, a cycle, a throwing getter. */
function notJsonIssue(
  issue: Extract<RawIssue, { code: 'sparse_array' | 'cycle' | 'unreadable' }>,
  at: string,
): StructuredNotJsonIssue {
  const { path } = issue
  switch (issue.code) {
    case 'sparse_array':
      return {
        code: 'not_json',
        path,
        message: `${at} is a sparse array (no element at index ${issue.index}); arrays must be dense`,
      }
    case 'cycle':
      return {
        code: 'not_json',
        path,
        message: `${at} refers back to ${place(issue.ancestorPath)}, which encloses it (a cycle is not JSON)`,
      }
    case 'unreadable':
      return {
        code: 'not_json',
        path,
        message: `${at} could not be read (a getter or Proxy threw: ${describeThrown(issue.error)})`,
      }
  }
}
