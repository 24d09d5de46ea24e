import { isPlainObject } from '@toolpipe/core/internal'
import type { PermissionMode as Mode } from '@toolpipe/settings-files'
import type { RuleOrigin } from './compiled-rule.js'
import { compileGeminiPolicy } from './gemini-policy.js'
import type { GeminiRule } from './gemini-policy.js'
import { RuleIndex } from './rule-index.js'
import type { LoadedSource, RuleContext, RuleWarning } from './rule-inputs.js'
import { addSettingsSource } from './settings-source.js'
import type { SettingsDraft } from './settings-source.js'

export type { LoadedSource, RuleContext, RuleWarning } from './rule-inputs.js'

/** Every rule in force, merged from every source (SPEC §18.3). */
export interface RuleSet {
  readonly deny: RuleIndex
  readonly ask: RuleIndex
  readonly allow: RuleIndex
  readonly gemini: readonly GeminiRule[]
  /** The highest source's `defaultMode`, if any. */
  readonly defaultMode: Mode | undefined
  readonly defaultModeOrigin: RuleOrigin | undefined
  /** Absolute folders `acceptEdits` treats as the working directory. */
  readonly additionalDirectories: readonly string[]
  /** A managed source forbids `bypassPermissions`. */
  readonly bypassDisabled: boolean
  /** A managed source allows only managed rules. */
  readonly managedRulesOnly: boolean
  /**
   * A managed file exists but cannot be read or parsed (the highest such source): every call is
   * denied, `MANAGED_POLICY_UNREADABLE`, with `reason`, until it parses (SPEC §26).
   */
  readonly managedUnreadable?: ManagedUnreadable | undefined
}

/** The managed file that cannot be used, and the reason every call is denied. */
export interface ManagedUnreadable {
  readonly label: string
  /** The file, absolute. */
  readonly path: string
  readonly reason: string
}

/**
 * Merges sources (given highest precedence first) into one rule set (SPEC §18.3): each settings
 * source's lists, each Gemini CLI policy's `[[rule]]`s (highest priority first), the managed
 * sources' restrictions. Each malformed rule or setting is told to `warn` with its file and
 * index, and ignored: never a crash, never an allow it did not say.
 */
export function buildRuleSet(
  sources: readonly LoadedSource[],
  context: RuleContext,
  warn: (warning: RuleWarning) => void,
): RuleSet {
  const managed = managedRestrictions(sources)
  const draft: SettingsDraft = {
    indexes: { deny: new RuleIndex(), ask: new RuleIndex(), allow: new RuleIndex() },
    order: { deny: 0, ask: 0, allow: 0 },
    defaultMode: undefined,
    defaultModeOrigin: undefined,
    additionalDirectories: [],
  }
  const gemini: GeminiRule[] = []
  for (const source of sources) {
    // A managed source may allow only its own rules: every other source's are left out.
    const rulesIgnored = managed.managedRulesOnly && source.kind !== 'managed'
    if (source.format === 'settings') {
      addSettingsSource(draft, source, context, rulesIgnored, warn)
    } else if (!rulesIgnored) {
      gemini.push(...compileGeminiSource(source, warn))
    }
  }
  return {
    ...draft.indexes,
    managedUnreadable: findManagedUnreadable(sources),
    gemini: gemini.sort((a, b) => b.priority - a.priority || strictness(b) - strictness(a)),
    defaultMode: draft.defaultMode,
    defaultModeOrigin: draft.defaultModeOrigin,
    additionalDirectories: draft.additionalDirectories,
    ...managed,
  }
}

/** What the managed settings sources forbid the others: their rules, `bypassPermissions`. */
function managedRestrictions(sources: readonly LoadedSource[]): {
  readonly bypassDisabled: boolean
  readonly managedRulesOnly: boolean
} {
  let bypassDisabled = false
  let managedRulesOnly = false
  for (const source of sources) {
    if (source.kind !== 'managed' || source.format !== 'settings') continue
    const value = source.value
    if (!isPlainObject(value)) continue
    const permissions = isPlainObject(value.permissions) ? value.permissions : {}
    if (
      value.allowManagedPermissionRulesOnly === true ||
      permissions.allowManagedPermissionRulesOnly === true
    ) {
      managedRulesOnly = true
    }
    if (permissions.disableBypassPermissionsMode === 'disable') bypassDisabled = true
  }
  return { bypassDisabled, managedRulesOnly }
}

/** A Gemini CLI policy source's rules, each malformed one warned about with its index. */
function compileGeminiSource(
  source: LoadedSource,
  warn: (warning: RuleWarning) => void,
): GeminiRule[] {
  const origin: RuleOrigin = { kind: source.kind, path: source.path, label: source.label }
  return compileGeminiPolicy(source.value, origin, (index, message, kept) => {
    const where = index === undefined ? 'rule' : `[[rule]] ${index}`
    warn(kept === true ? { origin, where, message, kept } : { origin, where, message })
  })
}

function findManagedUnreadable(sources: readonly LoadedSource[]): ManagedUnreadable | undefined {
  for (const source of sources) {
    if (source.kind !== 'managed' || source.unreadable === undefined) continue
    if (source.path === undefined) continue
    return {
      label: source.label,
      path: source.path,
      reason: `the managed source ${source.unreadable}; every call is denied until it can be read and parses`,
    }
  }
  return undefined
}

function strictness(rule: GeminiRule): number {
  return rule.decision === 'deny' ? 2 : rule.decision === 'ask' ? 1 : 0
}
