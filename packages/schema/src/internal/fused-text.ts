import { formatJsonPath } from '@toolpipe/core/internal'
import { shownKey } from '@toolpipe/structured-output/internal'

/** A place on a path, as the fused walk writes it: a key, or the counter of an array's loop. */
export type Segment = { readonly key: string } | { readonly index: string }

/**
 * An expression for `before + subject + after`, where the subject is the quoted path of
 * `segments` as every message writes it (`quoteJsonPath`: `"edits[3].path"`): the literals are
 * worked out here, once, by `formatJsonPath` itself, and only the array positions are joined in
 * when the code runs. `formatJsonPath` writes a path one segment after another, and a position
 * as `[n]` wherever it stands, so each segment's text is where the path's text grows.
 */
export function textExpression(
  before: string,
  segments: readonly Segment[],
  after: string,
): string {
  // A long key cut as every message cuts it (quotePlace); a walk is written for shallow specs
  // only, whose paths never reach quotePlace's limit on segments.
  const sample = segments.map((segment) => ('key' in segment ? shownKey(segment.key) : 0))
  const parts: string[] = []
  let literal = `${before}"`
  let written = 0
  for (const [index, segment] of segments.entries()) {
    const text = formatJsonPath(sample.slice(0, index + 1), '')
    const piece = text.slice(written)
    written = text.length
    if ('key' in segment) {
      literal += piece
      continue
    }
    // The piece is `[0]`: the position's counter takes the 0's place.
    parts.push(JSON.stringify(`${literal}[`), segment.index)
    literal = ']'
  }
  parts.push(JSON.stringify(`${literal}"${after}`))
  return parts.join(' + ')
}
