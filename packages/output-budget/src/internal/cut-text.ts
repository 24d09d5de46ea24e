import { Buffer } from 'node:buffer'
import { sliceEnd, sliceStart } from './text-slices.js'
import { fitPrefix, fitSuffix } from './token-search.js'
import type { CountTokens } from './token-search.js'

/**
 * An omitted part up to this many UTF-8 bytes is counted exactly; a larger one is estimated from
 * samples (and the notice says `~`). At the `o200k_base` counter's 5–17 MB/s (bench/README.md)
 * an exact count of this much takes 30–100 ms; of 100 MB, many seconds.
 */
export const exactCountLimitBytes = 512 * 1024

/** Samples an estimate counts: this many windows of `sampleChars`, spread over the omitted part. */
const sampleCount = 8
const sampleChars = 8 * 1024

/** A text cut to a head and a tail, and what the cut left out. */
export interface TextCut {
  readonly head: string
  readonly tail: string
  /** UTF-16 units of the part between head and tail. */
  readonly omittedLength: number
  /** UTF-8 bytes of the part between head and tail. */
  readonly omittedBytes: number
  /** Tokens of that part: exact, or estimated when `estimated`. */
  readonly omittedTokens: number
  readonly estimated: boolean
}

/**
 * Cuts `text` to its longest head of at most `headTokens` tokens and its longest tail of at most
 * `tailTokens` (never overlapping), and measures what lies between. `textBytes` is the UTF-8
 * length of `text`, measured once by the caller.
 */
export function cutText(
  text: string,
  textBytes: number,
  headTokens: number,
  tailTokens: number,
  count: CountTokens,
): TextCut {
  const head = fitPrefix(text, headTokens, count, text.length)
  const tail = fitSuffix(text, tailTokens, count, head.index)
  const tailStart = Math.max(tail.index, head.index)
  const headText = text.slice(0, head.index)
  const tailText = text.slice(tailStart)
  const omittedBytes = textBytes - Buffer.byteLength(headText) - Buffer.byteLength(tailText)
  if (omittedBytes <= exactCountLimitBytes) {
    const omitted = text.slice(head.index, tailStart)
    return {
      head: headText,
      tail: tailText,
      omittedLength: tailStart - head.index,
      omittedBytes,
      omittedTokens: omitted === '' ? 0 : count(omitted),
      // Bytes counted for tokens (a failed counter) are an upper bound, not a count.
      estimated: count.approximate === true,
    }
  }
  return {
    head: headText,
    tail: tailText,
    omittedLength: tailStart - head.index,
    omittedBytes,
    omittedTokens: estimateTokens(text, head.index, tailStart, omittedBytes, count),
    estimated: true,
  }
}

/**
 * The tokens of `text.slice(from, to)` (`bytes` UTF-8 bytes), estimated from the tokens per byte
 * of windows spread evenly over it: log lines, a lockfile and prose each keep their own ratio.
 */
function estimateTokens(
  text: string,
  from: number,
  to: number,
  bytes: number,
  count: CountTokens,
): number {
  let sampledTokens = 0
  let sampledBytes = 0
  const stride = Math.floor((to - from) / sampleCount)
  for (let sample = 0; sample < sampleCount; sample++) {
    const start = sliceStart(text, from + sample * stride)
    const window = text.slice(start, sliceEnd(text, Math.min(to, start + sampleChars)))
    sampledTokens += count(window)
    sampledBytes += Buffer.byteLength(window)
  }
  return sampledBytes === 0
    ? bytes
    : Math.max(1, Math.round((bytes * sampledTokens) / sampledBytes))
}
