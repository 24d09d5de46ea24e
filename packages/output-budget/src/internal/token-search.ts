import { sliceEnd, sliceStart } from './text-slices.js'

/** A counter that never throws and always answers a whole number ≥ 0 (see `SafeCounter`). */
/**
 * Counts a text's tokens. `approximate`: what it counts is an upper bound, not the tokens (a
 * failed counter's UTF-8 bytes), so a count it gives is written `~N`.
 */
export type CountTokens = ((text: string) => number) & { readonly approximate?: boolean }

/**
 * How many tokens a prefix may count above the whole text: a prefix that stops inside a word can
 * tokenize into a few more pieces than the word does. A prefix this far over a limit proves the
 * whole text is over it too.
 */
const prefixSlack = 64

/**
 * The tokens of `text` when they are at most `limit`, else `undefined`, counting no more of a
 * long text than it takes to know: prefixes of doubling length, so a 100 MB output over a 25,000
 * token budget costs one count of a few hundred kilobytes, not of 100 MB.
 */
export function countWithin(text: string, limit: number, count: CountTokens): number | undefined {
  let length = Math.min(text.length, Math.max(4_096, limit * 8))
  for (;;) {
    const end = sliceEnd(text, length)
    const tokens = count(end >= text.length ? text : text.slice(0, end))
    if (end >= text.length) return tokens <= limit ? tokens : undefined
    if (tokens > limit + prefixSlack) return undefined
    length = Math.min(text.length, length * 2)
  }
}

/** A slice that fits: where it ends (or starts, for a tail) and what it counts. */
export interface FittedSlice {
  readonly index: number
  readonly tokens: number
}

/**
 * The longest prefix of `text` (ending at most at `to`) that counts at most `limit` tokens, as
 * the index it ends at; cut after a line break when one lies in its last fifth, so the head ends
 * on a whole line. A handful of counts of head-sized slices: each guess scales the last one by
 * how far its count was from the limit.
 */
export function fitPrefix(
  text: string,
  limit: number,
  count: CountTokens,
  to: number,
): FittedSlice {
  const fitted = fitLength(limit, to, (length) => {
    const end = sliceEnd(text, length)
    return { length: end, tokens: count(text.slice(0, end)) }
  })
  if (fitted.length >= to || fitted.length === 0)
    return { index: fitted.length, tokens: fitted.tokens }
  const lineEnd = text.lastIndexOf('\n', fitted.length - 1) + 1
  if (lineEnd > fitted.length - fitted.length / 5 && lineEnd > 0) {
    return { index: lineEnd, tokens: count(text.slice(0, lineEnd)) }
  }
  return { index: fitted.length, tokens: fitted.tokens }
}

/**
 * The longest suffix of `text` starting at `from` or later that counts at most `limit` tokens,
 * as the index it starts at; started after a line break when one lies in its first fifth.
 */
export function fitSuffix(
  text: string,
  limit: number,
  count: CountTokens,
  from: number,
): FittedSlice {
  const fitted = fitLength(limit, text.length - from, (length) => {
    const start = sliceStart(text, text.length - length)
    return { length: text.length - start, tokens: count(text.slice(start)) }
  })
  const start = text.length - fitted.length
  if (start <= from || fitted.length === 0) return { index: start, tokens: fitted.tokens }
  const lineStart = text.indexOf('\n', start) + 1
  if (lineStart > 0 && lineStart < start + fitted.length / 5) {
    return { index: lineStart, tokens: count(text.slice(lineStart)) }
  }
  return { index: start, tokens: fitted.tokens }
}

/** What a guess of a slice length measured: the length it really took, and its tokens. */
interface Measured {
  readonly length: number
  readonly tokens: number
}

/**
 * The longest length up to `most` whose slice counts at most `limit`, by secant steps on the
 * count (token counts grow about linearly with length). Lengths up to `limit / 3` need no count:
 * a UTF-16 unit is at most three UTF-8 bytes, and a token at least one.
 */
function fitLength(limit: number, most: number, measure: (length: number) => Measured): Measured {
  if (limit <= 0 || most <= 0) return { length: 0, tokens: 0 }
  let low: Measured = { length: 0, tokens: 0 }
  let high = most + 1
  let guess = Math.min(most, limit * 4)
  for (let step = 0; step < 48; step++) {
    const measured = measure(guess)
    if (measured.tokens <= limit) {
      if (measured.length > low.length) low = measured
      if (measured.length >= most || measured.tokens >= limit * 0.98) break
    } else {
      high = Math.min(high, Math.max(measured.length, 1))
    }
    if (high - low.length <= Math.max(1, Math.floor(low.length / 100))) break
    let next =
      measured.tokens === 0 ? guess * 2 : Math.floor((guess * limit * 0.99) / measured.tokens)
    // Outside what is known, or no progress: bisect.
    if (next <= low.length || next >= high || next === guess) {
      next = Math.floor((low.length + high) / 2)
    }
    guess = Math.min(next, most)
    if (guess <= low.length) break
  }
  if (low.length === 0 && limit >= 3) {
    // Nothing counted fit: this length needs no count to fit (a token is at least one byte).
    return measure(Math.min(most, Math.floor(limit / 3)))
  }
  return low
}
