import { relatedWordGroups } from './related-words.js'
import { termOf, words } from './terms.js'

/** Each term's related terms, from {@link relatedWordGroups}, stemmed as the index stems. */
export const relatedTerms: ReadonlyMap<string, readonly string[]> = buildRelatedTerms()

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
