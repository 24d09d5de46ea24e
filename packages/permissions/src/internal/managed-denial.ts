import type { PreToolDecision, ToolDecision } from '@toolpipe/tools'
import type { Explanation } from '../explanation.js'
import type { PermissionMode as Mode } from '@toolpipe/settings-files'
import type { ManagedUnreadable } from './rules/rule-set.js'

/** The code of every denial while a managed file cannot be read or parsed (SPEC §26). */
export const managedUnreadableCode = 'MANAGED_POLICY_UNREADABLE'

/**
 * The decision every call gets while a managed file cannot be used: a deny, whatever the other
 * sources, the mode or a hook say — the admin's file is the policy, and no part of it may lapse
 * because it does not parse.
 */
export function managedDenial(unreadable: ManagedUnreadable): PreToolDecision {
  return { kind: 'deny', reason: unreadable.reason, code: managedUnreadableCode }
}

/** Its `tools/decision` record (SPEC §18.5, stage `rule`), naming the file. */
export function managedDenialRecord(unreadable: ManagedUnreadable): ToolDecision {
  return {
    stage: 'rule',
    outcome: 'deny',
    source: { kind: 'permissions', id: managedUnreadableCode, path: unreadable.path },
    reason: unreadable.reason,
  }
}

/** What `explain` says meanwhile: a deny with that reason, and no rule or subject judged. */
export function managedDenialExplanation(unreadable: ManagedUnreadable, mode: Mode): Explanation {
  return { decision: 'deny', basis: 'cannot-read', mode, reason: unreadable.reason, subjects: [] }
}
