import type { DecisionBasis, PermissionDecision } from '../../explanation.js'
import type { CompiledRule } from '../rules/compiled-rule.js'
import type { GeminiRule } from '../rules/gemini-policy.js'

/** What the rules (of one family) say about one item of a call: a decision, or nothing. */
export interface Verdict {
  readonly decision: PermissionDecision
  readonly rule?: CompiledRule | GeminiRule | undefined
  readonly reason: string
  /**
   * Why an ask asks (SPEC §26): an ask rule (`rule`, the default), a deny rule that may match
   * (`possibly-denied`), a line the judge cannot read (`cannot-read`), or something that hides a
   * command (`hidden-command`). No mode turns any of them into an allow.
   */
  readonly basis?: Exclude<DecisionBasis, 'mode'>
}

const rank: Readonly<Record<PermissionDecision, number>> = { allow: 0, ask: 1, deny: 2 }

/** The stricter of two verdicts (deny > ask > allow); either when the other is missing. */
export function stricter(a: Verdict | undefined, b: Verdict | undefined): Verdict | undefined {
  if (a === undefined) return b
  if (b === undefined) return a
  return rank[b.decision] > rank[a.decision] ? b : a
}

/** How a rule is named in reasons: `rule "Bash(rm *)" in .toolpipe/settings.json`. */
export function describeRule(rule: CompiledRule | GeminiRule): string {
  return `rule "${rule.text}" in ${rule.origin.label}`
}
