/* eslint-disable @typescript-eslint/no-deprecated -- the low-level Server serves a recorded
   listing exactly as its server answered it (raw JSON Schemas), which McpServer cannot. */
import { readFileSync } from 'node:fs'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import type { Tool } from '@modelcontextprotocol/sdk/types.js'
import { mountMcpTools } from '@toolpipe/mcp'
import type { McpMount } from '@toolpipe/mcp'
import type { ToolRegistry } from '@toolpipe/tools'

/** One server of `bench/data/tool-catalogue.json`: its listing as it answered, and where from. */
export interface CatalogueServer {
  readonly id: string
  readonly package: string
  readonly version: string
  readonly serverInfo: { name: string; version: string; title?: string; description?: string }
  readonly instructions: string | null
  readonly tools: Tool[]
}

/** A labelled query of `bench/data/tool-queries.json`. */
export interface LabelledQuery {
  readonly query: string
  /** `${server.id}_${tool.name}`, as the server lists it. */
  readonly expected: string
  readonly alsoAcceptable?: readonly string[]
}

const data = new URL('../data/', import.meta.url)

export function catalogueServers(): CatalogueServer[] {
  const text = readFileSync(new URL('tool-catalogue.json', data), 'utf8')
  return (JSON.parse(text) as { servers: CatalogueServer[] }).servers
}

export function labelledQueries(): LabelledQuery[] {
  const text = readFileSync(new URL('tool-queries.json', data), 'utf8')
  return (JSON.parse(text) as { queries: LabelledQuery[] }).queries
}

/**
 * Serves one catalogue server's listing from an SDK `Server` over the SDK's in-memory transport
 * (its name, title, description and instructions as it gave them), and mounts it into `registry`
 * with `prefix` — the real mount, as a harness mounts a server it started.
 */
export async function mountCatalogueServer(
  registry: ToolRegistry,
  server: CatalogueServer,
  prefix: string,
  deferLoading: boolean,
): Promise<{ mount: McpMount; names: Map<string, string>; close: () => Promise<void> }> {
  const { name, version, title, description } = server.serverInfo
  const remote = new Server(
    {
      name,
      version,
      ...(title === undefined ? {} : { title }),
      ...(description === undefined ? {} : { description }),
    },
    {
      capabilities: { tools: {} },
      ...(server.instructions === null ? {} : { instructions: server.instructions }),
    },
  )
  remote.setRequestHandler(ListToolsRequestSchema, () => ({ tools: server.tools }))
  const client = new Client({ name: 'bench', version: '1.0.0' })
  const [clientEnd, serverEnd] = InMemoryTransport.createLinkedPair()
  await remote.connect(serverEnd)
  await client.connect(clientEnd)
  const mount = await mountCatalogueClient(registry, client, prefix, deferLoading)
  // The mount lists names in the server's order: each original name's mounted name.
  const mounted = mount.names
  const names = new Map<string, string>()
  if (mounted.length === server.tools.length) {
    server.tools.forEach((tool, index) => {
      const name = mounted[index]
      if (name !== undefined) names.set(tool.name, name)
    })
  }
  return {
    mount,
    names,
    close: async () => {
      await client.close()
      await remote.close()
    },
  }
}

function mountCatalogueClient(
  registry: ToolRegistry,
  client: Client,
  prefix: string,
  deferLoading: boolean,
): Promise<McpMount> {
  return mountMcpTools(registry, client, {
    prefix,
    deferLoading,
    logger: {
      warn: (message: string) => {
        console.error(`  (${message})`)
      },
    },
  })
}
