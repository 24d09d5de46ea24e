import type { Agent } from '@toolpipe/core'
import { describeValue, readPluginOptions } from '@toolpipe/core/internal'
import type { Disposer, ToolDefinition, ToolRegistry } from '@toolpipe/tools'
import { searchTool } from './internal/search-tool.js'
import { FollowedIndex } from './internal/followed-index.js'
import type { ToolMatch } from './internal/tool-index.js'
import { createSession } from './internal/session.js'
import type { ToolSearchSession } from './tool-search-session.js'
import { ToolSearchError } from './tool-search-error.js'

/** Options of {@link toolSearch}. */
export interface ToolSearchOptions {
  /**
   * The agent whose tools are searched and shown: its scope decides what is visible, `tool_search`
   * is registered in its scope, and a session's calls run as it. Default: the global layer.
   */
  readonly scope?: Agent | undefined
  /**
   * How many tools a `tool_search` call finds at most (a model's larger `limit` is read as this),
   * and `find`'s default limit: an integer from 1 to 1,000. Default 5.
   */
  readonly maxResults?: number | undefined
  /**
   * The tools a session always shows (never searched for): these names, or those a function
   * admits. Default: every tool not defined with `deferLoading: true`.
   */
  readonly alwaysLoaded?: readonly string[] | ((tool: ToolDefinition) => boolean) | undefined
}

/** A tool search over one registry (SPEC §24); see {@link toolSearch}. */
export interface ToolSearch {
  /** The `tool_search` tool, registered by {@link toolSearch}. */
  readonly tool: ToolDefinition
  /**
   * The tools visible to the scope that best match `query` (every tool but `tool_search`, always
   * loaded or not), best first, at most `limit` (default: `maxResults`; `0` finds none). A query
   * that is empty, 10 KB long, full of regular-expression syntax or not a string finds what its
   * words find, or nothing, and never throws. (`tool_search` itself lists only tools that are not
   * always loaded.)
   *
   * @throws ToolSearchError (`INVALID_OPTIONS`) for a `limit` that is not an integer of at least 0
   * (`-1`, `1.5`, `NaN`, `Infinity`, `'3'`, `null`)
   */
  find(query: string, limit?: number): ToolMatch[]
  /** A new session: one per conversation, nothing loaded yet. */
  session(): ToolSearchSession
  /**
   * Unregisters `tool_search` and stops following the registry: `find` finds nothing from then
   * on. A second call does nothing.
   */
  dispose(): void
}

/**
 * The default and the largest `maxResults`. The largest is a bound on a typo (a million results),
 * not on use: a harness that shows a model 1,000 tools at once has chosen to.
 */
const defaultMaxResults = 5
const largestMaxResults = 1000

/**
 * Puts a registry's deferred tools behind a search (SPEC §24): registers `tool_search` (in the
 * scope's layer with `scope`) and indexes every tool the scope sees that is not always loaded —
 * name, title, description, parameter names and descriptions, annotations and `searchText` —
 * following `tools/change` one tool at a time. A session shows the model the always-loaded
 * tools, the tools its searches found and `tool_search`, and loads what each `tool_search` call
 * it runs finds; any tool, deferred or not, still runs by name through the whole pipeline.
 *
 * @throws ToolSearchError (`INVALID_OPTIONS`) for options it cannot use; the registry's own error
 * when a tool is already named `tool_search` in that layer
 * @example
 * const search = toolSearch(registry)
 * const session = search.session()
 * const tools = session.schemas({ dialect: 'anthropic' }) // what the model is shown this step
 * const result = await session.execute(call) // a tool_search call loads what it finds
 */
export function toolSearch(registry: ToolRegistry, options?: ToolSearchOptions): ToolSearch {
  const { scope, maxResults, alwaysLoaded } = readToolSearchOptions(options)
  const isAlwaysLoaded = (definition: ToolDefinition): boolean =>
    definition === tool || alwaysLoaded(definition)
  /** Whether `name` is a deferred tool the scope sees now. */
  const searchable = (name: string): boolean => {
    const definition = registry.get(name, scope)
    return definition !== undefined && !isAlwaysLoaded(definition)
  }
  const tool: ToolDefinition = searchTool(maxResults, (query, limit) =>
    // The model is shown the always-loaded tools already: a search loads the others.
    index
      .find(query, limit, (definition) => !isAlwaysLoaded(definition))
      .flatMap(({ name }) => {
        const definition = registry.get(name, scope)
        return definition === undefined ? [] : [{ name, description: definition.description }]
      }),
  )
  const index = new FollowedIndex(registry, scope, tool)
  const layer = scope === undefined ? undefined : { scope }
  const stopFollowing = registry.on(
    'tools/change',
    () => {
      index.markStale()
    },
    layer,
  )
  let unregister: Disposer
  try {
    unregister = registry.register(tool, layer)
  } catch (error) {
    stopFollowing()
    throw error
  }
  let disposed = false
  return {
    tool,
    find(query, limit) {
      const count = readFindLimit(limit, maxResults)
      return count === 0 ? [] : index.find(query, count, () => true)
    },
    session: () => createSession({ registry, scope, tool, isAlwaysLoaded, searchable }),
    dispose() {
      if (disposed) return
      disposed = true
      index.stop()
      stopFollowing()
      unregister()
    },
  }
}

/** `toolSearch`'s options, read once and checked. */
function readToolSearchOptions(options: unknown): {
  scope: Agent | undefined
  maxResults: number
  alwaysLoaded: (tool: ToolDefinition) => boolean
} {
  const read = readPluginOptions('toolSearch', options, (message) => {
    return new ToolSearchError(message, 'INVALID_OPTIONS')
  })
  const scope = read.object('scope') as Agent | undefined
  const maxResults =
    read.number('maxResults', { integer: true, min: 1, max: largestMaxResults }) ??
    defaultMaxResults
  const alwaysLoaded = readAlwaysLoaded(read.value('alwaysLoaded'), (name, message) =>
    read.fail(name, message),
  )
  return { scope, maxResults, alwaysLoaded }
}

/** `find`'s `limit`: `maxResults` when absent, an integer of at least 0 as it is, else refused. */
function readFindLimit(limit: unknown, maxResults: number): number {
  if (limit === undefined) return maxResults
  if (typeof limit === 'number' && Number.isInteger(limit) && limit >= 0) return limit
  throw new ToolSearchError(
    `find: limit must be an integer of at least 0, got ${describeValue(limit)}`,
    'INVALID_OPTIONS',
  )
}

/** `alwaysLoaded` as a predicate: a list of names, a function, or the default. */
function readAlwaysLoaded(
  value: unknown,
  fail: (name: string, message: string) => never,
): (tool: ToolDefinition) => boolean {
  if (value === undefined) return (tool) => tool.deferLoading !== true
  if (typeof value === 'function') {
    const admit = value as (tool: ToolDefinition) => unknown
    return (tool) => admit(tool) === true
  }
  if (Array.isArray(value) && value.every((name) => typeof name === 'string')) {
    const names = new Set<string>(value)
    return (tool) => names.has(tool.name)
  }
  return fail('alwaysLoaded', 'must be an array of tool names or a function')
}
