import type { PermissionsConfig, SourceSpec } from './read-options.js'
import { buildRuleSet } from './rules/rule-set.js'
import type { LoadedSource, RuleSet, RuleWarning } from './rules/rule-set.js'
import { watchSettingsFile } from './settings-file-watch.js'
import type { SettingsFileLogger, SettingsFileWatch } from './settings-file-watch.js'

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
      value: this.#values.get(spec),
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
    const text = `toolpipe: ${warning.origin.label} ${warning.where}: ${warning.message}; ignored`
    if (this.#warned.has(text)) return
    this.#warned.add(text)
    try {
      this.#logger().warn(text)
    } catch {
      // A logger that throws must not stop a reload.
    }
  }
}
