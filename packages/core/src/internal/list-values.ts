import { describeValue } from './describe-value.js'

/** How many values a message lists before it says how many more there are. */
export const mostListedValues = 20

/**
 * Values as a message lists them (`"utf8", "base64"`): each as {@link describeValue} writes it
 * (a long string cut after 64 characters), the first 20, then ` and <n> more`, so that a message
 * about a 100,000-value enum is as short as one about a 21-value enum. Never throws.
 *
 * @example
 * `"encoding" must be one of ${listValues(['utf8', 'base64'])}, got "latin1"`
 * // "encoding" must be one of "utf8", "base64", got "latin1"
 */
export function listValues(values: readonly unknown[]): string {
  const shown = values.slice(0, mostListedValues).map(describeValue).join(', ')
  const more = values.length - mostListedValues
  return more > 0 ? `${shown} and ${more} more` : shown
}

/**
 * Sentences as one message joins them (`a; b`): the first 20, then `; and <n> more`, so that a
 * message about a schema with 10,000 mistakes is as long as one about 21. The full list stays
 * with the error, as data.
 */
export function joinFirstSentences(sentences: readonly string[]): string {
  const shown = sentences.slice(0, mostListedValues).join('; ')
  const more = sentences.length - mostListedValues
  return more > 0 ? `${shown}; and ${more} more` : shown
}
