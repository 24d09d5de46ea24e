import type { SecretFinding } from '../secret-rule.js'
import type { Scanner } from './recommended-rules.js'

/** Characters searched at a time: what bounds a rule's work on a 10 MB result or a 1 MB line. */
export const windowSize = 256 * 1024
/**
 * How far windows overlap: more than the longest secret a rule finds (a 4096-bit RSA key in PEM
 * is about 3.3 KB), so that no secret falls between two windows unseen.
 */
export const windowOverlap = 8 * 1024

/** How a scan goes on when one rule fails: told once per failure, the scan continues without it. */
export type RuleFailure = (ruleId: string, error: unknown) => void

/**
 * Every secret `scanners` find in `text` (SPEC §25), in order of their start, each range once:
 * searched window by window (bounded work whatever the text's size or line length), a rule whose
 * keywords the window does not hold skipped, a rule that throws told to `failed` and skipped,
 * values in `allow` left out. A match a window's cut edge touches is not taken from that window
 * when the window beside it sees that match whole (see {@link isCutShort}), so a secret is
 * reported once, whole, wherever the windows fall. A finding never begins or ends with a quote
 * or a backslash: a rule that takes in the quote around a value (`"mongodb://…"`) would
 * otherwise redact the quote and miss the value in `allow`. Text holding NUL characters is
 * scanned too (`env -0` prints the environment that way).
 */
export function scanText(
  text: string,
  scanners: readonly Scanner[],
  allow: ReadonlySet<string>,
  failed: RuleFailure,
): SecretFinding[] {
  const seen = new Set<string>()
  const ranges: { ruleId: string; start: number; end: number }[] = []
  for (let offset = 0; offset < text.length; offset += windowSize - windowOverlap) {
    const window =
      offset === 0 && text.length <= windowSize ? text : text.slice(offset, offset + windowSize)
    const cut = { start: offset, end: offset + window.length, length: text.length }
    for (const scanner of scanners) {
      let found: [number, number][]
      try {
        if (scanner.mayHold?.(window) === false) continue
        found = scanner.scan(window)
      } catch (error) {
        failed(scanner.id, error)
        continue
      }
      for (const [from, to] of found) {
        if (isCutShort(offset + from, offset + to, cut)) continue
        const [start, end] = unquoted(text, offset + from, offset + to)
        if (end <= start) continue
        // One secret found by two rules is one finding (the first rule's).
        const key = `${String(start)}:${String(end)}`
        if (seen.has(key) || allow.has(text.slice(start, end))) continue
        seen.add(key)
        ranges.push({ ruleId: scanner.id, start, end })
      }
    }
    if (offset + windowSize >= text.length) break
  }
  ranges.sort((a, b) => a.start - b.start || b.end - a.end)
  return withLines(text, ranges)
}

/**
 * Whether the match `[start, end)` of the window `cut` (offsets into a text of `cut.length`) may
 * be a piece of a longer match, or one only the window's edge made (`\b`, a lookbehind), that the
 * window beside it sees whole: a match that ends at the window's last character when the next
 * window (which starts `windowOverlap` before this one's end) holds its start, or one that
 * begins at the window's first character when the previous window (which ends `windowOverlap`
 * after this one's start) holds its end. A match longer than the overlap is kept even when cut:
 * no window sees it whole, and a cut secret is redacted rather than missed.
 */
function isCutShort(
  start: number,
  end: number,
  cut: { readonly start: number; readonly end: number; readonly length: number },
): boolean {
  const cutAtEnd = cut.end < cut.length && end === cut.end
  if (cutAtEnd && start > cut.end - windowOverlap) return true
  const cutAtStart = cut.start > 0 && start === cut.start
  return cutAtStart && end < cut.start + windowOverlap
}

/** `[start, end)` without the quotes and backslashes at its edges. */
function unquoted(text: string, start: number, end: number): [number, number] {
  let first = start
  let last = end
  while (first < last && isQuote(text.charCodeAt(first))) first++
  while (last > first && isQuote(text.charCodeAt(last - 1))) last--
  return [first, last]
}

/** `"`, `'`, a backtick or a backslash. */
function isQuote(code: number): boolean {
  return code === 0x22 || code === 0x27 || code === 0x60 || code === 0x5c
}

/** Each range with its 1-based line, counted once through the text. */
function withLines(
  text: string,
  ranges: readonly { ruleId: string; start: number; end: number }[],
): SecretFinding[] {
  let line = 1
  let at = 0
  return ranges.map((range) => {
    for (; at < range.start; at++) if (text.charCodeAt(at) === 10) line++
    return { ruleId: range.ruleId, start: range.start, end: range.end, line }
  })
}
