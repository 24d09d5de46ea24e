import type { PreToolDecision } from '@toolpipe/tools'
import type { Explanation } from '../../explanation.js'

/**
 * The stricter of the rules' decision and what the inner `tools/pre-execute` listeners (the
 * hooks) decided (SPEC §18.4), given the rules' explanation of the arguments the hooks left:
 * their deny stands; a rule's deny denies (`POLICY_DENIED`); a rule's ask asks, never remembered
 * by the registry (the rules are the memory), with the hooks' reason after its own and their
 * edited arguments; otherwise the hooks' decision stands.
 */
export function decideAfterHooks(
  inner: PreToolDecision,
  explanation: Explanation,
): PreToolDecision {
  if (inner.kind === 'deny') return inner
  if (explanation.decision === 'deny') {
    return { kind: 'deny', reason: explanation.reason, code: 'POLICY_DENIED' }
  }
  if (explanation.decision === 'ask') {
    const reason =
      inner.kind === 'ask' && inner.reason !== undefined
        ? `${explanation.reason}; ${inner.reason}`
        : explanation.reason
    return inner.arguments === undefined
      ? { kind: 'ask', reason, remember: false }
      : { kind: 'ask', reason, remember: false, arguments: inner.arguments }
  }
  return inner
}
