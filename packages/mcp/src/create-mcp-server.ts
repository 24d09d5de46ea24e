/* eslint-disable @typescript-eslint/no-deprecated -- the SDK deprecates its low-level `Server` for
   servers whose tools it defines itself (McpServer, with zod shapes); serving a registry whose JSON
   Schemas come from elsewhere is the advanced use it keeps `Server` for, and SPEC §13 names it. */
import type { Agent } from '@toolpipe/core'
import { describeValue } from '@toolpipe/core/internal'
import type { ScopedTools, ToolRegistry } from '@toolpipe/tools'
import type { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { McpBridgeError } from './mcp-bridge-error.js'
import { registryView } from './internal/registry-view.js'
import type { RegistryView } from './internal/registry-view.js'
import { ToolpipeMcpServer } from './internal/toolpipe-mcp-server.js'

/** Who the server says it is (`serverInfo` of the `initialize` answer), and what it tells clients. */
export interface McpServerInfo {
  readonly name: string
  readonly version: string
  /** A display name for UIs. */
  readonly title?: string | undefined
  /** How to use the server's tools, for the client's model (`instructions` of `initialize`). */
  readonly instructions?: string | undefined
}

/** Options of {@link createMcpServer}. */
export interface CreateMcpServerOptions {
  /**
   * On whose behalf the calls run, with a registry: the agent whose scope (tools, restrictions,
   * guards, listeners) applies, and who approval requests are routed through. A scope handle
   * brings its own agent. Default: none (the global view, and `ask` decisions are denied).
   */
  readonly agent?: Agent | undefined
  /**
   * Tools per `tools/list` page, from 1, for an integrator who wants paging: each page then hands
   * out a `nextCursor` to the next. Default: none, every visible tool in one answer (SPEC §13), so
   * a client that lists once, without following `nextCursor`, sees them all.
   */
  readonly pageSize?: number | undefined
}

/**
 * An MCP server (the SDK's low-level `Server`, with the tools capability and `listChanged: true`)
 * that serves the tools `tools` shows to an agent (SPEC §13). Connect it to any transport:
 * `await server.connect(new StdioServerTransport())`.
 *
 * - `tools/list` lists every visible tool in one answer (or `pageSize` at a time, with that option):
 *   name, title, description, the JSON Schema of its arguments as `inputSchema`, its
 *   `outputSchema` and its annotations as MCP hints.
 * - `tools/call` runs the call through `execute()` (a fresh call id, the request's abort signal,
 *   the agent), so every validation, policy, guard, approval, wrapper, timeout and observer
 *   applies. Content maps to MCP content (text and image as they are, other blocks as text), and
 *   an error result comes back as a tool result with `isError: true` the model can read (also for
 *   an unknown tool or invalid arguments), its `{ name, code }` in `_meta['toolpipe/error']`.
 * - a `tools/change` of the tools the agent sees sends `notifications/tools/list_changed`
 *   (coalesced within a tick) while a client is connected.
 *
 * The server listens to the registry only while connected: closing the transport removes its
 * listeners, so a server per session leaves nothing behind.
 *
 * @param tools - a registry, or a scope handle (its agent's view)
 * @param info - the server's name and version, and optional title and instructions
 * @throws {McpBridgeError} `INVALID_OPTIONS` for arguments that cannot be used
 * @example
 * const server = createMcpServer(registry, { name: 'my-harness', version: '1.0.0' }, { agent })
 * await server.connect(new StdioServerTransport())
 */
export function createMcpServer(
  tools: ToolRegistry | ScopedTools,
  info: McpServerInfo,
  options: CreateMcpServerOptions = {},
): Server {
  const view = readTools(tools, options)
  const { name, version, title, instructions } = readInfo(info)
  const pageSize = readPageSize(options)
  return new ToolpipeMcpServer(
    { name, version, ...(title === undefined ? {} : { title }) },
    {
      capabilities: { tools: { listChanged: true } },
      ...(instructions === undefined ? {} : { instructions }),
      debouncedNotificationMethods: ['notifications/tools/list_changed'],
    },
    view,
    pageSize,
  )
}

function readTools(tools: unknown, options: unknown): RegistryView {
  const invalid = (message: string): McpBridgeError =>
    new McpBridgeError(`createMcpServer: ${message}`)
  if (typeof options !== 'object' || options === null) {
    throw invalid(`options must be an object, got ${describeValue(options)}`)
  }
  const agent = (options as { agent?: unknown }).agent
  if (agent !== undefined && (typeof agent !== 'object' || agent === null)) {
    throw invalid(`options.agent must be an agent object, got ${describeValue(agent)}`)
  }
  if (typeof tools !== 'object' || tools === null) {
    throw invalid(`tools must be a tool registry or a scope handle, got ${describeValue(tools)}`)
  }
  const isRegistry = typeof (tools as { scope?: unknown }).scope === 'function'
  if (!isRegistry && agent !== undefined) {
    throw invalid('options.agent is for a registry; a scope handle brings its own agent')
  }
  for (const method of ['descriptors', 'execute', 'on'] as const) {
    if (typeof (tools as Record<string, unknown>)[method] !== 'function') {
      throw invalid(`tools must be a tool registry or a scope handle, got ${describeValue(tools)}`)
    }
  }
  return isRegistry
    ? registryView(tools as ToolRegistry, agent as Agent | undefined)
    : registryView(tools as ScopedTools)
}

function readInfo(info: unknown): McpServerInfo {
  const invalid = (message: string): McpBridgeError =>
    new McpBridgeError(`createMcpServer: ${message}`)
  if (typeof info !== 'object' || info === null) {
    throw invalid(`info must be { name, version }, got ${describeValue(info)}`)
  }
  const { name, version, title, instructions } = info as Record<string, unknown>
  for (const [key, value, required] of [
    ['name', name, true],
    ['version', version, true],
    ['title', title, false],
    ['instructions', instructions, false],
  ] as const) {
    if ((required || value !== undefined) && typeof value !== 'string') {
      throw invalid(`info.${key} must be a string, got ${describeValue(value)}`)
    }
  }
  return info as McpServerInfo
}

/** The `pageSize` option: `undefined` (the default) for every tool in one page. */
function readPageSize(options: CreateMcpServerOptions): number | undefined {
  const pageSize = options.pageSize
  if (pageSize === undefined) return undefined
  if (typeof pageSize !== 'number' || !Number.isSafeInteger(pageSize) || pageSize < 1) {
    throw new McpBridgeError(
      `createMcpServer: options.pageSize must be a whole number from 1, got ${describeValue(pageSize)}`,
    )
  }
  return pageSize
}
