import type { Agent } from '@toolpipe/core'
import type { ToolRegistry, ToolRules, ToolVisibilityFilter } from '@toolpipe/tools'
import type { PermissionMode as Mode } from '@toolpipe/settings-files'
import { hiddenTools } from '../hidden-tools.js'
import type { HiddenTools } from '../hidden-tools.js'
import type { RuleSet } from '../rules/rule-set.js'

/**
 * The tools a bare deny hides (SPEC §18.2), kept hidden in the registry the plugin is installed
 * in (`registry.hide`, from `scope`'s view only when there is one) and updated when the rules or
 * the mode change what they hide.
 */
export class ToolHiding {
  #hiddenTools: HiddenTools = { hides: () => false, hidesNothing: true, signature: '' }
  #unhide: (() => void) | undefined
  readonly #scope: Agent | undefined
  readonly #filter: ToolVisibilityFilter

  constructor(tools: ReadonlyMap<string, ToolRules>, scope: Agent | undefined) {
    this.#scope = scope
    this.#filter = (name, _scope, definition) => {
      // Called on every lookup of every tool (the pipeline looks a call's tool up twice).
      if (this.#hiddenTools.hidesNothing === true) return false
      const ruleName = (tools.get(name) ?? definition.permissions)?.ruleName ?? name
      return this.#hiddenTools.hides(ruleName)
    }
  }

  /** The tools hidden now. */
  get hiddenTools(): HiddenTools {
    return this.#hiddenTools
  }

  /** New rules or mode: hide what they hide, in `registry` (if installed) when that changed. */
  update(rules: RuleSet, mode: Mode, registry: ToolRegistry | undefined): void {
    const next = hiddenTools(rules, mode)
    const changed = next.signature !== this.#hiddenTools.signature
    this.#hiddenTools = next
    if (changed && registry !== undefined) {
      registry.batch(() => {
        this.#unhide?.()
        this.#unhide = registry.hide(this.#filter, { scope: this.#scope })
      })
    }
  }

  install(registry: ToolRegistry): void {
    this.#unhide = registry.hide(this.#filter, { scope: this.#scope })
  }

  uninstall(): void {
    this.#unhide?.()
    this.#unhide = undefined
  }
}
