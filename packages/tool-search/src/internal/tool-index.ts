import MiniSearch from 'minisearch'
import type { Query, QueryCombination } from 'minisearch'
import type { ToolDefinition } from '@toolpipe/tools'
import { bestMatches } from './best-matches.js'
import type { ToolMatch } from './best-matches.js'
import { GroupIndex } from './group-index.js'
import { TermCounts, rarestTerms } from './term-counts.js'
import { cachedTermOf, queryTerms, words } from './terms.js'
import { documentFields, toolDocument } from './tool-document.js'
import type { ToolDocument } from './tool-document.js'

export type { ToolMatch } from './best-matches.js'

/**
 * The most tools one search scores, tools of no group aside. Past it, a search scores the tools
 * that hold its rarest words, in any field ({@link rareWordBudget}); the tools of the groups (the
 * servers) its words match best, until these and those hold this many; and the tools of no
 * group. A search of 5,000 tools then costs about what one of 1,000 does, and a word few tools
 * say, wherever it stands (a parameter's name or description, an annotation's title), finds them
 * at any size. Within it, nothing is left out.
 */
const candidateBudget = 1000

/**
 * Past the candidate budget, how many of its tools the query's rarest words bring in, whatever
 * their group: the words held by the fewest tools first, as many words as together are held by at
 * most this many tools ({@link rarestTerms}). A word at most `250 / n` tools hold (n: the query's
 * words) always brings in every tool that holds it. Each tool it brings costs more than one of a
 * group (it holds more of the query's words): 250, not more, keeps a search of 5,000 tools near
 * what it cost before rare words counted.
 */
const rareWordBudget = 250

/** Whether a query term also matches the longer words it starts ("mongo" → "mongodb"). */
const prefixSearched = (term: string): boolean => term.length >= 5

/**
 * How much a field's match counts: a word of the name or title says most about what a tool does,
 * then its description, then its parameters, and least a word only related to its own.
 */
const fieldBoosts: Readonly<Record<(typeof documentFields)[number], number>> = {
  name: 2.5,
  title: 2,
  description: 1.5,
  parameters: 0.6,
  hints: 0.3,
  related: 0.35,
}

/**
 * How much a tool's `searchText` (a mounted server's name, title, description and instructions)
 * counts: the least a tool of a group scores is its group's text's score times this, below the
 * name's, title's, description's and parameters' boosts. So a query in a server's own words only
 * finds its tools; a tool its own fields match scores the better of the two, and those words lift
 * it besides ({@link groupLift}). Over the bench's catalogue, recall@5 is the same from 0.1 to 1
 * (it falls from 2 on: a server whose instructions say "database" outranks the database tools of
 * other servers).
 */
const searchTextBoost = 0.5

/**
 * How much a group's score lifts its tools' scores: a tool of the best matching group counts
 * twice what it would alone.
 */
const groupLift = 1

/** What a search past the candidate budget scores of one group. */
interface ScoredGroup {
  /** The factor on its tools' scores: 1, lifted by the group's own score. */
  readonly lift: number
  /** When only some of its tools are scored: those that hold a rare word. */
  readonly holders?: Set<string>
}

/**
 * The search index of one tool search (SPEC §24): MiniSearch's BM25+ over each tool's name,
 * title, description, parameters, hints and related words, stemmed, lifted by what the tool's
 * group (its server) says as a whole; and the group's `searchText`, scored once for all its
 * tools ({@link searchTextBoost}). It follows the registry one tool at a time: a tool added,
 * replaced or removed is indexed, re-indexed or dropped, and nothing else is touched.
 */
