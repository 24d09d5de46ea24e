import { isHarnessError } from '@toolpipe/core'
import { describeThrown, describeValue } from '@toolpipe/core/internal'
import type { Disposer, ScopedTools, ToolRegistry, ToolRegistryLogger } from '@toolpipe/tools'
import type { Tool } from '@modelcontextprotocol/sdk/types.js'
import { McpBridgeError } from './mcp-bridge-error.js'
import type { McpClient } from './mcp-client.js'
import { listAllTools, serverOf } from './internal/list-all-tools.js'
import { mapToolNames } from './internal/map-tool-names.js'
import { mountedTool } from './internal/mounted-tool.js'
import type { MountedToolContext } from './internal/call-mcp-tool.js'
import type { MountedTool } from './internal/mounted-tool.js'
import { onToolsListChanged } from './internal/tools-list-changed.js'

/** Options of {@link mountMcpTools}. */
export interface MountMcpToolsOptions {
  /**
   * Put before every name, with `_`: `prefix: 'github'` mounts `create_issue` as
   * `github_create_issue`. 1 to 32 letters, digits, `_` or `-`.
   */
  readonly prefix?: string | undefined
  /** Which of the server's tools to mount (default: all). Called with the server's description. */
  readonly include?: ((tool: Tool) => boolean) | undefined
  /**
   * Where a refresh that failed in the background, or a tool that could not be mounted, is
   * reported. Default: the registry's logger (`console` for a scope handle).
   */
  readonly logger?: ToolRegistryLogger | undefined
  /**
   * How long the SDK waits for the server's answer to one request, restarted by each progress
   * notification, in milliseconds. Default: the SDK's (60 seconds). A timeout policy's deadline and
   * the call's signal end a call earlier.
   */
  readonly requestTimeoutMs?: number | undefined
}

/** The tools of one MCP server, mounted into a registry or a scope. */
export interface McpMount {
  /** The registered names of the mounted tools, in the server's order (a fresh frozen array each read). */
  readonly names: readonly string[]
  /**
   * Lists the server's tools again and applies the difference as one change (`tools/change` once,
   * or not at all when nothing changed): new tools registered, gone ones removed, changed ones
   * replaced. Runs on each `notifications/tools/list_changed`; concurrent refreshes are run one
   * after the other. Rejects with `McpProtocolError` when the server cannot be listed (nothing
   * changes then). Does nothing after `dispose()`.
   */
  refresh(): Promise<void>
  /**
   * Removes every tool this mount registered, with one `tools/change`, and stops listening: later
   * `notifications/tools/list_changed` are ignored. A second call does nothing.
   */
  dispose(): void
}

type MountTarget = ToolRegistry | ScopedTools

interface MountedEntry {
  readonly original: string
  readonly fingerprint: string
  readonly dispose: Disposer
}

const maxTimeoutMs = 2_147_483_647
const prefixPattern = /^[a-zA-Z0-9_-]{1,32}$/u

/**
 * Mounts the tools of the MCP server behind `client` (connected) into `target` (SPEC §13): every
 * tool the server lists (following `nextCursor`) becomes a registered definition that runs through
 * the target's whole pipeline (validation, policies, guards, approvals, timeouts, observers) and
 * calls the server with the execution's signal. Names are mapped into `^[a-zA-Z0-9_-]{1,64}$`
 * (see the README for the rules); the original name is what the server is called with.
 *
 * A tool the registry refuses (its name is taken, a configured dialect cannot express its
 * schema), or whose input schema is not JSON data, is left out and reported through the logger;
 * `names` lists what was mounted.
 *
 * @param target - a registry (the global layer) or a scope handle
 * @param client - an SDK `Client` (of either of its builds), connected to the server
 * @throws {McpBridgeError} `INVALID_OPTIONS`, synchronously, for options that cannot be used
 * @example
 * const client = new Client({ name: 'my-agent', version: '1.0.0' })
 * await client.connect(new StdioClientTransport({ command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything'] }))
 * const mount = await mountMcpTools(registry, client, { prefix: 'everything' })
 * mount.names // ['everything_echo', 'everything_add', …]
 */
