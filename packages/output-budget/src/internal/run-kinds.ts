/**
 * The kinds of run a character continues, as the `o200k_base` pre-tokenizer splits a text: a
 * word is one run of letters and marks, punctuation and symbols (emoji, `=`) run together with
 * marks, whitespace runs alone, and digits never make a long piece (at most three at a time).
 * A mark continues both a word and a run of symbols.
 */
export const letterRun = 1
export const symbolRun = 2
export const spaceRun = 4

/** Which runs each character continues (bits of the three kinds above). */
export interface RunKinds {
  /** By UTF-16 unit, every character of the Basic Multilingual Plane (a lone surrogate: a symbol). */
  readonly basic: Uint8Array
  /** A character outside it (an emoji, a rare ideograph), by its code point. */
  readonly astral: (codePoint: number) => number
}

/** Each kind's class, as the pre-tokenizer's own pattern writes it. */
const classes = [
  [letterRun, String.raw`[\p{L}\p{M}]`],
  [symbolRun, String.raw`[^\s\p{L}\p{N}]`],
  [spaceRun, String.raw`\s`],
] as const

/**
 * The kinds of every character, worked out once (a few milliseconds, beside the tokenizer's half
 * second of loading): the Basic Multilingual Plane as a table, each class matched over all of it
 * at once; a character outside it when it is met.
 */
export function runKinds(): RunKinds {
  const basic = new Uint8Array(0x10000)
  // Every unit but the surrogates (two of them side by side would read as one astral character).
  let plane = ''
  for (let start = 0; start < 0x10000 - 0x800; start += 0x1000) {
    const units = Array.from({ length: 0x1000 }, (_, offset) => unitAt(start + offset))
    plane += String.fromCharCode(...units)
  }
  for (const [kind, pattern] of classes) {
    for (const match of plane.matchAll(new RegExp(`${pattern}+`, 'gu'))) {
      for (let index = match.index; index < match.index + match[0].length; index++) {
        const unit = unitAt(index)
        basic[unit] = (basic[unit] ?? 0) | kind
      }
    }
  }
  basic.fill(symbolRun, 0xd800, 0xe000)
  const single = classes.map(([kind, pattern]) => [kind, new RegExp(`^${pattern}$`, 'u')] as const)
  const astral = (codePoint: number): number => {
    const char = String.fromCodePoint(codePoint)
    let kind = 0
    for (const [bit, pattern] of single) if (pattern.test(char)) kind |= bit
    return kind
  }
  return { basic, astral }
}

/** The UTF-16 unit at `index` of the plane without its surrogates. */
function unitAt(index: number): number {
  return index < 0xd800 ? index : index + 0x800
}
