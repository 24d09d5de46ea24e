/* eslint-disable @typescript-eslint/no-deprecated -- the low-level Server lets a test serve any
   input schema and any (mis)behaviour, which is what these fixtures are for. */
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import type { ClientOptions } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js'
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
} from '@modelcontextprotocol/sdk/types.js'
import type {
  CallToolResult,
  ServerNotification,
  ServerRequest,
  Tool,
} from '@modelcontextprotocol/sdk/types.js'
import { connectWirePeer } from './wire-peer.js'

/** What a remote tool's handler gets: the arguments and the SDK's request extra. */
export type RemoteHandler = (
  args: Record<string, unknown>,
  extra: RequestHandlerExtra<ServerRequest, ServerNotification>,
) => CallToolResult | Promise<CallToolResult>

/** A tool of the remote server: its MCP description and, optionally, its behaviour. */
export interface RemoteTool extends Tool {
  readonly handle?: RemoteHandler
}

/** A real SDK server, connected in memory to a real SDK client, serving a tool list a test changes. */
export interface Remote {
  readonly server: Server
  readonly client: Client
  /** The calls the server received: tool name and arguments, in order. */
  readonly calls: { name: string; arguments: Record<string, unknown> | undefined }[]
  /** How many `tools/list` requests it answered. */
  listRequests: number
  /** Replaces the tool list (and tells the client when `notify`). */
  setTools(tools: readonly RemoteTool[], notify?: boolean): Promise<void>
  close(): Promise<void>
}

/**
 * A remote MCP server on the SDK's low-level `Server` (tools capability with `listChanged`) whose
 * `tools/list` hands out `pageSize` tools per page, and whose `tools/call` runs each tool's
 * `handle` (a text echo of the arguments by default), connected to a `Client` over the SDK's
 * in-memory transport.
 */
export async function connectRemote(
  tools: readonly RemoteTool[],
  options: {
    pageSize?: number
    clientOptions?: ClientOptions
    /** The server's `initialize` description beyond its name and version. */
    serverInfo?: { title?: string; description?: string }
    instructions?: string
  } = {},
): Promise<Remote> {
  const pageSize = options.pageSize ?? 100
  let current = [...tools]
  const server = new Server(
    { name: 'remote', version: '1.0.0', ...options.serverInfo },
    {
      capabilities: { tools: { listChanged: true } },
      ...(options.instructions === undefined ? {} : { instructions: options.instructions }),
    },
  )
  const remote: Remote = {
    server,
    client: new Client({ name: 'test-client', version: '1.0.0' }, options.clientOptions),
    calls: [],
    listRequests: 0,
    async setTools(next, notify = true) {
      current = [...next]
      if (notify) await server.sendToolListChanged()
    },
    async close() {
      await remote.client.close()
      await server.close()
    },
  }
  server.setRequestHandler(ListToolsRequestSchema, (request) => {
    remote.listRequests++
    const start = request.params?.cursor === undefined ? 0 : Number(request.params.cursor)
    const page = current.slice(start, start + pageSize)
    return {
      tools: page.map(describeTool),
      ...(start + pageSize < current.length ? { nextCursor: String(start + pageSize) } : {}),
    }
  })
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    remote.calls.push({ name: request.params.name, arguments: request.params.arguments })
    const tool = current.find((candidate) => candidate.name === request.params.name)
    if (tool === undefined) {
      throw new McpError(ErrorCode.InvalidParams, `unknown tool ${request.params.name}`)
    }
    const handle = tool.handle ?? echo
    return handle(request.params.arguments ?? {}, extra)
  })
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair()
  await server.connect(serverTransport)
  await remote.client.connect(clientTransport)
  return remote
}

/** A remote tool's MCP description: everything but its behaviour. */
function describeTool(tool: RemoteTool): Tool {
  const description: RemoteTool = { ...tool }
  delete (description as { handle?: RemoteHandler }).handle
  return description
}

/** The default behaviour: a text block holding the arguments as JSON. */
export const echo: RemoteHandler = (args) => ({
  content: [{ type: 'text', text: JSON.stringify(args) }],
})

/** A tool description with an object input schema. */
export function remoteTool(
  name: string,
  inputSchema: Tool['inputSchema'] = { type: 'object', properties: {} },
  extra: Partial<RemoteTool> = {},
): RemoteTool {
  return { name, description: `the remote ${name}`, inputSchema, ...extra }
}

/** A promise and the functions that settle it. */
export function deferred<TValue = void>(): {
  promise: Promise<TValue>
  resolve: (value: TValue) => void
} {
  let resolve: (value: TValue) => void = () => undefined
  const promise = new Promise<TValue>((settle) => {
    resolve = settle
  })
  return { promise, resolve }
}

/**
 * A peer that speaks raw JSON-RPC, as JSON text, to a real SDK `Client` (see
 * {@link connectWirePeer}): it answers `initialize` as server `name`, and every other request with
 * what `answer` returns, as it is, however wrong. For servers that misbehave in ways the SDK's own
 * server would not allow.
 */
export async function connectRawPeer(
  name: string,
  answer: (method: string, params: unknown) => unknown,
): Promise<Client> {
  const peer = await connectWirePeer(name, (method, params) => answer(method, params))
  return peer.client
}
