import { countInPieces } from './internal/count-in-pieces.js'
import { runKinds } from './internal/run-kinds.js'

/**
 * Counts the tokens a text costs in the model's context window: synchronous, deterministic, and
 * never more tokens than the text has UTF-8 bytes (a token is at least one byte, which is what
 * lets the budget leave a text whose UTF-8 length is within it uncounted).
 */
export type TokenCounter = (text: string) => number

/**
 * Loads the default counter: OpenAI's `o200k_base` byte-pair encoding (GPT-4o, GPT-4.1, GPT-5,
 * the o-series), from the `gpt-tokenizer` package, whose merge ranks ship inside it (nothing is
 * downloaded). Special-token text such as `<|endoftext|>` counts as the ordinary text it is in a
 * tool's output. The first call loads the ranks (about half a second and 25 MB of heap); later
 * calls reuse the module.
 *
 * Its cost is linear in the text's length whatever the text: a run of more than 256 characters
 * of one kind with no break (`====…`, base64 of zeros `AAAA…`, an emoji repeated, a stretch of
 * spaces), which the encoding would merge at a cost growing with the square of its length, is
 * counted in pieces of at most 256 UTF-16 units, and its count is the sum of the pieces' (an
 * estimate, most often a token or so per piece above the whole's). A text without such a run is
 * counted whole, exactly.
 *
 * @example
 * const countTokens = await loadO200kTokenCounter()
 * countTokens('hello world') // 2
 */
export async function loadO200kTokenCounter(): Promise<TokenCounter> {
  const { countTokens } = await import('gpt-tokenizer/encoding/o200k_base')
  // Without this, gpt-tokenizer throws on the text of a special token; a tool's output is data.
  const asPlainText = { disallowedSpecial: new Set<string>() }
  const countPiece = (text: string): number => countTokens(text, asPlainText)
  const kinds = runKinds()
  return (text) => countInPieces(text, countPiece, kinds)
}
