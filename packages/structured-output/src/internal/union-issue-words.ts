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

/** The engine's issue for a union that no alternative accepted. */
export type UnionRawIssue = Extract<RawIssue, { readonly code: 'invalid_union' }>

/**
 * The message of a union that no alternative accepted (`issue` as the engine found it, `worded`
 * its alternatives' issues worded, `got` what the value was). When each alternative refused its
 * type alone, it says which types would do (`"id" must be a string or an integer, got boolean`);
 * otherwise it quotes what each alternative found: at most 20 alternatives, three issues each,
 * then `and <n> more` (counted from the node: the engine keeps the issues of 20 at most), and a
 * nested union by its first sentence only, so that the message stays the same size however many
 * alternatives, and however deep, the schema has.
 */
export function unionMessage(
  issue: UnionRawIssue,
  worded: readonly (readonly WordedIssue[])[],
  got: string,
  words: UnionWords,
): string {
  const { path, wanted, alternatives: raw } = issue
  const subject = words.subject(path)
  if (wanted !== undefined) {
    return `${subject} must be ${wanted.map((node) => words.expected(node)).join(' or ')}, got ${got}`
  }
  const members = issue.node.anyOf.length
  const listed = worded.slice(0, mostListedValues)
  const parts = listed.map((issues, index) => {
    const shown = issues
      .slice(0, quotedPerAlternative)
      .map((quoted, at) => quotable(quoted, raw[index]?.[at], words))
    if (issues.length > quotedPerAlternative) shown.push('…')
    return `(${index + 1}) ${shown.join(', ')}`
  })
  const more = members - listed.length
  if (more > 0) parts.push(`and ${more} more`)
  return `${subject} matches none of the ${members} ${words.alternatives}: ${parts.join('; ')}`
}

/**
 * An issue as a union's message quotes it: whole, except a union that quotes its own
 * alternatives, which is named by its first sentence (`raw`: the same issue as the engine found
 * it, which counts the nested union's members).
 */
function quotable(issue: WordedIssue, raw: RawIssue | undefined, words: UnionWords): string {
  const { alternatives } = issue
  if (alternatives === undefined) return issue.message
  if (raw?.code === 'invalid_union') {
    if (raw.wanted !== undefined) return issue.message
    return `${words.subject(issue.path)} matches none of the ${raw.node.anyOf.length} ${words.alternatives}`
  }
  if (typesOnly(alternatives, issue.path)) return issue.message
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
