import type { ExplainedRule } from '../../explanation.js'
import type { CompiledRule } from '../rules/compiled-rule.js'
import type { GeminiRule } from '../rules/gemini-policy.js'

/** A rule as `explain` shows it. */
export function explainRule(rule: CompiledRule | GeminiRule): ExplainedRule {
  const source =
    rule.origin.path === undefined
      ? { kind: rule.origin.kind }
      : { kind: rule.origin.kind, path: rule.origin.path }
  return {
    text: rule.text,
    source,
    list: 'list' in rule ? rule.list : rule.decision,
    index: rule.index,
  }
}
