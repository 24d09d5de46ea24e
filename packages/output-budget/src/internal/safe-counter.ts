import { Buffer } from 'node:buffer'
import { describeValue } from '@toolpipe/core/internal'
import type { TokenCounter } from '../token-counter.js'
import type { CountTokens } from './token-search.js'

/**
 * `counter` made safe for one cut: a count that throws, or is not a finite number ≥ 0, is reported
 * once through `onFailure`, and from then on, for the rest of this cut, every text counts its
 * UTF-8 bytes (an upper bound: a token is at least one byte), so a broken counter can make a cut
 * shorter, never make the budget fail the call. Fractions are rounded up.
 */
export function safeCounter(
  counter: TokenCounter,
  onFailure: (error: unknown) => void,
): CountTokens {
  let failed = false
  const approximate = (counter as { readonly approximate?: unknown }).approximate === true
  const count = (text: string): number => {
    if (!failed) {
      try {
        const tokens: unknown = counter(text)
        if (typeof tokens === 'number' && tokens >= 0 && Number.isFinite(tokens)) {
          return Math.ceil(tokens)
        }
        failed = true
        onFailure(new TypeError(`countTokens returned ${describeValue(tokens)}, not a count`))
      } catch (error) {
        failed = true
        onFailure(error)
      }
    }
    return Buffer.byteLength(text)
  }
  // Counts are bytes once the counter failed (or when it counts bytes itself): `~N`.
  return Object.defineProperty(count, 'approximate', { get: () => failed || approximate })
}
