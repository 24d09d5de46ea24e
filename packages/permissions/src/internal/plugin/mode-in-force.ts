import type { PermissionMode as Mode } from '@toolpipe/settings-files'
import type { RuleSet } from '../rules/rule-set.js'

/** The mode calls are judged in, and whether a managed source refused the one asked for. */
export interface ModeInForce {
  readonly mode: Mode
  /** `bypassPermissions` was asked for, and a managed source disables it: `default` applies. */
  readonly bypassRefused: boolean
}

/**
 * The mode in force (SPEC §18.3): the `mode` option, else the highest source's `defaultMode`,
 * else `default` — and `default` instead of `bypassPermissions` when a managed source disables it.
 */
export function modeInForce(option: Mode | undefined, rules: RuleSet): ModeInForce {
  const mode = option ?? rules.defaultMode ?? 'default'
  if (mode === 'bypassPermissions' && rules.bypassDisabled) {
    return { mode: 'default', bypassRefused: true }
  }
  return { mode, bypassRefused: false }
}
