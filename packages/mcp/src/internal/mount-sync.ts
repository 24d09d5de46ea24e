import { isHarnessError } from '@toolpipe/core'
import { AbortFanOut } from '@toolpipe/core/internal'
import type { Disposer, ScopedTools, ToolRegistry } from '@toolpipe/tools'
import type { Tool } from '@modelcontextprotocol/sdk/types.js'
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js'
import type { McpClient } from '../mcp-client.js'
import type { MountedToolContext } from './call-mcp-tool.js'
import { listAllTools, serverOf } from './list-all-tools.js'
import { mapToolNames } from './map-tool-names.js'
import { mountedTool } from './mounted-tool.js'
import type { MountedTool } from './mounted-tool.js'
import type { MountSettings } from './read-mount-options.js'
import { ToolWarnings } from './warn-once.js'

/** Where a mount registers its tools: a registry (the global layer) or a scope handle. */
export type MountTarget = ToolRegistry | ScopedTools

/** What a mount keeps of one registered tool. */
interface MountedEntry {
  readonly original: string
  readonly fingerprint: string
  readonly dispose: Disposer
}

/** A tool of one listing, ready to register: its registered name, the tool, the server's name. */
type BuiltTool = readonly [name: string, tool: MountedTool, original: string]

/**
 * The tools of one mount, kept in step with the server: each listing (following `nextCursor`) is
 * applied to the target as one batch, new tools registered, gone ones removed, changed ones
 * replaced; a tool that cannot be mounted is warned about once. Refreshes asked for while one
 * runs make it run once more, never twice at once.
 */
export class MountSync {
  readonly #target: MountTarget
  readonly #client: McpClient
  readonly #settings: MountSettings
  readonly #context: MountedToolContext
  readonly #warnings: ToolWarnings
  #mounted = new Map<string, MountedEntry>()
  #disposed = false
  #running: Promise<void> | undefined
  #again = false

  constructor(target: MountTarget, client: McpClient, settings: MountSettings) {
    this.#target = target
    this.#client = client
    this.#settings = settings
    this.#context = {
      client,
      requestTimeoutMs: settings.requestTimeoutMs,
      aborts: new AbortFanOut(),
      validators: settings.validators,
    }
    this.#warnings = new ToolWarnings(settings.logger)
  }

  /** The registered names, in the server's order (a fresh frozen array each read). */
  get names(): readonly string[] {
    return Object.freeze([...this.#mounted.keys()])
  }

  get disposed(): boolean {
    return this.#disposed
  }

  /** Lists the server's tools and applies them; joins the refresh that runs, making it run again. */
  refresh(): Promise<void> {
    if (this.#disposed) return Promise.resolve()
    if (this.#running !== undefined) {
      this.#again = true
      return this.#running
    }
    const run = async (): Promise<void> => {
      try {
        do {
          this.#again = false
          await this.#sync()
        } while (this.#requestedAgain())
      } finally {
        this.#running = undefined
      }
    }
    this.#running = run()
    return this.#running
  }

  /** Stops refreshing; with `removeTools`, removes every tool registered, in one batch. */
  dispose(removeTools = true): void {
    this.#disposed = true
    if (!removeTools) return
    const entries = [...this.#mounted.values()]
    this.#mounted = new Map()
    // A batch that only removes is announced as a disposer is: it never throws for a listener.
    this.#target.batch(() => {
      for (const entry of entries) entry.dispose()
    })
  }

  // Read through a method: the compiler cannot see that `#sync()` lets a notification set it.
  #requestedAgain(): boolean {
    return this.#again && !this.#disposed
  }

  /** One listing, applied as one batch. */
  async #sync(): Promise<void> {
    const listing = await listAllTools(this.#client, this.#settings.requestTimeoutMs)
    if (this.#disposed) return
    // An entry the SDK cannot read as a tool is left out on its own (SPEC §13, §22).
    for (const { label, problem } of listing.unusable) {
      this.#warnings.warn(
        `toolpipe/mcp: ${label} of ${serverOf(this.#client)} was not mounted: ${problem}`,
      )
    }
    const built = this.#build(
      selectTools(listing.tools, this.#settings.include, this.#warnings, this.#client),
    )
    const next = new Map<string, MountedEntry>()
    try {
      this.#target.batch(() => {
        this.#apply(built, next)
      })
    } catch (error) {
      this.#warnings.discard()
      throw error
    }
    this.#warnings.settle()
    // Only once the batch is in: a failed one left the registry, and this mount, as they were.
    this.#mounted = new Map(
      built.flatMap(([name]) => {
        const entry = next.get(name)
        return entry === undefined ? [] : [[name, entry] as const]
      }),
    )
  }

  /** The wanted tools as definitions, each name mapped; one that cannot be built is warned about. */
  #build(wanted: readonly Tool[]): BuiltTool[] {
    const { prefix, timeoutOf, validators, deferLoading } = this.#settings
    const originals = wanted.map((tool) => tool.name)
    const names = mapToolNames(originals, prefix)
    // Rule names: `mcp__<server>__<tool>`, each part as a tool-name fragment would be mapped (the
    // server's own name, with odd characters as `_` and collisions resolved), so that no two tools
    // share one and no rule's syntax is broken by a space or a parenthesis.
    const ruleParts = mapToolNames(originals, undefined)
    // The prefix stands for the server in rule names, mapped as a tool-name fragment is.
    const server = prefix === undefined ? serverPart(this.#client) : namePart(prefix)
    const searchText = serverSearchText(this.#client)
    const built: BuiltTool[] = []
    // One validator per listing, made when a changed tool first needs it, kept by nothing after.
    let validator: jsonSchemaValidator | undefined
    for (const tool of wanted) {
      // mapToolNames maps every name it is given.
      const name = names.get(tool.name) ?? tool.name
      try {
        const candidate = mountedTool(tool, name, this.#context, {
          timeoutMs: timeoutOf(tool.name),
          ruleName: `mcp__${server}__${ruleParts.get(tool.name) ?? name}`,
          deferLoading,
          searchText,
        })
        const { outputSchema, fingerprint } = candidate
        if (outputSchema !== undefined && this.#mounted.get(name)?.fingerprint !== fingerprint) {
          validator ??= validators()
          validator.getValidator(outputSchema)
        }
        built.push([name, candidate, tool.name])
      } catch (error) {
        this.#notMounted(tool.name, error)
      }
    }
    return built
  }

  /** Inside the batch: keeps the unchanged tools, removes the rest, registers the new ones. */
  #apply(built: readonly BuiltTool[], next: Map<string, MountedEntry>): void {
    const keep = new Set<string>()
    for (const [name, { fingerprint }] of built) {
      const current = this.#mounted.get(name)
      if (current?.fingerprint === fingerprint) {
        keep.add(name)
        next.set(name, current)
      }
    }
    for (const [name, entry] of this.#mounted) if (!keep.has(name)) entry.dispose()
    for (const [name, { definition, fingerprint }, original] of built) {
      if (keep.has(name)) continue
      try {
        next.set(name, { original, fingerprint, dispose: this.#target.register(definition) })
      } catch (error) {
        // The registry's refusal (a name taken, a dialect that cannot express the tool) says
        // all there is in its message: one line, without a stack trace.
        this.#notMounted(original, error, isHarnessError(error))
      }
    }
  }

  #notMounted(tool: string, error: unknown, oneLine = false): void {
    this.#warnings.warn(
      `toolpipe/mcp: tool "${tool}" of ${serverOf(this.#client)} was not mounted`,
      error,
      oneLine,
    )
  }
}

