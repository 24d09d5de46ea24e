import MiniSearch from 'minisearch'
import type { Query } from 'minisearch'
import type { ToolDefinition } from '@toolpipe/tools'
import { SearchTextIndex } from './search-text-index.js'
import { termOf, words } from './terms.js'

/** The most characters of one member's text in its group's document. */
const memberTextLimit = 300

/** A group whose `searchText` matched a query, and how well. */
export interface SearchTextMatch {
  readonly score: number
  /** The group's tools by name, in the order they joined it. */
  readonly members: ReadonlyMap<string, unknown>
}

interface Group {
  readonly id: number
  /** The `searchText` its members share. */
  readonly key: string
  readonly members: Map<string, ToolDefinition>
  /** The document indexed for the group, while it has members. */
  document: { id: number; text: string } | undefined
}

/**
 * The catalogue's own relations (SPEC §24): tools that share a `searchText` (the tools of one
 * mounted MCP server) form a group, indexed as one document of everything its tools say. A query
 * in a server's vocabulary ("the pod", "in Argo CD", "the backend project") scores the group, and
 * the group's score lifts its tools, though the tool itself says none of those words. Follows the
 * tool index one tool at a time: a changed group is re-indexed, no other.
 */
export class GroupIndex {
  readonly #search = new MiniSearch<{ id: number; text: string }>({
    fields: ['text'],
    storeFields: [],
    tokenize: words,
    processTerm: (word) => termOf(word) ?? null,
    searchOptions: {
      tokenize: (text) => text.split(' '),
      processTerm: (term) => term,
      bm25: { k: 1.2, b: 0.5, d: 0 },
    },
  })
  /**
   * Each group's `searchText` alone: indexed once per group, not once per tool, since all of one
   * server's tools share it.
   */
  readonly #searchTexts = new SearchTextIndex<Group>()
  readonly #groups = new Map<string, Group>()
  readonly #dirty = new Set<Group>()
  #nextId = 0

  /**
   * Adds a tool to the group of its `searchText`, and returns the group's key: the one string of
   * that text every member's lookup uses (or `undefined` for a tool of no group).
   */
  add(definition: ToolDefinition): string | undefined {
    const key = definition.searchText
    if (key === undefined || key === '') return undefined
    let group = this.#groups.get(key)
    if (group === undefined) {
      group = { id: this.#nextId++, key, members: new Map(), document: undefined }
      this.#groups.set(key, group)
    }
    group.members.set(definition.name, definition)
    this.#dirty.add(group)
    return group.key
  }

  remove(definition: ToolDefinition): void {
    const key = definition.searchText
    if (key === undefined) return
    const group = this.#groups.get(key)
    if (group?.members.get(definition.name) !== definition) return
    group.members.delete(definition.name)
    this.#dirty.add(group)
  }

  /** The keys of the groups that hold tools. */
  keys(): IterableIterator<string> {
    return this.#groups.keys()
  }

  /** How many tools the group of `key` holds. */
  size(key: string): number {
    return this.#groups.get(key)?.members.size ?? 0
  }

  /** Re-indexes the groups that changed since the last call. */
  refresh(): void {
    for (const group of this.#dirty) {
      const indexed = group.document !== undefined
      if (group.document !== undefined) this.#search.remove(group.document)
      group.document = undefined
      if (group.members.size === 0) {
        this.#searchTexts.remove(group)
        this.#groups.delete(group.key)
        continue
      }
      const [first] = group.members.values()
      const parts = [first?.searchText ?? '']
      for (const member of group.members.values()) {
        parts.push(member.name, member.description.slice(0, memberTextLimit))
      }
      group.document = { id: group.id, text: parts.join('\n') }
      this.#search.add(group.document)
      // The text is the group's key, the same while the group has members: indexed once.
      if (!indexed) this.#searchTexts.add(group, group.key)
    }
    this.#dirty.clear()
  }

  /**
   * Each group's score for `query`, as a fraction of the best group's (0 to 1), by the searchText
   * its members share.
   */
  scores(query: Query): Map<string, number> {
    this.refresh()
    const byId = new Map<number, number>()
    for (const result of this.#search.search(query)) byId.set(result.id as number, result.score)
    const best = Math.max(0, ...byId.values())
    const scores = new Map<string, number>()
    if (best === 0) return scores
    for (const [key, group] of this.#groups) {
      const score = byId.get(group.id)
      if (score !== undefined) scores.set(key, score / best)
    }
    return scores
  }

  /**
   * The groups whose `searchText` alone holds any of `terms` (stemmed), best first, each with that
   * text's score.
   */
  searchTextMatches(terms: readonly string[]): SearchTextMatch[] {
    this.refresh()
    return this.#searchTexts
      .scores(terms)
      .map(({ key, score }) => ({ score, members: key.members }))
  }
}
