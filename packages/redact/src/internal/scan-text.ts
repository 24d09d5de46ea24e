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
 * values in `allow` left out. Undefined for text that is not text (it holds NUL characters).
 */
export function scanText(
  text: string,
  scanners: readonly Scanner[],
  allow: ReadonlySet<string>,
  failed: RuleFailure,
): SecretFinding[] | undefined {
  if (text.includes('\u0000')) return undefined
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
        const start = offset + from
        const end = offset + to
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
