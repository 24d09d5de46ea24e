import { letterRun, spaceRun, symbolRun } from './run-kinds.js'
import type { RunKinds } from './run-kinds.js'

/**
 * The longest run of one kind (letters, symbols, whitespace; see `run-kinds.ts`), in UTF-16
 * units, that the tokenizer is handed whole. A byte-pair encoder merges within a run one pair at
 * a time, so what one run costs grows with the square of its length (300,000 `=` took two
 * minutes); a run up to this long (a separator line, a long word, a path) costs nothing special.
 */
export const longestRun = 256

/**
 * `count(text)`, in linear time for any text. A text with no run longer than
 * {@link longestRun} is counted whole, exactly. One with longer runs (`====…`, `AAAA…`, an emoji
 * repeated) is counted in the pieces {@link splitLongRuns} makes, and its count is the sum of
 * theirs: an estimate that a cut run makes a token or so per piece larger than the whole's, most
 * often. A piece like the one before it (a run of one character) is counted once, whatever the
 * counter's own cache holds (a full one makes each of its hits dear).
 */
export function countInPieces(
  text: string,
  count: (text: string) => number,
  kinds: RunKinds,
): number {
  if (text.length <= longestRun) return count(text)
  let tokens = 0
  let lastPiece: string | undefined
  let lastTokens = 0
  splitLongRuns(text, kinds, (piece) => {
    if (piece !== lastPiece) {
      lastPiece = piece
      lastTokens = count(piece)
    }
    tokens += lastTokens
  })
  return tokens
}

/**
 * Hands `onPiece` the pieces of `text`, in order: the text itself when it has no run longer
 * than {@link longestRun}; else the text cut inside those runs only, and never inside a surrogate
 * pair, so that no piece holds more than {@link longestRun} units of one run. One pass, a table
 * look-up a character.
 */
export function splitLongRuns(
  text: string,
  kinds: RunKinds,
  onPiece: (piece: string) => void,
): void {
  const { basic, astral } = kinds
  let start = 0
  let letters = 0
  let symbols = 0
  let spaces = 0
  let lastPoint = -1
  let lastKind = 0
  for (let index = 0; index < text.length;) {
    const unit = text.charCodeAt(index)
    const next = unit >= 0xd800 && unit <= 0xdbff ? text.charCodeAt(index + 1) : Number.NaN
    const width = next >= 0xdc00 && next <= 0xdfff ? 2 : 1
    let kind = basic[unit] ?? 0
    if (width === 2) {
      const point = (unit - 0xd800) * 0x400 + (next - 0xdc00) + 0x10000
      // A run of one emoji asks for its kind once.
      if (point !== lastPoint) {
        lastPoint = point
        lastKind = astral(point)
      }
      kind = lastKind
    }
    letters = kind & letterRun ? letters + width : 0
    symbols = kind & symbolRun ? symbols + width : 0
    spaces = kind & spaceRun ? spaces + width : 0
    if (letters > longestRun || symbols > longestRun || spaces > longestRun) {
      // Cut before this character: every run starts again from it.
      onPiece(text.slice(start, index))
      start = index
      letters = kind & letterRun ? width : 0
      symbols = kind & symbolRun ? width : 0
      spaces = kind & spaceRun ? width : 0
    }
    index += width
  }
  onPiece(start === 0 ? text : text.slice(start))
}