export class ToolIndex {
  /** Each indexed word's term, remembered: declared first, since `#search` reads it. */
  readonly #termOf = cachedTermOf()
  readonly #search = new MiniSearch<ToolDocument>({
    fields: [...documentFields],
    storeFields: [],
    tokenize: words,
    // The related field holds terms already stemmed.
    processTerm: (word, field) => {
      const term = field === 'related' ? word : (this.#termOf(word) ?? null)
      if (term !== null) this.#indexing?.add(term)
      return term
    },
    searchOptions: {
      // Query terms arrive tokenized and stemmed (see `find`).
      tokenize: (text) => text.split(' '),
      processTerm: (term) => term,
      boost: fieldBoosts,
      // "mongo" finds "mongodb", "deploy" "deployment": a longer word a query starts.
      prefix: prefixSearched,
      weights: { fuzzy: 0, prefix: 0.25 },
      // Short fields weigh more than long ones (b), and a word matched in a long description
      // earns no floor (d = 0): a tool that says everything matches nothing in particular.
      bm25: { k: 1.2, b: 0.9, d: 0 },
    },
  })
  /** What is indexed, by name: the definition, and the document it was indexed as. */
  readonly #indexed = new Map<string, { definition: ToolDefinition; document: ToolDocument }>()
  readonly #groups = new GroupIndex()
  /** The group (`searchText`) of each indexed tool that has one, by name. */
  readonly #groupOf = new Map<string, string>()
  readonly #termCounts = new TermCounts()
  /** While one document is added or removed: the terms MiniSearch indexes of it, each once. */
  #indexing: Set<string> | undefined

  /** The definition indexed under `name`, if any. */
  definition(name: string): ToolDefinition | undefined {
    return this.#indexed.get(name)?.definition
  }

  /**
   * Makes the index hold exactly `definitions` (by name): new ones added, changed ones (another
   * definition object) replaced, missing ones removed.
   */
  sync(definitions: readonly ToolDefinition[]): void {
    const wanted = new Map<string, ToolDefinition>()
    for (const definition of definitions) wanted.set(definition.name, definition)
    for (const [name, entry] of this.#indexed) {
      if (wanted.get(name) === entry.definition) continue
      this.#termCounts.remove(this.#termsOf('remove', entry.document))
      this.#groups.remove(entry.definition)
      this.#groupOf.delete(name)
      this.#indexed.delete(name)
    }
    for (const [name, definition] of wanted) {
      if (this.#indexed.has(name)) continue
      const document = toolDocument(definition)
      this.#termCounts.add(this.#termsOf('add', document))
      // The group's own key string: equal texts of other members would be compared character by
      // character at each of a search's thousands of lookups.
      const group = this.#groups.add(definition)
      if (group !== undefined) this.#groupOf.set(name, group)
      this.#indexed.set(name, { definition, document })
    }
  }

  /**
   * The tools that best match `query`, best first, at most `limit`, each admitted by `admit`.
   * The query's words are stemmed; a query without a word to search by finds nothing. Never
   * throws.
   */
  find(query: string, limit: number, admit: (name: string) => boolean): ToolMatch[] {
    const terms = queryTerms(query)
    if (terms.length === 0 || this.#indexed.size === 0) return []
    const groupScores = this.#groups.scores({ combineWith: 'OR', queries: terms })
    const results = this.#search.search(this.#query(terms, groupScores))
    const bySearchText = this.#groups.searchTextMatches(terms)
    return bestMatches(results, bySearchText, searchTextBoost, limit, admit)
  }

  /**
   * The query MiniSearch runs, each tool's score lifted by its group's. Within the candidate
   * budget, every term over every tool. Past it, the query's rarest words over every tool, and
   * then its other words over the tools of the best groups, of no group, and those the rare words
   * found (their holders): MiniSearch runs a combination's queries in order, so each holder is
   * known before the other words are scored, and scores what it would were its group among the
   * best.
   */
  #query(terms: string[], groupScores: ReadonlyMap<string, number>): QueryCombination {
    const groupOf = this.#groupOf
    const lift = (key: string) => 1 + groupLift * (groupScores.get(key) ?? 0)
    if (this.#indexed.size <= candidateBudget) {
      const boostDocument = (id: string) => {
        const key = groupOf.get(id)
        return key === undefined ? 1 : lift(key)
      }
      return { combineWith: 'OR', queries: terms, boostDocument }
    }
    const counts = this.#termCounts
    const rarest = rarestTerms(
      terms,
      (term) => counts.holding(term, prefixSearched(term)),
      rareWordBudget,
    )
    const scored = this.#bestGroups(groupScores, candidateBudget - rarest.tools)
    // A tool of a group left out is scored only when it holds a rare word: the rare words' query
    // adds its group with it as a holder, the others' finds it there.
    const weight = (id: string, rare: boolean) => {
      const key = groupOf.get(id)
      if (key === undefined) return 1
      let group = scored.get(key)
      if (group !== undefined && group.holders === undefined) return group.lift
      if (!rare) return group?.holders?.has(id) === true ? group.lift : 0
      if (group === undefined) {
        group = { lift: lift(key), holders: new Set() }
        scored.set(key, group)
      }
      group.holders?.add(id)
      return group.lift
    }
    const rare = new Set(rarest.terms)
    const queries: Query[] = terms.filter((term) => !rare.has(term))
    // First, so MiniSearch runs it first: the holders are known before the other words.
    if (rare.size > 0)
      queries.unshift({
        combineWith: 'OR',
        queries: rarest.terms,
        boostDocument: (id: string) => weight(id, true),
      })
    return { combineWith: 'OR', queries, boostDocument: (id: string) => weight(id, false) }
  }

  /**
   * The groups that best match the query, best first, until they hold `budget` tools (with the
   * one that reaches it), each with its lift: every tool of theirs is scored.
   */
  #bestGroups(groupScores: ReadonlyMap<string, number>, budget: number): Map<string, ScoredGroup> {
    const best = new Map<string, ScoredGroup>()
    let tools = 0
    for (const [key, score] of [...groupScores].sort((a, b) => b[1] - a[1])) {
      if (tools >= budget) break
      best.set(key, { lift: 1 + groupLift * score })
      tools += this.#groups.size(key)
    }
    return best
  }

  /** Adds `document` to MiniSearch or removes it, and returns the terms indexed of it, each once. */
  #termsOf(change: 'add' | 'remove', document: ToolDocument): Set<string> {
    const terms = new Set<string>()
    this.#indexing = terms
    try {
      if (change === 'add') this.#search.add(document)
      else this.#search.remove(document)
    } finally {
      this.#indexing = undefined
    }
    return terms
  }
}
