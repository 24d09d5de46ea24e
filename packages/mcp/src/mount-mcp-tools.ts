import type { ToolRegistryLogger } from '@toolpipe/tools'
import type { Tool } from '@modelcontextprotocol/sdk/types.js'
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js'
import type { McpClient } from './mcp-client.js'
import { onClientClosed } from './internal/client-closed.js'
import { serverOf } from './internal/list-all-tools.js'
import { MountSync } from './internal/mount-sync.js'
import type { MountTarget } from './internal/mount-sync.js'
import { readMountOptions } from './internal/read-mount-options.js'
import { onToolsListChanged } from './internal/tools-list-changed.js'
import { warn } from './internal/warn-once.js'

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
  /**
   * The `timeoutMs` of every mounted tool, for `@toolpipe/timeout-policy`: its deadline (and the
   * `notifications/cancelled` the abort sends) covers mounted tools as it covers local ones.
   * Default: none, as for a local tool without one.
   */
  readonly timeoutMs?: number | undefined
  /**
   * `timeoutMs` by tool, keyed by the server's own tool name (`'read_file'`, not the mounted
   * `'fs_read_file'`); wins over {@link MountMcpToolsOptions.timeoutMs} for the tools it names.
   */
  readonly toolTimeoutMs?: Readonly<Record<string, number>> | undefined
  /**
   * Keep the tools registered when the connection closes. Default: `false`: when the connection
   * closes (`client.close()`, the server's end, a child process that exited) the mount disposes
   * itself, with one `tools/change`, so the model stops seeing tools nobody can run. With `true`,
   * calls fail with `MCP_PROTOCOL_ERROR` until the client is connected again.
   */
  readonly keepOnClose?: boolean | undefined
  /**
   * The JSON Schema validator (the SDK's `jsonSchemaValidator` interface) that checks the tools'
   * output schemas: a schema it cannot compile leaves that tool out, and it validates the
   * `structuredContent` of a tool whose output schema lies outside toolpipe's subset. Default: a
   * new instance of the SDK's `AjvJsonSchemaValidator` (what an SDK `Client` uses by default) per
   * listing and per such tool. Give the one your `Client` uses when it is not the default (the
   * SDK's `CfWorkerJsonSchemaValidator` where code generation is not allowed).
   */
  readonly jsonSchemaValidator?: jsonSchemaValidator | undefined
  /**
   * Mount every tool with `deferLoading: true` (SPEC §24): a `@toolpipe/tool-search` session shows
   * them once a search finds them, and a native deferred form marks them for the provider's own
   * search; called by name, they run as any other tool. Default `false`. Either way each mounted
   * tool's `searchText` holds the server's name, title, description and instructions, for a
   * search to find it by.
   */
  readonly deferLoading?: boolean | undefined
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
   * `notifications/tools/list_changed` are ignored. A second call does nothing. Called by the
   * mount itself when the connection closes, unless `keepOnClose`.
   */
  dispose(): void
}

/**
 * Mounts the tools of the MCP server behind `client` (connected) into `target` (SPEC §13): every
 * tool the server lists (following `nextCursor`) becomes a registered definition that runs through
 * the target's whole pipeline (validation, policies, guards, approvals, timeouts, observers) and
 * calls the server with a signal that follows the execution's while the call runs. Names are
 * mapped into `^[a-zA-Z0-9_-]{1,64}$` (see the README for the rules); the original name is what
 * the server is called with. When the connection closes, the mount disposes itself unless
 * `keepOnClose`.
 *
 * A tool the registry refuses (its name is taken, a configured dialect cannot express its
 * schema), whose description is not JSON data, or whose output schema the JSON Schema validator
 * cannot compile, is left out and reported through the logger, once (not again on each refresh
 * while it stays so); `names` lists what was mounted.
 *
 * @param target - a registry (the global layer) or a scope handle
 * @param client - an SDK `Client` (of either of its builds), connected to the server
 * @throws {McpBridgeError} `INVALID_OPTIONS`, synchronously, for options that cannot be used
 * @example
 * const client = new Client({ name: 'my-agent', version: '1.0.0' })
 * await client.connect(new StdioClientTransport({ command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything'] }))
 * const mount = await mountMcpTools(registry, client, { prefix: 'everything', timeoutMs: 30_000 })
 * mount.names // ['everything_echo', 'everything_add', …]
 */
export function mountMcpTools(
  target: MountTarget,
  client: McpClient,
  options: MountMcpToolsOptions = {},
): Promise<McpMount> {
  const settings = readMountOptions(target, client, options)
  const tools = new MountSync(target, client, settings)
  // Listening from before the first listing: a change announced while it runs is not missed (it
  // makes the refresh run once more).
  const stopListening = onToolsListChanged(client, () => {
    tools.refresh().catch((error: unknown) => {
      warn(
        settings.logger,
        `toolpipe/mcp: re-syncing the tools of ${serverOf(client)} failed`,
        error,
      )
    })
  })
  const stopWatchingClose = settings.keepOnClose
    ? noop
    : onClientClosed(client, () => {
        mount.dispose()
      })
  const stop = (removeTools: boolean): void => {
    stopListening()
    stopWatchingClose()
    tools.dispose(removeTools)
  }
  const mount: McpMount = {
    get names() {
      return tools.names
    },
    refresh: () => tools.refresh(),
    dispose() {
      if (!tools.disposed) stop(true)
    },
  }
  return tools.refresh().then(
    () => mount,
    (error: unknown) => {
      // The first listing failed: nothing was registered.
      stop(false)
      throw error
    },
  )
}

function noop(): void {
  // keepOnClose: nothing to stop watching.
}