export function mountMcpTools(
  target: MountTarget,
  client: McpClient,
  options: MountMcpToolsOptions = {},
): Promise<McpMount> {
  const { prefix, include, logger, requestTimeoutMs } = readOptions(target, client, options)
  const context: MountedToolContext = { client, requestTimeoutMs }
  let mounted = new Map<string, MountedEntry>()
  let disposed = false
  let running: Promise<void> | undefined
  let again = false
  // Read through a function: the compiler cannot see that `sync()` lets a notification set it.
  const requestedAgain = (): boolean => again && !disposed

  /** One listing, applied as one batch. */
  async function sync(): Promise<void> {
    const listed = await listAllTools(client, requestTimeoutMs)
    if (disposed) return
    const wanted = selectTools(listed, include, logger, client)
    const names = mapToolNames(
      wanted.map((tool) => tool.name),
      prefix,
    )
    const next = new Map<string, MountedEntry>()
    const built: [string, MountedTool, string][] = []
    for (const tool of wanted) {
      // mapToolNames maps every name it is given.
      const name = names.get(tool.name) ?? tool.name
      try {
        built.push([name, mountedTool(tool, name, context), tool.name])
      } catch (error) {
        warn(
          logger,
          `toolpipe/mcp: tool "${tool.name}" of ${serverOf(client)} was not mounted`,
          error,
        )
      }
    }
    target.batch(() => {
      const keep = new Set<string>()
      for (const [name, { fingerprint }] of built) {
        const current = mounted.get(name)
        if (current?.fingerprint === fingerprint) {
          keep.add(name)
          next.set(name, current)
        }
      }
      for (const [name, entry] of mounted) if (!keep.has(name)) entry.dispose()
      for (const [name, { definition, fingerprint }, original] of built) {
        if (keep.has(name)) continue
        try {
          next.set(name, { original, fingerprint, dispose: target.register(definition) })
        } catch (error) {
          // The registry's refusal (a name taken, a dialect that cannot express the tool) says
          // all there is in its message: one line, without a stack trace.
          warn(
            logger,
            `toolpipe/mcp: tool "${original}" of ${serverOf(client)} was not mounted`,
            error,
            isHarnessError(error),
          )
        }
      }
    })
    // Only once the batch is in: a failed one left the registry, and this mount, as they were.
    mounted = new Map(
      [...built].flatMap(([name]) => {
        const entry = next.get(name)
        return entry === undefined ? [] : [[name, entry] as const]
      }),
    )
  }

  function refresh(): Promise<void> {
    if (disposed) return Promise.resolve()
    if (running !== undefined) {
      again = true
      return running
    }
    const run = async (): Promise<void> => {
      try {
        do {
          again = false
          await sync()
        } while (requestedAgain())
      } finally {
        running = undefined
      }
    }
    running = run()
    return running
  }

  // Listening from before the first listing: a change announced while it runs is not missed (it
  // makes the refresh run once more).
  const stopListening = onToolsListChanged(client, () => {
    refresh().catch((error: unknown) => {
      warn(logger, `toolpipe/mcp: re-syncing the tools of ${serverOf(client)} failed`, error)
    })
  })

  const mount: McpMount = {
    get names() {
      return Object.freeze([...mounted.keys()])
    },
    refresh,
    dispose() {
      if (disposed) return
      disposed = true
      stopListening()
      const entries = [...mounted.values()]
      mounted = new Map()
      target.batch(() => {
        for (const entry of entries) entry.dispose()
      })
    },
  }

  return refresh().then(
    () => mount,
    (error: unknown) => {
      disposed = true
      stopListening()
      throw error
    },
  )
}

