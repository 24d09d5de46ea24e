import type { PermissionsConfig, SourceSpec } from './read-options.js'
import { buildRuleSet } from './rules/rule-set.js'
import type { LoadedSource, RuleSet, RuleWarning } from './rules/rule-set.js'
import { watchSettingsFile } from '@toolpipe/settings-files'
import type { SettingsFileLogger, SettingsFileWatch } from '@toolpipe/settings-files'

/**
 * Every source of rules, watched, and the rule set merged from them (SPEC §18.3). A change of
 * any source rebuilds the set, which calls starting afterwards use; malformed rules are reported
 * once each, with file and index.
 */
export class RuleSources {
  #rules: RuleSet
  readonly #config: PermissionsConfig
  readonly #logger: () => SettingsFileLogger
  readonly #onChange: (rules: RuleSet) => void
  readonly #values = new Map<SourceSpec, unknown>()
  /** Managed files that exist but cannot be read or parsed now: what is wrong with each. */
  readonly #unreadable = new Map<SourceSpec, string>()
  readonly #watches = new Map<SourceSpec, SettingsFileWatch>()
  readonly #warned = new Set<string>()
  /** Rules an always-answer added, in force before (and until) their file holds them. */
  readonly #pending = new Map<SourceSpec, { allow: string[]; deny: string[] }>()
  #starting = false

  constructor(
    config: PermissionsConfig,
    logger: () => SettingsFileLogger,
    onChange: (rules: RuleSet) => void,
  ) {
    this.#config = config
    this.#logger = logger
    this.#onChange = onChange
    for (const spec of config.sources)
      if (spec.path === undefined) this.#values.set(spec, spec.settings)
    this.#rules = this.#build()
  }

  get rules(): RuleSet {
    return this.#rules
  }

  get watching(): boolean {
    return this.#watches.size > 0
  }

  /** Reads every file now and watches them. */
  start(): void {
    if (this.watching) return
    this.#starting = true
    try {
      for (const spec of this.#config.sources) {
        const path = spec.path
        if (path === undefined) continue
        const logger = {
          warn: (message: string, ...details: unknown[]) => {
            this.#logger().warn(message, ...details)
          },
        }
        this.#watches.set(
          spec,
          watchSettingsFile({
            path,
            label: spec.label,
            format: spec.format === 'gemini' ? 'toml' : 'json',
            logger,
            onChange: (value) => {
              this.#values.set(spec, value)
              this.#unreadable.delete(spec)
              if (!this.#starting) this.#rebuild()
            },
            // The admin's file is the policy: a broken one denies every call (SPEC §26) rather
            // than leaving the lower sources' rules, or the previous ones, in force.
            ...(spec.kind === 'managed'
              ? {
                  onInvalid: (description: string) => {
                    this.#unreadable.set(spec, description)
                    if (!this.#starting) this.#rebuild()
                  },
                  invalidConsequence: 'every call is denied until it can be read and parses',
                }
              : {}),
          }),
        )
      }
    } finally {
      this.#starting = false
    }
    this.#rebuild()
  }

  /** Stops watching (the rules read so far stay). */
  stop(): void {
    for (const watch of this.#watches.values()) watch.close()
    this.#watches.clear()
  }

  /** Reads a file again now (after writing it). */
  refresh(spec: SourceSpec): void {
    this.#watches.get(spec)?.refresh()
  }

  /**
   * Puts rules in force now, as if `spec`'s file held them (SPEC §26: an always-answer takes
   * effect for calls that start after it, before its write finishes).
   */
  addPending(spec: SourceSpec, list: 'allow' | 'deny', rules: readonly string[]): void {
    const pending = this.#pending.get(spec) ?? { allow: [], deny: [] }
    pending[list].push(...rules.filter((rule) => !pending[list].includes(rule)))
    this.#pending.set(spec, pending)
    this.#rebuild()
  }

  /** Drops pending rules the file now holds (after a write and a refresh). */
  settlePending(spec: SourceSpec, list: 'allow' | 'deny', rules: readonly string[]): void {
    const pending = this.#pending.get(spec)
    if (pending === undefined) return
    pending[list] = pending[list].filter((rule) => !rules.includes(rule))
    if (pending.allow.length === 0 && pending.deny.length === 0) this.#pending.delete(spec)
    this.#rebuild()
  }

  #rebuild(): void {
    this.#rules = this.#build()
    this.#onChange(this.#rules)
  }

  #build(): RuleSet {
    const loaded: LoadedSource[] = this.#config.sources.map((spec) => ({
      kind: spec.kind,
      path: spec.path,
      label: spec.label,
      format: spec.format,
      value: withPending(this.#values.get(spec), this.#pending.get(spec)),
      unreadable: this.#unreadable.get(spec),
    }))
    return buildRuleSet(
      loaded,
      { projectRoot: this.#config.projectRoot, cwd: this.#config.cwd, home: this.#config.home },
      (warning) => {
        this.#warn(warning)
      },
    )
  }

  #warn(warning: RuleWarning): void {
    const text = `toolpipe: ${warning.origin.label} ${warning.where}: ${warning.message}${warning.kept === true ? '' : '; ignored'}`
    if (this.#warned.has(text)) return
    this.#warned.add(text)
    try {
      this.#logger().warn(text)
    } catch {
      // A logger that throws must not stop a reload.
    }
  }
}

/** A settings value with pending always-answer rules appended to its lists. */
function withPending(
  value: unknown,
  pending: { readonly allow: readonly string[]; readonly deny: readonly string[] } | undefined,
): unknown {
  if (pending === undefined) return value
  const settings = isObject(value) ? value : {}
  const permissions = isObject(settings.permissions) ? settings.permissions : {}
  const merged: Record<string, unknown> = { ...permissions }
  for (const list of ['allow', 'deny'] as const) {
    if (pending[list].length === 0) continue
    const current = Array.isArray(permissions[list]) ? (permissions[list] as unknown[]) : []
    merged[list] = [...current, ...pending[list]]
  }
  return { ...settings, permissions: merged }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