/** The server's advertised name as a rule-name part: mapped as a tool name would be. */
function serverPart(client: McpClient): string {
  return namePart(client.getServerVersion()?.name ?? 'server')
}

/** `name` as a tool-name fragment: other characters as `_`, a long one shortened with a hash. */
function namePart(name: string): string {
  return mapToolNames([name], undefined).get(name) ?? '_'
}

/** The most characters of a mounted tool's `searchText` (the registry's limit). */
const searchTextLimit = 4096

/**
 * What a tool search may find the server's tools by (SPEC §24): the name, title and description
 * it gives in `initialize`, then its instructions; strings only (a hostile server's other values
 * are passed over), at most 4,096 characters.
 */
function serverSearchText(client: McpClient): string | undefined {
  const parts: unknown[] = []
  try {
    const info = client.getServerVersion() as Record<string, unknown> | undefined
    parts.push(info?.title, info?.name, info?.description)
    const { getInstructions } = client as { getInstructions?: unknown }
    if (typeof getInstructions === 'function') parts.push(getInstructions.call(client))
  } catch {
    // A server description that cannot be read adds nothing to search by.
  }
  const text = parts
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .join('\n')
  return text === '' ? undefined : text.slice(0, searchTextLimit)
}

/** The listed tools to mount: included, each name once, none that needs the tasks API. */
function selectTools(
  listed: readonly Tool[],
  include: ((tool: Tool) => boolean) | undefined,
  warnings: ToolWarnings,
  client: McpClient,
): Tool[] {
  const seen = new Set<string>()
  const wanted: Tool[] = []
  for (const tool of listed) {
    if (seen.has(tool.name)) {
      warnings.warn(
        `toolpipe/mcp: ${serverOf(client)} lists tool "${tool.name}" twice; the first is mounted`,
      )
      continue
    }
    seen.add(tool.name)
    if (tool.execution?.taskSupport === 'required') {
      warnings.warn(
        `toolpipe/mcp: tool "${tool.name}" of ${serverOf(client)} can only run as an MCP task and was not mounted`,
      )
      continue
    }
    if (include !== undefined && !include(tool)) continue
    wanted.push(tool)
  }
  return wanted
}