/** The listed tools to mount: included, each name once, none that needs the tasks API. */
function selectTools(
  listed: readonly Tool[],
  include: ((tool: Tool) => boolean) | undefined,
  logger: ToolRegistryLogger,
  client: McpClient,
): Tool[] {
  const seen = new Set<string>()
  const wanted: Tool[] = []
  for (const tool of listed) {
    if (seen.has(tool.name)) {
      warn(
        logger,
        `toolpipe/mcp: ${serverOf(client)} lists tool "${tool.name}" twice; the first is mounted`,
      )
      continue
    }
    seen.add(tool.name)
    if (tool.execution?.taskSupport === 'required') {
      warn(
        logger,
        `toolpipe/mcp: tool "${tool.name}" of ${serverOf(client)} can only run as an MCP task and was not mounted`,
      )
      continue
    }
    if (include !== undefined && !include(tool)) continue
    wanted.push(tool)
  }
  return wanted
}

function readOptions(
  target: unknown,
  client: unknown,
  options: unknown,
): {
  prefix: string | undefined
  include: ((tool: Tool) => boolean) | undefined
  logger: ToolRegistryLogger
  requestTimeoutMs: number | undefined
} {
  const invalid = (message: string): McpBridgeError =>
    new McpBridgeError(`mountMcpTools: ${message}`)
  if (!hasMethods(target, ['register', 'batch'])) {
    throw invalid(`target must be a tool registry or a scope handle, got ${describeValue(target)}`)
  }
  if (!hasMethods(client, ['listTools', 'callTool', 'setNotificationHandler'])) {
    throw invalid(`client must be an MCP SDK Client, got ${describeValue(client)}`)
  }
  if (typeof options !== 'object' || options === null) {
    throw invalid(`options must be an object, got ${describeValue(options)}`)
  }
  const { prefix, include, logger, requestTimeoutMs } = options as Record<
    keyof MountMcpToolsOptions,
    unknown
  >
  if (prefix !== undefined && (typeof prefix !== 'string' || !prefixPattern.test(prefix))) {
    throw invalid(
      `prefix must be 1 to 32 letters, digits, "_" or "-", got ${describeValue(prefix)}`,
    )
  }
  if (include !== undefined && typeof include !== 'function') {
    throw invalid(`include must be a function, got ${describeValue(include)}`)
  }
  if (logger !== undefined && !hasMethods(logger, ['warn'])) {
    throw invalid(`logger must have a warn method, got ${describeValue(logger)}`)
  }
  if (
    requestTimeoutMs !== undefined &&
    (typeof requestTimeoutMs !== 'number' ||
      !(requestTimeoutMs > 0 && requestTimeoutMs <= maxTimeoutMs))
  ) {
    throw invalid(
      `requestTimeoutMs must be a positive number of milliseconds no larger than ${String(maxTimeoutMs)}, got ${describeValue(requestTimeoutMs)}`,
    )
  }
  return {
    prefix,
    include: include as ((tool: Tool) => boolean) | undefined,
    logger: (logger ?? (target as Partial<ToolRegistry>).logger ?? console) as ToolRegistryLogger,
    requestTimeoutMs,
  }
}

function hasMethods(value: unknown, methods: readonly string[]): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    methods.every((method) => typeof (value as Record<string, unknown>)[method] === 'function')
  )
}

/**
 * One warning; with `error`, its description after the message and, unless `oneLine`, the error
 * itself as a detail (a logger such as `console` prints its stack).
 */
function warn(logger: ToolRegistryLogger, message: string, error?: unknown, oneLine = false): void {
  try {
    if (error === undefined) logger.warn(message)
    else if (oneLine) logger.warn(`${message}: ${describeThrown(error)}`)
    else logger.warn(`${message}: ${describeThrown(error)}`, error)
  } catch {
    // A throwing logger must not turn a skipped tool into a failed mount.
  }
}
