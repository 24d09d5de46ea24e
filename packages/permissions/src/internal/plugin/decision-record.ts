import type { ToolDecision } from '@toolpipe/tools'
import type { Explanation } from '../../explanation.js'

/**
 * The `tools/decision` record of an explanation (SPEC §18.5, stage `rule`): the rule that decided
 * (its text, and its file when it has one), or `mode:<mode>` when no rule did.
 */
export function decisionRecord(explanation: Explanation): ToolDecision {
  const rule = explanation.rule
  if (rule === undefined && explanation.basis === 'sandbox') {
    return {
      stage: 'rule',
      outcome: explanation.decision,
      source: { kind: 'sandbox', id: 'autoAllowBashIfSandboxed' },
      reason: explanation.reason,
    }
  }
  return {
    stage: 'rule',
    outcome: explanation.decision,
    source:
      rule === undefined
        ? { kind: 'permissions', id: `mode:${explanation.mode}` }
        : rule.source.path === undefined
          ? { kind: 'permissions', id: rule.text }
          : { kind: 'permissions', id: rule.text, path: rule.source.path },
    reason: explanation.reason,
  }
}
