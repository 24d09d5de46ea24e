import {
  describeThrown,
  describeType,
  describeValue,
  listValues,
  mostListedValues,
  quoteJsonPath,
  quoteString,
} from '@toolpipe/core/internal'
import type { StructuredIssue, StructuredTypeIssue } from '../structured-issue.js'
import type { StructuredScalar, StructuredSchemaType } from '../structured-schema.js'
import type { IssuePath, RawIssue } from './engine/raw-issue.js'
import type { TypedNodeDefinition } from './node-definition.js'

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

/** The place an issue is about: `"rows[3].status"`, or `the value` for the root. */
function place(path: readonly (string | number)[]): string {
  return quoteJsonPath(path, 'the value')
}

/** ` in "summary"` for a member of a nested object; nothing for a member of the root. */
function within(path: IssuePath): string {
  return path.length <= 1 ? '' : ` in ${place(path.slice(0, -1))}`
}

/** The member name a path ends with, as JSON: `"title"`. */
function keyText(path: IssuePath): string {
  return quoteString(String(path[path.length - 1]))
}

/** How many issues of each alternative a union's message quotes. */
const quotedPerAlternative = 3

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`
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
        return this.#unionIssue(issue.alternatives, issue.value, path)
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

  /**
   * No alternative accepted the value. When each refused its type alone, the message says which
   * types would do (`"id" must be a string or an integer, got boolean`); otherwise it quotes what
   * each alternative found.
   */
  #unionIssue(
    alternatives: readonly (readonly RawIssue[])[],
    value: unknown,
    path: IssuePath,
  ): StructuredIssue {
    const worded = alternatives.map((issues) => this.word(issues))
    const wanted: string[] = []
    for (const issues of alternatives) {
      const only = issues.length === 1 ? issues[0] : undefined
      if (only?.code !== 'invalid_type' || only.path.length !== path.length) break
      wanted.push(this.#wordsOf(only.node).expected)
    }
    let message: string
    if (wanted.length === alternatives.length) {
      message = `${place(path)} must be ${[...new Set(wanted)].join(' or ')}, got ${describeType(value)}`
    } else {
      // At most 20 alternatives quoted, and a nested union by its first sentence only: the
      // message stays the same size however many alternatives, and however deep, the schema has.
      const parts = worded.slice(0, mostListedValues).map((issues, index) => {
        const shown = issues.slice(0, quotedPerAlternative).map(quotable)
        if (issues.length > quotedPerAlternative) shown.push('…')
        return `(${index + 1}) ${shown.join(', ')}`
      })
      const more = worded.length - mostListedValues
      if (more > 0) parts.push(`and ${more} more`)
      message = `${place(path)} matches none of the ${alternatives.length} alternatives of its "anyOf": ${parts.join('; ')}`
    }
    return { code: 'invalid_union', path, message, alternatives: worded }
  }
}

/**
 * An issue as a union's message quotes it: whole, except a union that quotes its own alternatives,
 * which is named by its first sentence.
 */
function quotable(issue: StructuredIssue): string {
  if (issue.code !== 'invalid_union' || typesOnly(issue)) return issue.message
  return `${place(issue.path)} matches none of the ${issue.alternatives.length} alternatives of its "anyOf"`
}

/** Whether each alternative of a union refused only the value's type (its message lists the types). */
function typesOnly(issue: Extract<StructuredIssue, { code: 'invalid_union' }>): boolean {
  return issue.alternatives.every(
    (issues) =>
      issues.length === 1 &&
      issues[0]?.code === 'invalid_type' &&
      issues[0].path.length === issue.path.length,
  )
}

/** The issues whose words need nothing from their node's. */
function wordIssue(
  issue: Exclude<RawIssue, { code: 'invalid_type' | 'invalid_enum' | 'invalid_union' }>,
): StructuredIssue {
  const { path } = issue
  const at = place(path)
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
        message: `${at} must be ${bound} ${describeValue(issue.limit)}, got ${describeValue(issue.value)}`,
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
        message: `${at} must be ${issue.code === 'too_short' ? 'at least' : 'at most'} ${plural(issue.limit, 'character')}, got ${issue.length}`,
        limit: issue.limit,
        received: issue.length,
      }
    case 'pattern_mismatch': {
      // Stryker disable next-line OptionalChaining,StringLiteral: a pattern_mismatch always has its pattern (the fallback is for the type)
      const pattern = issue.node.pattern?.source ?? ''
      return {
        code: 'pattern_mismatch',
        path,
        message: `${at} must match the pattern ${quoteString(pattern)}, got ${quoteString(issue.value)}`,
        pattern,
        received: issue.value,
      }
    }
    case 'too_few_items':
    case 'too_many_items':
      return {
        code: issue.code,
        path,
        message: `${at} must have ${issue.code === 'too_few_items' ? 'at least' : 'at most'} ${plural(issue.limit, 'item')}, got ${issue.count}`,
        limit: issue.limit,
        received: issue.count,
      }
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
    case 'too_many_issues':
      return {
        code: 'too_many_issues',
        path,
        message: `more than ${issue.limit} issues: the first ${issue.limit} are listed, and the rest of the value was not checked`,
        limit: issue.limit,
      }
  }
}
