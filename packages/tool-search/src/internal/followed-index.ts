import type { Agent } from '@toolpipe/core'
import type { ToolDefinition, ToolRegistry } from '@toolpipe/tools'
import { ToolIndex } from './tool-index.js'
import type { ToolMatch } from './tool-index.js'

/**
 * The index of one tool search, kept in step with its registry: a `tools/change` marks it stale,
 * and the next search re-indexes what changed (every tool the scope sees but the search's own).
 * After `stop()`, it finds nothing.
 */
export class FollowedIndex {
  readonly #index = new ToolIndex()
  readonly #registry: ToolRegistry
  readonly #scope: Agent | undefined
  /** The search's own `tool_search`, never indexed. */
  readonly #own: ToolDefinition
  #stale = true
  #stopped = false

  constructor(registry: ToolRegistry, scope: Agent | undefined, own: ToolDefinition) {
    this.#registry = registry
    this.#scope = scope
    this.#own = own
  }

  /** The registry's tools changed: re-index before the next search. */
  markStale(): void {
    this.#stale = true
  }

  stop(): void {
    this.#stopped = true
  }

  /**
   * The tools the scope sees now that best match `query`, at most `limit`, each admitted by
   * `admit`: only a tool still registered as it was indexed.
   */
  find(query: unknown, limit: number, admit: (definition: ToolDefinition) => boolean): ToolMatch[] {
    if (this.#stopped || typeof query !== 'string') return []
    const registry = this.#registry
    const scope = this.#scope
    if (this.#stale) {
      this.#stale = false
      this.#index.sync(registry.list(scope).filter((tool) => tool !== this.#own))
    }
    return this.#index.find(query, limit, (name) => {
      const definition = registry.get(name, scope)
      return (
        definition !== undefined && definition === this.#index.definition(name) && admit(definition)
      )
    })
  }
}
