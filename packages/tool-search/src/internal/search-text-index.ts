import { textTerms } from './terms.js'

/** BM25's parameters, as the group index scores its documents. */
const k = 1.2
const b = 0.5

/** One indexed text: its terms' counts and its length in terms. */
interface Entry {
  readonly counts: ReadonlyMap<string, number>
  readonly length: number
}

/** A text that matched a query, and its BM25 score. */
export interface TextScore<TKey> {
  readonly key: TKey
  readonly score: number
}

/**
 * BM25 over a few texts, one per key: the `searchText`s of a registry's groups (SPEC §24), each
 * indexed once however many tools share it. Hand-written rather than a third MiniSearch: a search
 * here runs on every `find`, and MiniSearch's own per-query work (a query object and a result
 * map per word, the combination, the sort) cost 20 µs of a 1 ms budget for 42 texts; this costs a
 * map lookup a word.
 */
export class SearchTextIndex<TKey> {
  readonly #entries = new Map<TKey, Entry>()
  /** For each term, the texts that hold it and how often. */
  readonly #postings = new Map<string, Map<TKey, number>>()
  #totalLength = 0

  /** Indexes `text` under `key` (a key indexed already is replaced). */
  add(key: TKey, text: string): void {
    this.remove(key)
    const counts = new Map<string, number>()
    const terms = textTerms(text)
    for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1)
    for (const [term, count] of counts) {
      let holders = this.#postings.get(term)
      if (holders === undefined) {
        holders = new Map()
        this.#postings.set(term, holders)
      }
      holders.set(key, count)
    }
    this.#entries.set(key, { counts, length: terms.length })
    this.#totalLength += terms.length
  }

  remove(key: TKey): void {
    const entry = this.#entries.get(key)
    if (entry === undefined) return
    for (const term of entry.counts.keys()) {
      const holders = this.#postings.get(term)
      holders?.delete(key)
      if (holders?.size === 0) this.#postings.delete(term)
    }
    this.#entries.delete(key)
    this.#totalLength -= entry.length
  }

  /**
   * The texts that hold any of `terms` (stemmed, each once), best first: each term's BM25 score
   * summed, times how many of the terms the text holds, as MiniSearch ranks.
   */
  scores(terms: readonly string[]): TextScore<TKey>[] {
    const count = this.#entries.size
    if (count === 0) return []
    const averageLength = this.#totalLength / count || 1
    const found = new Map<TKey, { sum: number; terms: number }>()
    for (const term of terms) {
      const holders = this.#postings.get(term)
      if (holders === undefined) continue
      const idf = Math.log(1 + (count - holders.size + 0.5) / (holders.size + 0.5))
      for (const [key, frequency] of holders) {
        const length = this.#entries.get(key)?.length ?? 0
        const norm = k * (1 - b + (b * length) / averageLength)
        const score = (idf * frequency * (k + 1)) / (frequency + norm)
        const sofar = found.get(key)
        if (sofar === undefined) found.set(key, { sum: score, terms: 1 })
        else {
          sofar.sum += score
          sofar.terms += 1
        }
      }
    }
    const scores: TextScore<TKey>[] = []
    for (const [key, { sum, terms: matched }] of found) scores.push({ key, score: sum * matched })
    return scores.sort((first, second) => second.score - first.score)
  }
}
