import type { Agent } from '@toolpipe/core'
import type { ToolDefinition, ToolRegistry } from '@toolpipe/tools'
import type { HiddenTools } from '../hidden-tools.js'
import { lintRules } from '../lint-rules.js'
import type { RuleSet } from '../rules/rule-set.js'
import type { PluginLogger } from './plugin-logger.js'
import type { ToolViews } from './tool-views.js'

/**
 * The lint of the rules against the registry's tools (SPEC §26: rule typos show when the rules
 * are ready, not at the first call), warned once per message for as long as the plugin lives,
 * and run again whenever the rules or the tools change once it has run.
 */
export class RuleLintWarnings {
  readonly #warned = new Set<string>()
  #linted = false

  /** Whether the lint has run since the plugin was installed. */
  get linted(): boolean {
    return this.#linted
  }

  /** Lints (when installed in `registry`) and warns each message not warned before. */
  lint(
    registry: ToolRegistry | undefined,
    scope: Agent | undefined,
    views: ToolViews,
    rules: RuleSet,
    hiddenTools: HiddenTools,
    logger: PluginLogger,
    hiddenIn?: (registry: ToolRegistry, agent: Agent | undefined) => readonly ToolDefinition[],
  ): void {
    this.#linted = true
    if (registry === undefined) return
    const tools = views.all(registry, scope, hiddenIn)
    for (const message of lintRules(rules, tools, hiddenTools)) {
      if (this.#warned.has(message)) continue
      this.#warned.add(message)
      logger.warn(message)
    }
  }

  /** Disposed: the next installation lints again (messages already warned stay quiet). */
  reset(): void {
    this.#linted = false
  }
}
