import { describeValue, formatJsonPath, listValues } from '@toolpipe/core/internal'
import {
  isLimitIssue,
  mostShownSegments,
  quotePlace,
  shownKey,
  unionMessage,
  wordLimitIssue,
  wordTooManyIssues,
} from '@toolpipe/structured-output/internal'
import type {
  NodeDefinition,
  RawIssue,
  TypedNodeDefinition,
  UnionWords,
} from '@toolpipe/structured-output/internal'
import type { ArgIssue, ReceivedKind } from '../arg-issue.js'
import type { SchemaType } from '../schema-spec.js'
import { receivedText, typeWithArticle } from './issue-text.js'
import { receivedKind } from './received-kind.js'

/** What the root is: the arguments (which must be an object), or a value of any type. */
export type Root = 'arguments' | 'value'

/**
 * Words the engine's issues for the model. One per compiled spec: what follows the subject of a
 * node's messages (` must be one of "a", "b", got `) is worked out on its first issue and kept.
 */
export class ArgIssueWording {
  readonly #expectations = new Map<NodeDefinition | undefined, string>()
  /** The subjects of the root's members (and of a default's elements), quoted once: `"path"`. */
  readonly #memberSubjects = new Map<string | number, string>()
  /**
   * What a root member's messages start with (` "path" must be a string, got `), by its node: a
   * node sits at one key of the root, so one lookup finds the subject and the expectation joined.
   */
  readonly #memberPrefixes = new Map<NodeDefinition | undefined, MemberPrefix>()
  /** How each key or index of a deeper path is written, first in the path and after it. */
  readonly #segments = new Map<string | number, Segment>()
  readonly #words: Words = {
    expect: (node) => this.#expectations.get(node) ?? this.#rememberExpectation(node),
    prefix: (node, path) => this.#prefix(node, path),
    subject: (path) => this.#subject(path),
    alternatives: 'members of its anyOf',
    expected: expectedText,
  }

  /** The issues, worded; `root` says what the path `[]` is. */
  word(issues: readonly RawIssue[], root: Root): ArgIssue[] {
    // At its final size (an issue worded as none is rare): a push onto an empty array grows it.
    const worded = new Array<ArgIssue>(issues.length)
    let count = 0
    for (const issue of issues) {
      const argIssue = wordIssue(issue, root, this.#words)
      if (argIssue !== undefined) worded[count++] = argIssue
    }
    if (count < worded.length) worded.length = count
    return worded
  }

  #prefix(node: NodeDefinition | undefined, path: readonly (string | number)[]): string {
    // Stryker disable next-line ConditionalExpression: keying no path only turns the memo off: every prefix is worded anew, the same
    if (path.length !== 1) return this.#subject(path) + this.#words.expect(node)
    const known = this.#memberPrefixes.get(node)
    // A node under several keys (an array default's elements share their items node): the memo
    // holds the last.
    if (known !== undefined && known.key === path[0]) return known.text
    const text = this.#subject(path) + this.#words.expect(node)
    // Stryker disable next-line CallExpression: the memo only spares wording again; a prefix worded anew reads the same
    this.#memberPrefixes.set(node, { key: path[0], text })
    return text
  }

  #subject(path: readonly (string | number)[]): string {
    // Stryker disable next-line ConditionalExpression: keying no path only turns the memo off: every subject is quoted anew, the same
    const key = path.length === 1 ? path[0] : undefined
    // Stryker disable next-line ConditionalExpression: a deeper path joined from its segments reads the same as one written whole
    if (key === undefined) return path.length === 0 ? subject(path) : this.#deepSubject(path)
    return this.#memberSubjects.get(key) ?? this.#rememberSubject(key, path)
  }

  /** `subject(path)` of a path of two keys or more, joined from its segments as they were written. */
  #deepSubject(path: readonly (string | number)[]): string {
    // Deeper than a place shows whole: quotePlace cuts out its middle.
    if (path.length > mostShownSegments) return subject(path)
    let text = '"'
    for (const key of path) {
      const segment = this.#segments.get(key) ?? this.#rememberSegment(key)
      text += text.length === 1 ? segment.first : segment.later
    }
    return `${text}"`
  }

  #rememberSegment(key: string | number): Segment {
    // `edits` first, `.edits` after a key; `[3]` and `["odd key"]` the same anywhere.
    const first = formatJsonPath([shownKey(key)], '')
    const segment = { first, later: first.startsWith('[') ? first : `.${first}` }
    // The keys are the spec's and the indexes its arrays': bounded all the same, whatever comes.
    // Stryker disable next-line ConditionalExpression,EqualityOperator,CallExpression: the memo only spares writing again; a segment written anew reads the same
    if (this.#segments.size < segmentLimit) this.#segments.set(key, segment)
    return segment
  }

  #rememberSubject(key: string | number, path: readonly (string | number)[]): string {
    const text = subject(path)
    // Stryker disable next-line CallExpression: the memo only spares quoting again; a subject quoted anew reads the same
    this.#memberSubjects.set(key, text)
    return text
  }

  #rememberExpectation(node: NodeDefinition | undefined): string {
    const text = expectation(node)
    // Stryker disable next-line CallExpression: the memo only spares wording again; an expectation worded anew reads the same
    this.#expectations.set(node, text)
    return text
  }
}

