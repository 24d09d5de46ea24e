import type { SecretAction, SecretFinding } from '../secret-rule.js'

/**
 * `text` with its findings replaced (SPEC §25): `redact` → `[REDACTED:<rule id>]`, `mask` → the
 * first and last 4 characters kept and the rest `*` (a value of 8 characters or fewer all `*`:
 * keeping eight of them would show it whole).
 * Overlapping findings are replaced as one span, named by the first.
 */
export function applyAction(
  text: string,
  findings: readonly SecretFinding[],
  action: Exclude<SecretAction, 'block'>,
): string {
  let out = ''
  let at = 0
  findings.forEach((first, position) => {
    if (first.start < at) return
    let end = first.end
    // The findings are sorted by start: those that begin before this span ends join it.
    for (let index = position + 1; index < findings.length; index++) {
      const next = findings[index]
      if (next === undefined || next.start >= end) break
      end = Math.max(end, next.end)
    }
    out += text.slice(at, first.start)
    out += action === 'redact' ? `[REDACTED:${first.ruleId}]` : mask(text.slice(first.start, end))
    at = end
  })
  return out + text.slice(at)
}

function mask(value: string): string {
  if (value.length <= 8) return '*'.repeat(value.length)
  return `${value.slice(0, 4)}${'*'.repeat(value.length - 8)}${value.slice(-4)}`
}
