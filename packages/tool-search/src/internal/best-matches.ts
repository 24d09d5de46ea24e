import type { SearchTextMatch } from './group-index.js'

/** One result of a search: a tool's name and how well it matched (higher is better). */
export interface ToolMatch {
  readonly name: string
  readonly score: number
}

/** A tool matched by its own fields: MiniSearch's result, best first. */
interface OwnMatch {
  readonly id: unknown
  readonly score: number
}

/**
 * The best `limit` tools admitted by `admit`, best first, of two lists each sorted best first:
 * the tools matched by their own fields (`own`), and the groups whose `searchText` matched, each
 * of whose tools scores at least `weight` times its group's score (SPEC §24: a query in the words
 * of a server's own description finds its tools). A tool in both lists counts once, at the
 * better of its two scores. Reads the groups' tools only as far as they rank: a group of 5,000
 * tools costs `limit` of them, and those `admit` refuses.
 */
export function bestMatches(
  own: readonly OwnMatch[],
  groups: readonly SearchTextMatch[],
  weight: number,
  limit: number,
  admit: (name: string) => boolean,
): ToolMatch[] {
  const matches: ToolMatch[] = []
  if (groups.length === 0) {
    // Most queries: no server's own text says any of their words.
    for (const { id, score } of own) {
      if (matches.length === limit) break
      const name = id as string
      if (admit(name)) matches.push({ name, score })
    }
    return matches
  }
  /** The names met so far, admitted or not: each tool is taken once, at its first (best) score. */
  const met = new Set<string>()
  const take = (name: string, score: number): void => {
    if (met.has(name)) return
    met.add(name)
    if (admit(name)) matches.push({ name, score })
  }
  const byGroup = groupMembers(groups, weight)
  let grouped = byGroup.next()
  let index = 0
  while (matches.length < limit) {
    const result = own[index]
    if (grouped.done !== true && (result === undefined || grouped.value.score > result.score)) {
      take(grouped.value.name, grouped.value.score)
      grouped = byGroup.next()
    } else if (result === undefined) {
      break
    } else {
      index += 1
      take(result.id as string, result.score)
    }
  }
  return matches
}

/** Each tool of `groups`, in their order, with its group's score times `weight`. */
function* groupMembers(groups: readonly SearchTextMatch[], weight: number): Generator<ToolMatch> {
  for (const group of groups) {
    const score = weight * group.score
    for (const name of group.members.keys()) yield { name, score }
  }
}
