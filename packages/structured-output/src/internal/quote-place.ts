import { formatJsonPath, quoteJsonPath, quoteString } from '@toolpipe/core/internal'

// SPEC §22: "A message never grows with the size of a schema". A place is written by the one path
// writer (`quoteJsonPath`), but a key of 20,000 characters, or a path as deep as a schema may
// nest, would make every message about it as long: the place is cut the way a long value is.

/** Keys longer than this many UTF-16 units are cut in a message, as `quoteString` cuts a string. */
const longestShownKey = 64

/** A place of more segments than this shows the first and the last half of them. */
export const mostShownSegments = 32

/**
 * A key as a message writes it: whole up to 64 UTF-16 units; longer, cut where `quoteString`
 * cuts a long string (never inside a surrogate pair) and ended with `…`. An index stays as it is.
 * The issue's `path` keeps the key whole: only its words are cut.
 *
 * @example
 * shownKey('p'.repeat(20_000)) // 'ppp…' (63 + 1 characters)
 */
export function shownKey(key: string | number): string | number {
  if (typeof key !== 'string' || key.length <= longestShownKey) return key
  // quoteString's own cut, read back from the JSON text it writes.
  return JSON.parse(quoteString(key)) as string
}

/**
 * The place an issue is about, as every message names it (`quoteJsonPath`: `"edits[3].path"`,
 * or `whole` for the root), bounded: each key cut by {@link shownKey}, and a path of more than
 * 32 segments written as its first 16, `…`, and its last 16 (`"a.b.….y.z"`).
 */
export function quotePlace(path: readonly (string | number)[], whole: string): string {
  if (path.length <= mostShownSegments) {
    return path.some(isLongKey)
      ? quoteJsonPath(path.map(shownKey), whole)
      : quoteJsonPath(path, whole)
  }
  const half = mostShownSegments / 2
  const head = formatJsonPath(path.slice(0, half).map(shownKey), '')
  return `"${formatJsonPath(path.slice(-half).map(shownKey), `${head}.…`)}"`
}

function isLongKey(key: string | number): boolean {
  return typeof key === 'string' && key.length > longestShownKey
}
