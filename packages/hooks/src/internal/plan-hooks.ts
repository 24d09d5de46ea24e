import { ruleNamesOf } from '@toolpipe/settings-files'
import type { HooksDialect } from '../hooks-settings.js'
import type { ConfiguredHook, HookGroup } from './hook-group.js'

/** The hooks one call runs at one moment, and how. */
export interface HookPlan {
  /** In configuration order; each command once, with the longest of its timeouts. */
  readonly hooks: readonly ConfiguredHook[]
  /** One after another (Gemini CLI's `sequential`), else all at once. */
  readonly sequential: boolean
}

/** Whether a group's hooks run at `moment` (`after` ones after a success and a failure alike). */
export function runsAt(group: HookGroup, moment: 'pre' | 'success' | 'failure'): boolean {
  return group.stage === moment || (group.stage === 'after' && moment !== 'pre')
}

/**
 * Picks the hooks for a call of the tool with rule name `ruleName` at `moment` (SPEC §19): every
 * group of that moment whose matcher matches the name or its other family's alias (SPEC §26:
 * `Bash` and `run_shell_command` are one tool), in configuration order (sources by precedence);
 * identical commands run once, with the longest of their timeouts and the first one's origin. In
 * the `gemini` dialect, a matching group with `sequential: true` makes them all run in order.
 */
export function planHooks(
  groups: readonly HookGroup[],
  moment: 'pre' | 'success' | 'failure',
  ruleName: string,
  dialect: HooksDialect,
): HookPlan {
  const names = ruleNamesOf(ruleName)
  const byCommand = new Map<string, ConfiguredHook>()
  let sequential = false
  for (const group of groups) {
    if (!runsAt(group, moment)) continue
    if (!names.some((name) => group.matches(name))) continue
    if (group.sequential && dialect === 'gemini') sequential = true
    for (const hook of group.hooks) {
      const seen = byCommand.get(hook.command)
      if (seen === undefined) byCommand.set(hook.command, hook)
      else if (hook.timeoutMs > seen.timeoutMs) {
        byCommand.set(hook.command, { ...seen, timeoutMs: hook.timeoutMs })
      }
    }
  }
  return { hooks: [...byCommand.values()], sequential }
}
