import type { Agent } from '@toolpipe/core'
import type { ToolDefinition, ToolRegistry, ToolRules } from '@toolpipe/tools'
import { toolView } from '../read-subjects.js'
import type { ToolView } from '../read-subjects.js'

/**
 * How rules see each tool of a registry (the `tools` option first, then the definition's own
 * `permissions`), worked out once per definition object.
 */
export class ToolViews {
  readonly #tools: ReadonlyMap<string, ToolRules>
  readonly #views = new WeakMap<object, ToolView>()

  constructor(tools: ReadonlyMap<string, ToolRules>) {
    this.#tools = tools
  }

  /**
   * The view of the tool `name` as `agent` sees it in `registry` (none: the options' alone), or,
   * for one the rules hide from it, as `hidden` gives its definition.
   */
  of(
    registry: ToolRegistry | undefined,
    name: string,
    agent: Agent | undefined,
    hidden?: (name: string) => ToolDefinition | undefined,
  ): ToolView {
    const definition = registry?.get(name, agent) ?? hidden?.(name)
    if (definition === undefined) return toolView(name, undefined, this.#tools)
    let view = this.#views.get(definition)
    if (view === undefined || definition.name !== name) {
      view = toolView(name, definition, this.#tools)
      this.#views.set(definition, view)
    }
    return view
  }

  /**
   * Every tool the rules may name, for the lint: each registered tool (seen by everyone, and by
   * `scope` when there is one, those the rules hide included), then each tool the options
   * describe that is not registered.
   */
  all(
    registry: ToolRegistry,
    scope: Agent | undefined,
    hiddenIn?: (registry: ToolRegistry, agent: Agent | undefined) => readonly ToolDefinition[],
  ): ToolView[] {
    const views: ToolView[] = []
    const seen = new Set<string>()
    for (const agent of scope === undefined ? [undefined] : [undefined, scope]) {
      // A tool the rules hide is registered all the same: a rule naming it names a tool.
      const hidden = hiddenIn?.(registry, agent) ?? []
      for (const definition of [...registry.list(agent), ...hidden]) {
        if (seen.has(definition.name)) continue
        seen.add(definition.name)
        views.push(toolView(definition.name, definition, this.#tools))
      }
    }
    for (const [name, rules] of this.#tools)
      if (!seen.has(name)) views.push(toolView(name, undefined, new Map([[name, rules]])))
    return views
  }
}
