import MiniSearch from 'minisearch'
import type { ToolDefinition } from '@toolpipe/tools'
import { relatedWordGroups } from './related-words.js'
import { queryTerms, termOf, words } from './terms.js'
import { documentFields, toolDocument } from './tool-document.js'
import type { ToolDocument } from './tool-document.js'

/** One result of a search: a tool's name and how well it matched (higher is better). */
export interface ToolMatch {
  readonly name: string
  readonly score: number
}

/**
 * How much a field's match counts: a word of the name or title says most about what a tool does,
 * then its description, then its parameters, and least what its server says of all its tools.
 */
const fieldBoosts: Readonly<Record<(typeof documentFields)[number], number>> = {
  name: 2.5,
  title: 2,
  description: 1.5,
  parameters: 0.6,
  hints: 0.3,
  server: 0.4,
}

/** How much a related word counts against a word of the query itself. */
const relatedWeight = 0.35

/** Each term's related terms, from {@link relatedWordGroups}, stemmed as the index stems. */
const relatedTerms: ReadonlyMap<string, readonly string[]> = buildRelatedTerms()

/**
 * The search index of one tool search (SPEC §24): a BM25 index (MiniSearch's BM25+) over each
 * tool's name, title, description, parameters, hints and server text, stemmed, that follows the
 * registry one tool at a time: a tool added, replaced or removed is indexed, re-indexed or
 * dropped, and nothing else is touched.
 */
export class ToolIndex {
  readonly #search = new MiniSearch<ToolDocument>({
    fields: [...documentFields],
    storeFields: [],
    tokenize: words,
    processTerm: (word) => termOf(word) ?? null,
    searchOptions: {
      // Query terms arrive tokenized, stemmed and expanded (see `find`).
      tokenize: (text) => text.split(' '),
      processTerm: (term) => term,
      boost: fieldBoosts,
      prefix: (term) => term.length >= 5,
      weights: { fuzzy: 0.2, prefix: 0.25 },
    },
  })
  /** What is indexed, by name: the definition, and the document it was indexed as. */
  readonly #indexed = new Map<string, { definition: ToolDefinition; document: ToolDocument }>()

  /** How many tools are indexed. */
  get size(): number {
    return this.#indexed.size
  }

  /** The definition indexed under `name`, if any. */
  definition(name: string): ToolDefinition | undefined {
    return this.#indexed.get(name)?.definition
  }

  /**
   * Makes the index hold exactly `definitions` (by name): new ones added, changed ones (another
   * definition object) replaced, missing ones removed. Returns how many documents changed.
   */
  sync(definitions: readonly ToolDefinition[]): number {
    let changed = 0
    const wanted = new Map<string, ToolDefinition>()
    for (const definition of definitions) wanted.set(definition.name, definition)
    for (const [name, entry] of this.#indexed) {
      if (wanted.get(name) !== entry.definition) {
        this.#search.remove(entry.document)
        this.#indexed.delete(name)
        changed += 1
      }
    }
    for (const [name, definition] of wanted) {
      if (this.#indexed.has(name)) continue
      const document = toolDocument(definition)
      this.#search.add(document)
      this.#indexed.set(name, { definition, document })
      changed += 1
    }
    return changed
  }

  /**
   * The tools that best match `query`, best first, at most `limit`, each admitted by `admit`.
   * The query's words are stemmed; each brings in its related words at a lower weight. A query
   * without a word to search by finds nothing. Never throws.
   */
  find(query: string, limit: number, admit: (name: string) => boolean): ToolMatch[] {
    const terms = queryTerms(query)
    if (terms.length === 0 || this.#indexed.size === 0) return []
    const own = new Set(terms)
    const related = new Set<string>()
    for (const term of terms) {
      for (const other of relatedTerms.get(term) ?? []) if (!own.has(other)) related.add(other)
    }
    const queries: { queries: string[]; boostTerm?: () => number }[] = [{ queries: terms }]
    if (related.size > 0) queries.push({ queries: [...related], boostTerm: () => relatedWeight })
    const results = this.#search.search({ combineWith: 'OR', queries })
    const matches: ToolMatch[] = []
    for (const result of results) {
      const name = result.id as string
      if (!admit(name)) continue
      matches.push({ name, score: result.score })
      if (matches.length === limit) break
    }
    return matches
  }
}

function buildRelatedTerms(): Map<string, string[]> {
  const related = new Map<string, Set<string>>()
  for (const group of relatedWordGroups) {
    const terms = [...new Set(group.flatMap((word) => words(word).map(termOf)))].filter(
      (term): term is string => term !== undefined,
    )
    for (const term of terms) {
      let set = related.get(term)
      if (set === undefined) {
        set = new Set()
        related.set(term, set)
      }
      for (const other of terms) if (other !== term) set.add(other)
    }
  }
  return new Map([...related].map(([term, set]) => [term, [...set]]))
}
