import SearchableMap from 'minisearch/SearchableMap'

/** How many tools hold one term: one object, shared by both maps of {@link TermCounts}. */
interface TermCount {
  tools: number
}

/**
 * How many indexed tools hold each term, in any field (SPEC §24): what tells a search of a large
 * registry which of its words are rare enough that every tool holding one is worth scoring.
 * Follows the index one tool at a time, as it does.
 */
export class TermCounts {
  /** Each term's count by term: indexing a tool costs one lookup a term. */
  readonly #byTerm = new Map<string, TermCount>()
  /**
   * The same counts in a radix tree, as MiniSearch keeps its own index: the terms a query term
   * starts. A term enters it with the first tool that holds it and leaves with the last.
   */
  readonly #tree = new SearchableMap<TermCount>()

  /** Counts one more tool holding each of `terms` (each once). */
  add(terms: Iterable<string>): void {
    for (const term of terms) {
      let count = this.#byTerm.get(term)
      if (count === undefined) {
        count = { tools: 0 }
        this.#byTerm.set(term, count)
        this.#tree.set(term, count)
      }
      count.tools += 1
    }
  }

  /** Counts one tool fewer holding each of `terms` (each once). */
  remove(terms: Iterable<string>): void {
    for (const term of terms) {
      const count = this.#byTerm.get(term)
      if (count === undefined) continue
      count.tools -= 1
      if (count.tools > 0) continue
      this.#byTerm.delete(term)
      this.#tree.delete(term)
    }
  }

  /**
   * How many tools hold `term`, or with `prefix` any term it starts: then an upper bound, since a
   * tool that holds two such terms counts twice.
   */
  holding(term: string, prefix: boolean): number {
    if (!prefix) return this.#byTerm.get(term)?.tools ?? 0
    let total = 0
    for (const count of this.#tree.atPrefix(term).values()) total += count.tools
    return total
  }
}

/** The rarest words of a query ({@link rarestTerms}), and how many tools hold them at most. */
export interface RarestTerms {
  readonly terms: string[]
  readonly tools: number
}

/**
 * The rarest of `terms` by `holding` (how many tools hold each): fewest first, as many as
 * together are held by at most `budget` tools, none that no tool holds. A term at most
 * `budget / terms.length` tools hold is always among them, whatever the others.
 */
export function rarestTerms(
  terms: readonly string[],
  holding: (term: string) => number,
  budget: number,
): RarestTerms {
  const counted = terms
    .map((term) => ({ term, count: holding(term) }))
    .filter(({ count }) => count > 0)
    .sort((a, b) => a.count - b.count)
  const rarest: string[] = []
  let tools = 0
  for (const { term, count } of counted) {
    if (tools + count > budget) break
    tools += count
    rarest.push(term)
  }
  return { terms: rarest, tools }
}
