import MiniSearch from 'minisearch'
import type { ToolDefinition } from '@toolpipe/tools'
import { GroupIndex } from './group-index.js'
import { cachedTermOf, queryTerms, words } from './terms.js'
import { documentFields, toolDocument } from './tool-document.js'
import type { ToolDocument } from './tool-document.js'

/** One result of a search: a tool's name and how well it matched (higher is better). */
export interface ToolMatch {
  readonly name: string
  readonly score: number
}

/**
 * The most tools one search scores. Past it, a search scores only the tools of the groups (the
 * servers) its words match best, until they hold this many, and the tools of no group: a search
 * of 5,000 tools then costs about what one of 1,000 does. Within it, nothing is left out.
 */
const candidateBudget = 1000

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
 * How much a group's score lifts its tools' scores: a tool of the best matching group counts
 * twice what it would alone.
 */
const groupLift = 1

/**
 * The search index of one tool search (SPEC §24): MiniSearch's BM25+ over each tool's name,
 * title, description, parameters, hints and related words, stemmed, lifted by what the tool's
 * group (its server) says as a whole. It follows the registry one tool at a time: a tool added,
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
    processTerm: (word, field) => (field === 'related' ? word : (this.#termOf(word) ?? null)),
    searchOptions: {
      // Query terms arrive tokenized and stemmed (see `find`).
      tokenize: (text) => text.split(' '),
      processTerm: (term) => term,
      boost: fieldBoosts,
      // "mongo" finds "mongodb", "deploy" "deployment": a longer word a query starts.
      prefix: (term) => term.length >= 5,
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
      this.#search.remove(entry.document)
      this.#groups.remove(entry.definition)
      this.#groupOf.delete(name)
      this.#indexed.delete(name)
    }
    for (const [name, definition] of wanted) {
      if (this.#indexed.has(name)) continue
      const document = toolDocument(definition)
      this.#search.add(document)
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
    const tree = { combineWith: 'OR' as const, queries: terms }
    const factors = this.#groupFactors(this.#groups.scores(tree))
    const groupOf = this.#groupOf
    const results = this.#search.search(tree, {
      boostDocument: (id: string) => {
        const key = groupOf.get(id)
        return key === undefined ? 1 : (factors.get(key) ?? 1)
      },
    })
    const matches: ToolMatch[] = []
    for (const result of results) {
      const name = result.id as string
      if (!admit(name)) continue
      matches.push({ name, score: result.score })
      if (matches.length === limit) break
    }
    return matches
  }

  /**
   * Each group's factor on its tools' scores: the lift of its score, or 0 past the candidate
   * budget for a group outside the best ones (its tools are not scored).
   */
  #groupFactors(groupScores: ReadonlyMap<string, number>): Map<string, number> {
    const factors = new Map<string, number>()
    let searched: Set<string> | undefined
    if (this.#indexed.size > candidateBudget) {
      searched = new Set()
      let tools = 0
      for (const [key] of [...groupScores].sort((a, b) => b[1] - a[1])) {
        if (tools >= candidateBudget) break
        searched.add(key)
        tools += this.#groups.size(key)
      }
    }
    for (const key of this.#groups.keys()) {
      const score = groupScores.get(key) ?? 0
      factors.set(key, searched !== undefined && !searched.has(key) ? 0 : 1 + groupLift * score)
    }
    return factors
  }
}
