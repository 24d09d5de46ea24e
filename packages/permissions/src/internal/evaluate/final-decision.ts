import type { DecisionBasis, PermissionDecision } from '../../explanation.js'
import type { PermissionMode as Mode } from '@toolpipe/settings-files'
import type { Verdict } from './verdict.js'

/** One item of a call (a simple command, a file, a URL, the call itself) and what rules said. */
export interface Item {
  readonly verdict: Verdict | undefined
  /** An edit inside the working or an additional directory (acceptEdits allows it). */
  readonly insideEdit?: boolean
  /** A read inside the working or an additional directory by a read-only tool. */
  readonly insideRead?: boolean
  /** Deny and ask only: never decided by the mode. */
  readonly denyOnly?: boolean
}

/** An item's decision once the mode has had its part. */
export interface Final {
  readonly decision: PermissionDecision
  readonly basis: DecisionBasis
  readonly verdict: Verdict | undefined
  readonly reason: string
}

/**
 * The mode's part (SPEC §18.2, §26): it decides what no rule did — and only that. An ask a rule
 * gave, or one that comes from "possibly denied", "cannot read" or "hidden command", stays an
 * ask in `bypassPermissions` and is a deny in `dontAsk`.
 */
export function finalDecision(item: Item, readOnly: boolean, mode: Mode, sandboxed = false): Final {
  const verdict = item.verdict
  if (verdict?.decision === 'deny') {
    return { decision: 'deny', basis: 'rule', verdict, reason: verdict.reason }
  }
  if (mode === 'plan' && !readOnly) {
    return {
      decision: 'deny',
      basis: 'mode',
      verdict: undefined,
      reason: 'denied: plan mode lets only read-only tools run',
    }
  }
  if (item.denyOnly === true && verdict === undefined) {
    return { decision: 'allow', basis: 'mode', verdict, reason: 'read by deny and ask rules only' }
  }
  if (verdict?.decision === 'allow') {
    return { decision: 'allow', basis: 'rule', verdict, reason: verdict.reason }
  }
  if (verdict === undefined) return byMode(item, mode, sandboxed)
  const basis = verdict.basis ?? 'rule'
  if (mode === 'dontAsk') {
    return {
      decision: 'deny',
      basis,
      verdict,
      reason: `denied: dontAsk mode denies what would ask (${verdict.reason})`,
    }
  }
  return { decision: 'ask', basis, verdict, reason: verdict.reason }
}

/**
 * What the mode decides for an item no rule matched — or the sandbox, for an item of a command
 * that runs sandboxed with `autoAllowBashIfSandboxed` (SPEC §23): allowed where the mode would
 * ask or deny for want of a rule.
 */
function byMode(item: Item, mode: Mode, sandboxed: boolean): Final {
  const allow = (reason: string): Final => ({
    decision: 'allow',
    basis: 'mode',
    verdict: undefined,
    reason,
  })
  if (mode === 'acceptEdits' && item.insideEdit === true) {
    return allow('allowed: acceptEdits mode accepts edits in the working directories')
  }
  if (mode === 'plan') return allow('allowed: a read-only tool in plan mode')
  if (item.insideRead === true) {
    return allow('allowed: a read-only tool reading inside the working directories')
  }
  if (sandboxed && mode !== 'bypassPermissions') {
    return {
      decision: 'allow',
      basis: 'sandbox',
      verdict: undefined,
      reason: 'allowed: no rule matched and it runs in the sandbox (autoAllowBashIfSandboxed)',
    }
  }
  if (mode === 'bypassPermissions') {
    return allow(
      `allowed: bypassPermissions mode allows what would ask (no rule matched, ${mode} mode)`,
    )
  }
  if (mode === 'dontAsk') {
    return {
      decision: 'deny',
      basis: 'mode',
      verdict: undefined,
      reason: `denied: dontAsk mode denies what would ask (no rule matched, ${mode} mode)`,
    }
  }
  return {
    decision: 'ask',
    basis: 'mode',
    verdict: undefined,
    reason: `no rule matched, ${mode} mode`,
  }
}
