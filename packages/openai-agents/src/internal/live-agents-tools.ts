import type { ToolDefinition, ToolSchema } from '@toolpipe/tools'
import type { ToolSource } from '@toolpipe/tools/internal'
import { agentsNamesOf } from './agents-names.js'

/**
 * The Agents JS tools of a tool search session (SPEC §24: "expose the session's tools step by
 * step"): every tool `source` shows, as `make` makes it from its schema (`schemas()`) and Agents
 * JS name, kept in step with the registry. A tool registered after the list was made (an MCP
 * server that connects later) joins it, a replaced one is made again, a removed one leaves; each
 * tool is made once per definition, schema and name, and a tool the list's user added to it
 * stays, after the list's own.
 *
 * Agents JS keeps the very array an `Agent` was given (`agent.tools`, shared with its clones:
 * changing it in place changes the agent's tools, as `Agent.clone` documents) and reads it at the
 * start of every turn (`Agent.getAllTools`). So the list is a real array, changed in place, seen
 * through a Proxy that brings it up to date when it is read, however it is read (spread, `map`,
 * `length`): at most once per synchronous run of code, so one spread reads one consistent list
 * and costs one look at the registry.
 */
export function liveAgentsTools<TTool extends object>(
  source: ToolSource,
  schemas: () => readonly ToolSchema[],
  make: (schema: ToolSchema, agentsName: string) => TTool,
): TTool[] {
  const tools: TTool[] = []
  const made = new Map<string, { definition: ToolDefinition; key: string; tool: TTool }>()
  /** Every tool this list made: any other in it was added by its user, and stays. */
  const ours = new WeakSet<TTool>()
  let listed: readonly ToolDefinition[] | undefined
  const refresh = (): void => {
    const definitions = source.list()
    if (sameDefinitions(definitions, listed)) return
    listed = definitions
    const current = schemas()
    const agentsNames = agentsNamesOf(current.map(({ name }) => name))
    const next: TTool[] = []
    for (const schema of current) {
      const definition = source.get(schema.name)
      if (definition === undefined) continue
      const agentsName = agentsNames.get(schema.name) ?? schema.name
      const key = JSON.stringify([agentsName, schema])
      const known = made.get(schema.name)
      const tool =
        known?.definition === definition && known.key === key
          ? known.tool
          : make(schema, agentsName)
      made.set(schema.name, { definition, key, tool })
      ours.add(tool)
      next.push(tool)
    }
    for (const name of made.keys()) if (source.get(name) === undefined) made.delete(name)
    const added = tools.filter((tool) => !ours.has(tool))
    tools.splice(0, tools.length, ...next, ...added)
  }
  let fresh = false
  const read = (): TTool[] => {
    if (!fresh) {
      // Set first: a read from inside `refresh` (a report's callback) sees the list as it was.
      fresh = true
      queueMicrotask(() => {
        fresh = false
      })
      refresh()
    }
    return tools
  }
  refresh()
  return new Proxy(tools, {
    get: (_, key, receiver) => Reflect.get(read(), key, receiver) as unknown,
    has: (_, key) => Reflect.has(read(), key),
    ownKeys: () => Reflect.ownKeys(read()),
    getOwnPropertyDescriptor: (_, key) => Reflect.getOwnPropertyDescriptor(read(), key),
  })
}

/** Whether two listings hold the same definitions, in the same order. */
function sameDefinitions(
  definitions: readonly ToolDefinition[],
  listed: readonly ToolDefinition[] | undefined,
): boolean {
  return (
    listed?.length === definitions.length &&
    definitions.every((definition, index) => listed[index] === definition)
  )
}
