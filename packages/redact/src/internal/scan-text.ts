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
 * values in `allow` left out. A finding never begins or ends with a quote or a backslash: a
 * rule that takes in the quote around a value (`"mongodb://…"`) would otherwise redact the quote
 * and miss the value in `allow`. Text holding NUL characters is scanned too (`env -0` prints the
 * environment that way).
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
        const [start, end] = unquoted(text, offset + from, offset + to)
        if (!(start >= offset && end > start && end <= offset + window.length)) continue
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
