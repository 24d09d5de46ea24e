import { stemmer } from 'stemmer'

/** The most terms one query is searched by: a 10 KB query costs what a long sentence costs. */
export const maxQueryTerms = 48

/** The most characters of a query read at all. */
const maxQueryLength = 4096

/** The longest word kept: longer runs are identifiers, hashes or noise. */
const maxWordLength = 40

/**
 * Words that say nothing about what a tool does: English function words, and what every tool
 * description says ("tool", "use", "given").
 */
const stopWords: ReadonlySet<string> = new Set(
  (
    'a about above after again all also am an and any are as at be because been before being ' +
    'below between both but by can could did do does doing down during each few for from ' +
    'further had has have having he her here hers herself him himself his how i if in into is ' +
    'it its itself just let me more most my myself no nor not of off on once only or other our ' +
    'ours ourselves out over own please same she should so some such than that the their ' +
    'theirs them themselves then there these they this those through to too under until up us ' +
    'very was we were what when where which while who whom why will with would you your yours ' +
    'yourself yourselves tool tools use used using uses given via e g eg i.e etc may might must ' +
    'want need needs like one two'
  ).split(' '),
)

/**
 * Splits text into lowercase words: at anything that is not a letter or a digit, and inside
 * identifiers (`createIssue`, `create_issue`, `HTTPServer`), so a tool's name reads as words.
 */
export function words(text: string): string[] {
  const spaced = text
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
  const found = spaced.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []
  return found.filter((word) => word.length <= maxWordLength)
}

/** A word as the index keeps it: stemmed, or `undefined` for a stop word. */
export function termOf(word: string): string | undefined {
  if (stopWords.has(word)) return undefined
  // Digits stay as written; a letter word is reduced to its stem ("deleting" → "delet").
  return /^\p{N}+$/u.test(word) ? word : stemmer(word)
}

/**
 * The most words one {@link cachedTermOf} remembers: a hostile text of a million distinct words
 * costs no more memory.
 */
const maxCachedWords = 20_000

/**
 * A {@link termOf} that remembers each word's term. A catalogue says the same words again and
 * again (a mount of 100 real tools: 100,000 characters, a few thousand distinct words), and
 * stemming is most of what indexing a tool costs.
 */
export function cachedTermOf(): (word: string) => string | undefined {
  const cache = new Map<string, string | null>()
  return (word) => {
    const cached = cache.get(word)
    if (cached !== undefined) return cached ?? undefined
    const term = termOf(word)
    if (cache.size === maxCachedWords) cache.clear()
    cache.set(word, term ?? null)
    return term
  }
}

/** The terms of an indexed text, in order (repeats kept: BM25 counts them). */
export function textTerms(text: string): string[] {
  const terms: string[] = []
  for (const word of words(text)) {
    const term = termOf(word)
    if (term !== undefined) terms.push(term)
  }
  return terms
}

/**
 * The distinct terms of a query, in order, at most {@link maxQueryTerms}: never throws, whatever
 * the query holds (regular-expression syntax and symbols are not words and are passed over).
 */
export function queryTerms(query: string): string[] {
  const terms = new Set<string>()
  for (const word of words(query.slice(0, maxQueryLength))) {
    const term = termOf(word)
    if (term !== undefined) terms.add(term)
    if (terms.size === maxQueryTerms) break
  }
  return [...terms]
}
