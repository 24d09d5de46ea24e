import type { Agent } from '@toolpipe/core'
import type { ToolDefinition, ToolRegistry } from '@toolpipe/tools'
import { ToolIndex } from './tool-index.js'
import type { ToolMatch } from './tool-index.js'

/**
 * The index of one tool search, kept in step with its registry: a `tools/change` marks it stale,
 * and the next search re-indexes what changed (the tools the scope sees that are not always
 * loaded). After `stop()`, it finds nothing.
 */
export class FollowedIndex {
  readonly #index = new ToolIndex()
  readonly #registry: ToolRegistry
  readonly #scope: Agent | undefined
  readonly #isAlwaysLoaded: (definition: ToolDefinition) => boolean
  #stale = true
  #stopped = false

  constructor(
    registry: ToolRegistry,
    scope: Agent | undefined,
    isAlwaysLoaded: (definition: ToolDefinition) => boolean,
  ) {
    this.#registry = registry
    this.#scope = scope
    this.#isAlwaysLoaded = isAlwaysLoaded
  }

  /** The registry's tools changed: re-index before the next search. */
  markStale(): void {
    this.#stale = true
  }

  stop(): void {
    this.#stopped = true
  }

  /**
   * The deferred tools the scope sees now that best match `query`, at most `limit`: only a tool
   * still registered as it was indexed, and still not always loaded.
   */
  find(query: unknown, limit: number): ToolMatch[] {
    if (this.#stopped || typeof query !== 'string') return []
    const registry = this.#registry
    const scope = this.#scope
    if (this.#stale) {
      this.#stale = false
      this.#index.sync(registry.list(scope).filter((tool) => !this.#isAlwaysLoaded(tool)))
    }
    return this.#index.find(query, limit, (name) => {
      const definition = registry.get(name, scope)
      return (
        definition !== undefined &&
        definition === this.#index.definition(name) &&
        !this.#isAlwaysLoaded(definition)
      )
    })
  }
}
