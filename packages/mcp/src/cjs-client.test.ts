/* eslint-disable @typescript-eslint/no-deprecated -- the low-level Server serves any schema. */
import { createRequire } from 'node:module'
import { asCallId } from '@toolpipe/core'
import { createToolRegistry } from '@toolpipe/tools'
import { expect, it } from 'vitest'
import { mountMcpTools } from './mount-mcp-tools.js'
import type * as ClientModule from '@modelcontextprotocol/sdk/client/index.js'
import type * as InMemoryModule from '@modelcontextprotocol/sdk/inMemory.js'
import type * as ServerModule from '@modelcontextprotocol/sdk/server/index.js'
import type * as TypesModule from '@modelcontextprotocol/sdk/types.js'

// The SDK ships an ESM and a CommonJS build; an application may hold a Client of either. The
// listing is requested with this package's (ESM) copy of the SDK's result schema.
const require = createRequire(import.meta.url)
const { Client } = require('@modelcontextprotocol/sdk/client/index.js') as typeof ClientModule
const { Server } = require('@modelcontextprotocol/sdk/server/index.js') as typeof ServerModule
const { InMemoryTransport } =
  require('@modelcontextprotocol/sdk/inMemory.js') as typeof InMemoryModule
const { CallToolRequestSchema, ListToolsRequestSchema } =
  require('@modelcontextprotocol/sdk/types.js') as typeof TypesModule

it('mounts the tools of a Client of the SDK’s CommonJS build, checks their output, and follows its close', async () => {
  const server = new Server({ name: 'cjs', version: '1' }, { capabilities: { tools: {} } })
  const outputSchema = { type: 'object', properties: { url: { type: 'string', format: 'uri' } } }
  let url = 'https://example.com/'
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: [{ name: 'link', inputSchema: { type: 'object' as const }, outputSchema }],
  }))
  server.setRequestHandler(CallToolRequestSchema, () => ({
    content: [],
    structuredContent: { url },
  }))
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair()
  await server.connect(serverTransport)
  const client = new Client({ name: 'cjs-client', version: '1' })
  await client.connect(clientTransport)
  const registry = createToolRegistry()
  const mount = await mountMcpTools(registry, client)
  expect(mount.names).toEqual(['link'])
  const call = () => registry.execute({ callId: asCallId('c'), name: 'link', arguments: {} })
  expect(await call()).toMatchObject({ isError: false, structured: { url } })
  url = 'not a uri'
  expect((await call()).content).toEqual([
    {
      type: 'text',
      text: 'Error: the structured content of MCP tool "link" does not match its output schema: data/url must match format "uri"',
    },
  ])
  await client.close()
  expect(registry.list()).toEqual([])
})