/** What a message says about a node and a place, kept per compiled spec. */
interface Words extends UnionWords {
  readonly expect: (node: NodeDefinition | undefined) => string
  /** `subject(path) + expect(node)`. */
  readonly prefix: (node: NodeDefinition | undefined, path: readonly (string | number)[]) => string
}

/** At most this many path segments are remembered per compiled spec. */
const segmentLimit = 4096

/** How a key or index is written in a path: at its start, and after another. */
interface Segment {
  readonly first: string
  readonly later: string
}

/** A root member's message start, and the key it was worded for. */
interface MemberPrefix {
  readonly key: string | number | undefined
  readonly text: string
}

/**
 * The quoted path of the value an issue is about: `"edits[3].path"`, or `the value`; a long key
 * cut as a long value is (`quotePlace`), so that no message grows with a key's length.
 */
function subject(path: readonly (string | number)[]): string {
  return quotePlace(path, 'the value')
}

/** A spec's typed nodes have the six DSL types; a union node is `anyOf`. */
function typeOf(node: NodeDefinition | undefined): SchemaType | 'anyOf' | 'any' {
  // No node: an element of an array without `items`, which any JSON value would do for.
  return node === undefined ? 'any' : declaredType(node)
}

/** The type a node declares; `'anyOf'` for a union. */
function declaredType(node: NodeDefinition): SchemaType | 'anyOf' {
  return node.kind === 'typed' ? (node.type as SchemaType) : 'anyOf'
}

function wordIssue(issue: RawIssue, root: Root, words: Words): ArgIssue | undefined {
  const { path } = issue
  if (isLimitIssue(issue)) return wordLimitIssue(issue, words.subject(path))
  switch (issue.code) {
    case 'invalid_type':
      return typeIssue(issue.node, path, issue.value, receivedKind(issue.value), root, words)
    case 'unreadable':
      // A getter or Proxy trap threw: the value is there, but not one that can be checked.
      return typeIssue(issue.node, path, undefined, 'unreadable', root, words)
    case 'missing':
      return {
        code: 'missing',
        path,
        message: `missing required property ${words.subject(path)}`,
        expected: declaredType(issue.node),
      }
    case 'invalid_enum': {
      const allowed = issue.node.enumValues as readonly (string | number | null)[]
      const received = issue.value as string | number
      return {
        code: 'invalid_enum',
        path,
        message: words.prefix(issue.node, path) + describeValue(received),
        expected: allowed,
        received,
      }
    }
    case 'invalid_union':
      return unionIssue(issue, path, root, words)
    case 'sparse_array':
      return {
        code: 'sparse_array',
        path,
        message: `${subject(path)} is a sparse array (no element at index ${issue.index}); arrays must be dense`,
        index: issue.index,
      }
    case 'too_many_issues':
      return wordTooManyIssues(issue, 'the arguments')
    // Stryker disable next-line ConditionalExpression: without this case the switch ends, and so does the function, with undefined all the same
    default:
      // `unknown_property`, `invalid_const` and `cycle` come from keywords and a dialect a spec
      // never compiles to.
      return undefined
  }
}

/** No member of a union accepted the value (see `unionMessage`). */
function unionIssue(
  issue: Extract<RawIssue, { readonly code: 'invalid_union' }>,
  path: readonly (string | number)[],
  root: Root,
  words: Words,
): ArgIssue {
  const worded = issue.alternatives.map((issues) =>
    issues.flatMap((inner) => wordIssue(inner, root, words) ?? []),
  )
  const got = receivedText(receivedKind(issue.value))
  const message = unionMessage(issue, worded, got, words)
  return { code: 'invalid_union', path, message, alternatives: worded }
}

/** `a string`, `an integer or null`. */
function expectedText(node: TypedNodeDefinition): string {
  const text = typeWithArticle(node.type as SchemaType)
  return node.nullable ? `${text} or null` : text
}

/** What a message says after its subject: ` must be a string, got ` or ` must be one of "a", "b", got `. */
export function expectation(node: NodeDefinition | undefined): string {
  // No node: an element of an array without `items`, which any value would do for.
  if (node === undefined) return ' must be a JSON value, got '
  if (node.kind === 'anyOf') return ' must match one of the members of its anyOf, got '
  if (node.enumValues !== undefined) return ` must be one of ${listValues(node.enumValues)}, got `
  return ` must be ${expectedText(node)}, got `
}

function typeIssue(
  node: NodeDefinition | undefined,
  path: readonly (string | number)[],
  value: unknown,
  received: ReceivedKind,
  root: Root,
  words: Words,
): ArgIssue {
  if (path.length === 0 && root === 'arguments') {
    return {
      code: 'not_object',
      path: [],
      message: `arguments must be a JSON object, got ${receivedText(received)}`,
      expected: 'object',
      received,
    }
  }
  const expected = typeOf(node)
  // A fractional number where an integer is wanted: the number itself says what was wrong.
  const got =
    received === 'number' && expected === 'integer' ? describeValue(value) : receivedText(received)
  const issue: ArgIssue = {
    code: 'invalid_type',
    path,
    message: words.prefix(node, path) + got,
    expected,
    received,
  }
  // Stryker disable next-line ConditionalExpression: an anyOf node has no nullable flag, which reads as not nullable
  return node?.kind === 'typed' && node.nullable ? { ...issue, nullable: true } : issue
}
