/* eslint-disable @typescript-eslint/no-deprecated -- the low-level Server is the baseline. */
import { asCallId } from '@toolpipe/core'
import { createMcpServer, mountMcpTools } from '@toolpipe/mcp'
import { createToolRegistry } from '@toolpipe/tools'
import type { ToolRegistry } from '@toolpipe/tools'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import { okContent, readFileTool, smallArgs } from './fixtures.js'
import type { Comparison, Suite } from './harness.js'

/** The `read_file`-like tool of the tools suite, as JSON Schema: 4 scalar members, `path` required. */
const readFileSchema = {
  type: 'object' as const,
  properties: {
    path: { type: 'string' },
    offset: { type: 'number' },
    limit: { type: 'number' },
    encoding: { type: 'string', enum: ['utf8', 'base64'] },
  },
  required: ['path'],
}

/** An SDK client connected in memory to `server`'s side of a linked pair. */
async function connected(connect: (transport: Transport) => Promise<void>): Promise<Client> {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair()
  await connect(serverTransport)
  const client = new Client({ name: 'bench', version: '1.0.0' })
  await client.connect(clientTransport)
  return client
}

/** The SDK alone: a low-level `Server` whose handler answers at once. */
async function plainServerClient(): Promise<Client> {
  const server = new Server(
    { name: 'plain', version: '1.0.0' },
    { capabilities: { tools: { listChanged: true } } },
  )
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: [{ name: 'read_file', description: 'Read a text file.', inputSchema: readFileSchema }],
  }))
  server.setRequestHandler(CallToolRequestSchema, () => ({ content: okContent }))
  return connected((transport) => server.connect(transport))
}

/** A registry holding the same tool as a `defineTool` tool (validated in the pipeline). */
function readFileRegistry(): ToolRegistry {
  const registry = createToolRegistry()
  registry.register(readFileTool())
  return registry
}

/**
 * Both directions against the SDK alone, over its in-memory transport, with SMALL arguments from
 * `JSON.parse`: a round trip through the SDK's client and server costs what it costs (two zod
 * parses, a JSON-RPC envelope, microtask hops); what toolpipe adds is the pipeline on one side.
 * "Mounted" runs `registry.execute()` of a mounted tool (local validation against the server's
 * schema, the pipeline, `client.callTool`) against the plain SDK server; "served" runs
 * `client.callTool` against `createMcpServer` of a registry whose `defineTool` tool validates.
 */
async function roundTripComparison(): Promise<Comparison> {
  const plain = await plainServerClient()
  const local = readFileRegistry()
  const server = createMcpServer(readFileRegistry(), { name: 'served', version: '1.0.0' })
  const served = await connected((transport) => server.connect(transport))
  const mountedRegistry = createToolRegistry()
  await mountMcpTools(mountedRegistry, await plainServerClient())
  const args = JSON.parse(JSON.stringify(smallArgs)) as Record<string, unknown>
  const input = { callId: asCallId('call_1'), name: 'read_file', arguments: args }
  return {
    title: 'an MCP tool call, SMALL args (4 fields), SDK client and server in memory',
    baseline: 'SDK alone: client.callTool → Server handler',
    cases: [
      {
        name: 'SDK alone: client.callTool → Server handler',
        run: () => plain.callTool({ name: 'read_file', arguments: args }),
      },
      {
        // What a mount asks of the SDK on each call: progress, and a timeout that progress restarts.
        name: 'SDK alone, asking for progress as a mount does',
        run: () =>
          plain.callTool({ name: 'read_file', arguments: args }, undefined, {
            onprogress: () => undefined,
            resetTimeoutOnProgress: true,
          }),
      },
      {
        name: 'mounted: registry.execute → client.callTool → Server handler',
        run: () => mountedRegistry.execute(input),
      },
      {
        name: 'served: client.callTool → createMcpServer → execute()',
        run: () => served.callTool({ name: 'read_file', arguments: args }),
      },
      {
        name: 'registry.execute of the defineTool tool, no MCP',
        run: () => local.execute(input),
      },
    ],
  }
}

export const mcpSuite: Suite = {
  name: 'mcp',
  comparisons: async () => [await roundTripComparison()],
}
