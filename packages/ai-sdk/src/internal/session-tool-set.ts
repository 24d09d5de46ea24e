import type { Dialect } from '@toolpipe/schema'
import type { DialectIssueReport, ToolDefinition, ToolSchema, ToolSession } from '@toolpipe/tools'
import type { ToolSource } from '@toolpipe/tools/internal'
import type { AiSdkTool, AiSdkToolSet } from '../ai-sdk-tool-set.js'

/**
 * The tool set of a tool search session (SPEC §24): a live view, read by the AI SDK at every
 * step. Its enumerable members (what `Object.entries` lists, and so what the model is sent) are
 * the tools the session shows now; every other visible tool is an own, non-enumerable member, so
 * a call that names it still finds it. Each tool is made once per definition and schema.
 */
export function sessionToolSet(
  source: ToolSource,
  session: ToolSession,
  dialect: Dialect,
  onDialectIssue: ((report: DialectIssueReport) => void) | undefined,
  make: (schema: ToolSchema) => AiSdkTool,
): AiSdkToolSet {
  const made = new Map<string, { definition: ToolDefinition; key: string; tool: AiSdkTool }>()
  const toolOf = (schema: ToolSchema): AiSdkTool | undefined => {
    const definition = source.get(schema.name)
    if (definition === undefined) return undefined
    const key = JSON.stringify(schema)
    const known = made.get(schema.name)
    if (known?.definition === definition && known.key === key) return known.tool
    const tool = make(schema)
    made.set(schema.name, { definition, key, tool })
    return tool
  }
  const shownSchemas = shownSchemasOf(
    source,
    () => session.schemas({ dialect, onDialectIssue }),
    session,
  )
  /** The schema of a tool the session may not show: the source's, in the dialect. */
  const schemaOf = (name: string): ToolSchema | undefined =>
    source.schemas(dialect, onDialectIssue).find((schema) => schema.name === name)
  const lookup = (name: string | symbol): AiSdkTool | undefined => {
    if (typeof name !== 'string' || source.get(name) === undefined) return undefined
    const shown = session.shows(name)
      ? shownSchemas().find((schema) => schema.name === name)
      : undefined
    const schema = shown ?? schemaOf(name)
    return schema === undefined ? undefined : toolOf(schema)
  }
  return new Proxy(Object.create(null) as AiSdkToolSet, {
    ownKeys: () => shownSchemas().map((schema) => schema.name),
    getOwnPropertyDescriptor(_, name) {
      const tool = lookup(name)
      if (tool === undefined) return undefined
      return {
        value: tool,
        writable: false,
        enumerable: typeof name === 'string' && session.shows(name),
        configurable: true,
      }
    },
    get: (_, name) => lookup(name),
    has: (_, name) => lookup(name) !== undefined,
    set: () => false,
    defineProperty: () => false,
    deleteProperty: () => false,
  })
}

/**
 * What the session shows, in the dialect: converted again only when the tools it shows changed
 * (the AI SDK reads the keys, then each member's descriptor, at every step).
 */
function shownSchemasOf(
  source: ToolSource,
  schemas: () => ToolSchema[],
  session: ToolSession,
): () => ToolSchema[] {
  let shownNow: { definitions: ToolDefinition[]; schemas: ToolSchema[] } | undefined
  return () => {
    const definitions = source.list().filter((definition) => session.shows(definition.name))
    if (
      shownNow?.definitions.length !== definitions.length ||
      definitions.some((definition, index) => shownNow?.definitions[index] !== definition)
    ) {
      shownNow = { definitions, schemas: schemas() }
    }
    return shownNow.schemas
  }
}
