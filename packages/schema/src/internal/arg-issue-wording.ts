import {
  describeValue,
  listValues,
  mostListedValues,
  quoteJsonPath,
  quoteString,
} from '@toolpipe/core/internal'
import type {
  NodeDefinition,
  RawIssue,
  TypedNodeDefinition,
} from '@toolpipe/structured-output/internal'
import type { ArgIssue, ReceivedKind } from '../arg-issue.js'
import type { SchemaType } from '../schema-spec.js'
import { receivedText, typeWithArticle } from './issue-text.js'
import { receivedKind } from './received-kind.js'

/** What the root is: the arguments (which must be an object), or a value of any type. */
export type Root = 'arguments' | 'value'

/** How many issues of each alternative a union's message quotes. */
const quotedPerAlternative = 3

/**
 * Words the engine's issues for the model. One per compiled spec: what follows the subject of a
 * node's messages (` must be one of "a", "b", got `) is worked out on its first issue and kept.
 */
export class ArgIssueWording {
  readonly #expectations = new Map<NodeDefinition | undefined, string>()
  /** The subjects of the root's members (and of a default's elements), quoted once: `"path"`. */
  readonly #memberSubjects = new Map<string | number, string>()
  readonly #words: Words = {
    expect: (node) => this.#expectations.get(node) ?? this.#rememberExpectation(node),
    subject: (path) => this.#subject(path),
  }

  /** The issues, worded; `root` says what the path `[]` is. */
  word(issues: readonly RawIssue[], root: Root): ArgIssue[] {
    const worded: ArgIssue[] = []
    for (const issue of issues) {
      const argIssue = wordIssue(issue, root, this.#words)
      if (argIssue !== undefined) worded.push(argIssue)
    }
    return worded
  }

  #subject(path: readonly (string | number)[]): string {
    // Stryker disable next-line ConditionalExpression: keying no path only turns the memo off: every subject is quoted anew, the same
    const key = path.length === 1 ? path[0] : undefined
    // Stryker disable next-line ConditionalExpression: the memo only spares quoting again; a subject quoted anew reads the same
    if (key === undefined) return subject(path)
    return this.#memberSubjects.get(key) ?? this.#rememberSubject(key, path)
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
interface Words {
  readonly expect: (node: NodeDefinition | undefined) => string
  readonly subject: (path: readonly (string | number)[]) => string
}

/** The quoted path of the value an issue is about: `"edits[3].path"`, or `the value`. */
function subject(path: readonly (string | number)[]): string {
  return quoteJsonPath(path, 'the value')
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

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`
}

function wordIssue(issue: RawIssue, root: Root, words: Words): ArgIssue | undefined {
  const { path } = issue
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
        message: words.subject(path) + words.expect(issue.node) + describeValue(received),
        expected: allowed,
        received,
      }
    }
    case 'below_minimum':
    case 'above_maximum': {
      const bound =
        issue.code === 'below_minimum'
          ? issue.exclusive
            ? 'greater than'
            : 'at least'
          : issue.exclusive
            ? 'less than'
            : 'at most'
      return {
        code: issue.code,
        path,
        message: `${words.subject(path)} must be ${bound} ${describeValue(issue.limit)}, got ${describeValue(issue.value)}`,
        limit: issue.limit,
        exclusive: issue.exclusive,
        received: issue.value,
      }
    }
    case 'too_short':
    case 'too_long':
      return {
        code: issue.code,
        path,
        message: `${words.subject(path)} must be ${issue.code === 'too_short' ? 'at least' : 'at most'} ${plural(issue.limit, 'character')}, got ${issue.length}`,
        limit: issue.limit,
        received: issue.length,
      }
    case 'pattern_mismatch': {
      // Stryker disable next-line OptionalChaining,StringLiteral: the engine reports a mismatch only from a node with a pattern; the fallback is for the type
      const pattern = issue.node.pattern?.source ?? ''
      return {
        code: 'pattern_mismatch',
        path,
        message: `${words.subject(path)} must match the pattern ${quoteString(pattern)}, got ${quoteString(issue.value)}`,
        pattern,
        received: issue.value,
      }
    }
    case 'too_few_items':
    case 'too_many_items':
      return {
        code: issue.code,
        path,
        message: `${words.subject(path)} must have ${issue.code === 'too_few_items' ? 'at least' : 'at most'} ${plural(issue.limit, 'item')}, got ${issue.count}`,
        limit: issue.limit,
        received: issue.count,
      }
    case 'invalid_union':
      return unionIssue(issue.alternatives, issue.value, path, root, words)
    case 'sparse_array':
      return {
        code: 'sparse_array',
        path,
        message: `${subject(path)} is a sparse array (no element at index ${issue.index}); arrays must be dense`,
        index: issue.index,
      }
    case 'too_many_issues':
      return {
        code: 'too_many_issues',
        path,
        message: `more than ${issue.limit} issues: the first ${issue.limit} are listed, and the rest of the arguments was not checked`,
        limit: issue.limit,
      }
    // Stryker disable next-line ConditionalExpression: without this case the switch ends, and so does the function, with undefined all the same
    default:
      // `unknown_property`, `invalid_const` and `cycle` come from keywords and a dialect a spec
      // never compiles to.
      return undefined
  }
}

/**
 * No member of a union accepted the value. When each refused its type alone, the message says
 * which types would do (`"id" must be a string or an integer, got boolean`); otherwise it quotes
 * what each member found.
 */
function unionIssue(
  alternatives: readonly (readonly RawIssue[])[],
  value: unknown,
  path: readonly (string | number)[],
  root: Root,
  words: Words,
): ArgIssue {
  const worded = alternatives.map((issues) =>
    issues.flatMap((issue) => wordIssue(issue, root, words) ?? []),
  )
  const wanted: string[] = []
  for (const issues of alternatives) {
    // Stryker disable next-line ConditionalExpression: an alternative that refused the value's own type found nothing else (the engine stops there)
    const only = issues.length === 1 ? issues[0] : undefined
    if (only?.code !== 'invalid_type' || only.path.length !== path.length) break
    wanted.push(expectedText(only.node))
  }
  let message: string
  const got = receivedText(receivedKind(value))
  if (wanted.length === alternatives.length) {
    message = `${words.subject(path)} must be ${[...new Set(wanted)].join(' or ')}, got ${got}`
  } else {
    // At most 20 members quoted, and a nested union by its first sentence only: the message
    // stays the same size however many members, and however deep, the schema has.
    const parts = worded.slice(0, mostListedValues).map((issues, index) => {
      const shown = issues.slice(0, quotedPerAlternative).map((issue) => quotable(issue, words))
      if (issues.length > quotedPerAlternative) shown.push('…')
      return `(${index + 1}) ${shown.join(', ')}`
    })
    const more = worded.length - mostListedValues
    if (more > 0) parts.push(`and ${more} more`)
    message = `${words.subject(path)} matches none of the ${alternatives.length} members of its anyOf: ${parts.join('; ')}`
  }
  return { code: 'invalid_union', path, message, alternatives: worded }
}

/**
 * An issue as a union's message quotes it: whole, except a union that quotes its own members,
 * which is named by its first sentence.
 */
function quotable(issue: ArgIssue, words: Words): string {
  if (issue.code !== 'invalid_union' || typesOnly(issue)) return issue.message
  return `${words.subject(issue.path)} matches none of the ${issue.alternatives.length} members of its anyOf`
}

/** Whether each member of a union refused only the value's type (its message lists the types). */
function typesOnly(issue: Extract<ArgIssue, { code: 'invalid_union' }>): boolean {
  return issue.alternatives.every(
    (issues) =>
      issues.length === 1 &&
      issues[0]?.code === 'invalid_type' &&
      issues[0].path.length === issue.path.length,
  )
}

/** `a string`, `an integer or null`. */
function expectedText(node: TypedNodeDefinition): string {
  const text = typeWithArticle(node.type as SchemaType)
  return node.nullable ? `${text} or null` : text
}

/** What a message says after its subject: ` must be a string, got ` or ` must be one of "a", "b", got `. */
function expectation(node: NodeDefinition | undefined): string {
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
    message: words.subject(path) + words.expect(node) + got,
    expected,
    received,
  }
  // Stryker disable next-line ConditionalExpression: an anyOf node has no nullable flag, which reads as not nullable
  return node?.kind === 'typed' && node.nullable ? { ...issue, nullable: true } : issue
}
