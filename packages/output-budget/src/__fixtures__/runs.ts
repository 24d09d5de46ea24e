/**
 * The longest run of one kind `text` holds, in UTF-16 units, by the `o200k_base` pre-tokenizer's
 * own classes (letters and marks, other non-digit symbols and marks, whitespace): what a
 * byte-pair encoder would merge as one piece, at a cost growing with the square of its length.
 * Written with the patterns, apart from the scan it checks.
 */
export function longestRunOf(text: string): number {
  let longest = 0
  for (const pattern of [/[\p{L}\p{M}]+/gu, /[^\s\p{L}\p{N}]+/gu, /\s+/gu]) {
    for (const [run] of text.matchAll(pattern)) longest = Math.max(longest, run.length)
  }
  return longest
}
