/* eslint-disable @typescript-eslint/no-deprecated -- the SDK deprecates its low-level `Server` for
   servers whose tools it defines itself (McpServer, with zod shapes); serving a registry whose JSON
   Schemas come from elsewhere is the advanced use it keeps `Server` for, and SPEC §13 names it. */
import { asCallId } from '@toolpipe/core'
import type { CallId } from '@toolpipe/core'
import type { ToolExecutionResult, ToolSchema } from '@toolpipe/tools'
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import type { ServerOptions } from '@modelcontextprotocol/sdk/server/index.js'
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
} from '@modelcontextprotocol/sdk/types.js'
import type {
  CallToolResult,
  Implementation,
  ListToolsResult,
  RequestId,
  ServerNotification,
  Tool,
} from '@modelcontextprotocol/sdk/types.js'
import type { RegistryView } from './registry-view.js'
import { toMcpContent } from './to-mcp-content.js'

/** A `tools/call` request being served: what its progress and approval requests relate to. */
interface ServedCall {
  readonly requestId: RequestId
  readonly sendNotification: (notification: ServerNotification) => Promise<void>
}

/**
 * The server `createMcpServer` returns: the SDK's `Server` with the tools handlers installed. It
 * listens to the registry while connected (from `connect` until its transport closes; an `onclose`
 * the transport already had is kept, as the SDK calls it first), and remembers which MCP request
 * each running call serves, so that an elicitation for its approval goes with that request.
 */
export class ToolpipeMcpServer extends Server {
  readonly #view: RegistryView
  readonly #calls = new Map<CallId, ServedCall>()

  constructor(info: Implementation, options: ServerOptions, view: RegistryView, pageSize: number) {
    super(info, options)
    this.#view = view
    this.setRequestHandler(ListToolsRequestSchema, (request) =>
      listPage(view.schemas(), request.params?.cursor, pageSize),
    )
    this.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
      const callId = asCallId(`mcp-${crypto.randomUUID()}`)
      this.#calls.set(callId, {
        requestId: extra.requestId,
        sendNotification: extra.sendNotification,
      })
      try {
        const result = await view.execute({
          callId,
          name: request.params.name,
          arguments: request.params.arguments ?? {},
          signal: extra.signal,
        })
        return toCallToolResult(result)
      } finally {
        this.#calls.delete(callId)
      }
    })
  }

  /** The id of the MCP request a running call of this server serves, if `server` is one. */
  static relatedRequestId(server: object, callId: CallId): RequestId | undefined {
    return #calls in server ? server.#calls.get(callId)?.requestId : undefined
  }

  override async connect(...[transport]: Parameters<Server['connect']>): Promise<void> {
    const stop = this.#listen()
    const previous = transport.onclose
    transport.onclose = () => {
      stop()
      previous?.()
    }
    try {
      await super.connect(transport)
    } catch (error) {
      stop()
      throw error
    }
  }

  /** Starts listening to the registry; returns how to stop. */
  #listen(): () => void {
    return this.#view.onChange(() => {
      // Before `initialize`, the client has not asked for anything it could have to list again.
      if (this.getClientCapabilities() === undefined) return
      this.sendToolListChanged().catch((error: unknown) => {
        this.onerror?.(error instanceof Error ? error : new Error(String(error)))
      })
    })
  }
}

/** One page of `tools/list`: the tools after the one the cursor names. */
function listPage(
  schemas: readonly ToolSchema[],
  cursor: string | undefined,
  pageSize: number,
): ListToolsResult {
  let start = 0
  if (cursor !== undefined) {
    const after = schemas.findIndex((schema) => schema.name === cursor)
    if (after === -1) {
      throw new McpError(
        ErrorCode.InvalidParams,
        `invalid cursor ${JSON.stringify(cursor)}: the tool it continues after is no longer listed; list again from the start`,
      )
    }
    start = after + 1
  }
  const page = schemas.slice(start, start + pageSize)
  const last = page.at(-1)
  return {
    tools: page.map(toMcpTool),
    ...(start + pageSize < schemas.length && last !== undefined ? { nextCursor: last.name } : {}),
  }
}

function toMcpTool(schema: ToolSchema): Tool {
  return {
    name: schema.name,
    description: schema.description,
    inputSchema: schema.parameters as Tool['inputSchema'],
  }
}

/** A pipeline result as an MCP tool result. */
function toCallToolResult(result: ToolExecutionResult): CallToolResult {
  const content = toMcpContent(result.content)
  // Context a policy added for the model's next request: over MCP, the result is where it can go.
  if (result.additionalContext !== undefined) {
    content.push(...toMcpContent(result.additionalContext.content))
  }
  if (!result.isError) return { content }
  return {
    content,
    isError: true,
    _meta: { 'toolpipe/error': { name: result.error.name, code: result.error.code } },
  }
}
