import type { Agent } from '@toolpipe/core'
import type { ToolDefinition, ToolRegistry, ToolRules, ToolVisibilityFilter } from '@toolpipe/tools'
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
  /** The definitions the filter last hid, by name: what `explain` judges a hidden tool by. */
  readonly #hidden = new Map<string, WeakRef<ToolDefinition>>()
  /** While {@link hiddenIn} lists a registry: the definitions the filter hides meanwhile. */
  #collecting: ToolDefinition[] | undefined

  constructor(tools: ReadonlyMap<string, ToolRules>, scope: Agent | undefined) {
    this.#scope = scope
    this.#filter = (name, _scope, definition) => {
      // Called on every lookup of every tool (the pipeline looks a call's tool up twice).
      if (this.#hiddenTools.hidesNothing === true) return false
      const ruleName = (tools.get(name) ?? definition.permissions)?.ruleName ?? name
      const hides = this.#hiddenTools.hides(ruleName)
      if (hides) {
        this.#hidden.set(name, new WeakRef(definition))
        this.#collecting?.push(definition)
      }
      return hides
    }
  }

  /** The tools of `registry` the rules hide from `agent`'s view (for the lint: they exist). */
  hiddenIn(registry: ToolRegistry, agent: Agent | undefined): ToolDefinition[] {
    const hidden: ToolDefinition[] = []
    this.#collecting = hidden
    try {
      registry.list(agent)
    } finally {
      this.#collecting = undefined
    }
    return hidden
  }

  /**
   * The definition of `name` the rules hide, as the registry last offered it: the registry no
   * longer shows it, but `explain` judges it by its own rule name (a bare `Bash` deny denies it).
   */
  hiddenDefinition(name: string): ToolDefinition | undefined {
    const definition = this.#hidden.get(name)?.deref()
    if (definition === undefined) this.#hidden.delete(name)
    return definition
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
