import { mostListedValues } from '@toolpipe/core/internal'
import type { RawIssue } from './engine/raw-issue.js'
import type { TypedNodeDefinition } from './node-definition.js'

/** A worded issue as a union's message quotes it; a nested union carries its alternatives. */
export interface WordedIssue {
  readonly code: string
  readonly path: readonly (string | number)[]
  readonly message: string
  readonly alternatives?: readonly (readonly WordedIssue[])[]
}

/** What a union's message takes from the words of the front end that reports it. */
export interface UnionWords {
  /** How a union's alternatives are named: `members of its anyOf`. */
  readonly alternatives: string
  /** The quoted place of `path`: `"edits[3].path"`, or `the value`. */
  subject(path: readonly (string | number)[]): string
  /** What an alternative that refused only the value's type wanted: `an integer or null`. */
  expected(node: TypedNodeDefinition): string
}

/** How many issues of each alternative a union's message quotes. */
const quotedPerAlternative = 3

/**
 * The message of a union no alternative accepted (`raw` the engine's issues of each alternative,
 * `worded` the same worded, `got` what the value was). When each refused its type alone, it says
 * which types would do (`"id" must be a string or an integer, got boolean`); otherwise it quotes
 * what each alternative found: at most 20 alternatives, three issues each, and a nested union by
 * its first sentence only, so that the message stays the same size however many alternatives,
 * and however deep, the schema has.
 */
export function unionMessage(
  raw: readonly (readonly RawIssue[])[],
  worded: readonly (readonly WordedIssue[])[],
  path: readonly (string | number)[],
  got: string,
  words: UnionWords,
): string {
  const wanted: string[] = []
  for (const issues of raw) {
    // Stryker disable next-line ConditionalExpression: an alternative that refused the value's own type found nothing else (the engine stops there)
    const only = issues.length === 1 ? issues[0] : undefined
    if (only?.code !== 'invalid_type' || only.path.length !== path.length) break
    wanted.push(words.expected(only.node))
  }
  if (wanted.length === raw.length) {
    return `${words.subject(path)} must be ${[...new Set(wanted)].join(' or ')}, got ${got}`
  }
  const parts = worded.slice(0, mostListedValues).map((issues, index) => {
    const shown = issues.slice(0, quotedPerAlternative).map((issue) => quotable(issue, words))
    if (issues.length > quotedPerAlternative) shown.push('…')
    return `(${index + 1}) ${shown.join(', ')}`
  })
  const more = worded.length - mostListedValues
  if (more > 0) parts.push(`and ${more} more`)
  return `${words.subject(path)} matches none of the ${raw.length} ${words.alternatives}: ${parts.join('; ')}`
}

/**
 * An issue as a union's message quotes it: whole, except a union that quotes its own
 * alternatives, which is named by its first sentence.
 */
function quotable(issue: WordedIssue, words: UnionWords): string {
  const { alternatives } = issue
  if (alternatives === undefined || typesOnly(alternatives, issue.path)) return issue.message
  return `${words.subject(issue.path)} matches none of the ${alternatives.length} ${words.alternatives}`
}

/** Whether each alternative of a union refused only the value's type (its message lists the types). */
function typesOnly(
  alternatives: readonly (readonly WordedIssue[])[],
  path: readonly (string | number)[],
): boolean {
  return alternatives.every(
    (issues) =>
      issues.length === 1 &&
      issues[0]?.code === 'invalid_type' &&
      issues[0].path.length === path.length,
  )
}
