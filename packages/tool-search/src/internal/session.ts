import type { Agent } from '@toolpipe/core'
import type {
  ToolDefinition,
  ToolExecutionInput,
  ToolExecutionResult,
  ToolRegistry,
  ToolSchema,
} from '@toolpipe/tools'
import type { ToolSearchSession, ToolSearchSessionSchemasOptions } from '../tool-search-session.js'

/** What a session needs of its tool search. */
export interface SessionContext {
  readonly registry: ToolRegistry
  readonly scope: Agent | undefined
  /** The search's own `tool_search` definition. */
  readonly tool: ToolDefinition
  readonly isAlwaysLoaded: (definition: ToolDefinition) => boolean
  /** Whether `name` is a deferred tool the scope sees now. */
  readonly searchable: (name: string) => boolean
}

/** A new session of a tool search (SPEC §24): nothing loaded yet. */
export function createSession(context: SessionContext): ToolSearchSession {
  const { registry, scope, isAlwaysLoaded, searchable } = context
  /** Every name loaded, in order; what the scope no longer sees is filtered out on each read. */
  const loaded = new Set<string>()
  const shown = (definition: ToolDefinition): boolean =>
    isAlwaysLoaded(definition) || loaded.has(definition.name)
  const load = (names: Iterable<string>): string[] => {
    const added: string[] = []
    for (const name of names) {
      if (typeof name !== 'string' || loaded.has(name) || !searchable(name)) continue
      loaded.add(name)
      added.push(name)
    }
    return added
  }
  const prepare = (input: ToolExecutionInput) => prepareCall(context, input)
  return {
    get loaded() {
      return new Set([...loaded].filter(searchable))
    },
    schemas: (options) => shownSchemas(context, options, shown, [...loaded]),
    shows(name) {
      const definition = registry.get(name, scope)
      return definition !== undefined && shown(definition)
    },
    async execute(input) {
      const [call, ours] = prepare(input)
      const result = await registry.execute(call)
      if (ours) load(foundNames(result))
      return result
    },
    async executeBatch(inputs, options) {
      let prepared: [ToolExecutionInput, boolean][] | undefined
      try {
        prepared = Array.isArray(inputs) ? inputs.map(prepare) : undefined
      } catch {
        // An array that cannot be read is the registry's to refuse (INVALID_INPUT).
        prepared = undefined
      }
      const batch = await registry.executeBatch(
        prepared === undefined ? inputs : prepared.map(([call]) => call),
        options,
      )
      prepared?.forEach(([, ours], index) => {
        const result = batch.results[index]
        if (ours && result !== undefined) load(foundNames(result))
      })
      return batch
    },
    load,
  }
}

/**
 * What a session shows ({@link inSessionOrder}), written by `registry.schemas()` in the dialect
 * asked for: `shown` admits the tools, `loaded` is the loading order.
 */
function shownSchemas(
  { registry, scope, tool, isAlwaysLoaded }: SessionContext,
  options: ToolSearchSessionSchemasOptions | undefined,
  shown: (definition: ToolDefinition) => boolean,
  loaded: readonly string[],
): ToolSchema[] {
  const always = new Set<string>()
  const listed = registry.schemas(scope, {
    dialect: options?.dialect,
    onDialectIssue: options?.onDialectIssue,
    include: (definition) => {
      if (definition !== tool && isAlwaysLoaded(definition)) always.add(definition.name)
      return shown(definition)
    },
  })
  return inSessionOrder(listed, always, loaded, tool.name)
}

/**
 * `listed` (the registry's order) as SPEC §24 shows it: the always-loaded tools, then the loaded
 * ones in the order they were loaded (what a step showed stays a prefix of what the next shows,
 * `tool_search` aside), then `tool_search`.
 */
function inSessionOrder(
  listed: ToolSchema[],
  always: ReadonlySet<string>,
  loaded: readonly string[],
  searchName: string,
): ToolSchema[] {
  const ranks = new Map(loaded.map((name, index) => [name, index + 1]))
  const rank = (name: string): number =>
    always.has(name) ? 0 : name === searchName ? loaded.length + 1 : (ranks.get(name) ?? 0)
  return listed.sort((a, b) => rank(a.name) - rank(b.name))
}

/** The names a successful `tool_search` result lists. */
function foundNames(result: ToolExecutionResult): string[] {
  if (result.isError) return []
  const { structured } = result
  if (!isRecord(structured) || !Array.isArray(structured.tools)) return []
  return structured.tools.flatMap((found) =>
    isRecord(found) && typeof found.name === 'string' ? [found.name] : [],
  )
}

function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * A call as the search's scope (what cannot be read is passed on for the registry to refuse),
 * and whether it is a `tool_search` call that reaches this search's own tool, checked before it
 * runs.
 */
function prepareCall(
  { registry, scope, tool }: SessionContext,
  input: ToolExecutionInput,
): [ToolExecutionInput, boolean] {
  try {
    if (!isRecord(input)) return [input, false]
    const call = scope === undefined ? input : { ...input, agent: scope }
    const reached = registry.get(tool.name, scope ?? input.agent)
    return [call, input.name === tool.name && reached === tool]
  } catch {
    return [input, false]
  }
}
