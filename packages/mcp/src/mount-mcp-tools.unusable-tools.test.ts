/* eslint-disable @typescript-eslint/no-deprecated -- the low-level Server answers tools/list with
   any object, which is what these tests are for. */
import { createToolRegistry } from '@toolpipe/tools'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import { describe, expect, it } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { remoteTool } from './__fixtures__/remote-server.js'
import type { RemoteTool } from './__fixtures__/remote-server.js'
import { recordingLogger, useRemotes } from './__fixtures__/test-hooks.js'
import { mountMcpTools } from './mount-mcp-tools.js'

// A real MCP server (the SDK's low-level Server, answering tools/list with whatever the test
// lists) over the SDK's in-memory transport, so entries the SDK's ToolSchema refuses reach the
// client as the server wrote them.

const { remoteWith, clients } = useRemotes()

/** An entry as a server may list it, however wrong: it goes out as it is. */
function listed(entry: Record<string, unknown>): RemoteTool {
  return entry as unknown as RemoteTool
}

const skippedArray =
  'toolpipe/mcp: tool "bad" of MCP server "remote" was not mounted: inputSchema.type: Invalid input: expected "object"'

describe('SPEC §13, §22: an entry that is not a tool is skipped and warned about once, never the whole listing', () => {
  it('mounts the others when one tool’s inputSchema has type "array", warning by its name once across refreshes', async () => {
    const remote = await remoteWith([
      remoteTool('good'),
      listed({ name: 'bad', inputSchema: { type: 'array' } }),
      remoteTool('also_good'),
    ])
    const logger = recordingLogger()
    const registry = createToolRegistry()
    const mount = await mountMcpTools(registry, remote.client, { logger })
    expect(mount.names).toEqual(['good', 'also_good'])
    expect(logger.messages).toEqual([skippedArray])
    expect((await registry.execute(callInput('also_good', {}))).isError).toBe(false)
    await mount.refresh()
    await mount.refresh()
    expect(logger.messages).toEqual([skippedArray])
    // Fixed, it mounts; broken again, it is said again.
    await remote.setTools([remoteTool('good'), remoteTool('bad'), remoteTool('also_good')], false)
    await mount.refresh()
    expect(mount.names).toEqual(['good', 'bad', 'also_good'])
    await remote.setTools([listed({ name: 'bad', inputSchema: { type: 'array' } })], false)
    await mount.refresh()
    expect(mount.names).toEqual([])
    expect(logger.messages).toEqual([skippedArray, skippedArray])
  })

  it('names an entry without a usable name by its index in the whole listing, following nextCursor', async () => {
    const remote = await remoteWith(
      [
        remoteTool('first'),
        remoteTool('second'),
        listed({ inputSchema: { type: 'object' } }),
        listed({ name: 42, inputSchema: { type: 'object' } }),
        remoteTool('fifth'),
      ],
      { pageSize: 2 },
    )
    const logger = recordingLogger()
    const mount = await mountMcpTools(createToolRegistry(), remote.client, { logger })
    expect(mount.names).toEqual(['first', 'second', 'fifth'])
    expect(remote.listRequests).toBe(3)
    expect(logger.messages).toEqual([
      'toolpipe/mcp: the tool at index 2 of MCP server "remote" was not mounted: name: Invalid input: expected string, received undefined',
      'toolpipe/mcp: the tool at index 3 of MCP server "remote" was not mounted: name: Invalid input: expected string, received number',
    ])
    await mount.refresh()
    expect(logger.messages).toHaveLength(2)
  })

  it('names at most three problems of one entry, and counts the rest', async () => {
    const remote = await remoteWith([
      listed({
        name: 'odd',
        description: 7,
        title: false,
        inputSchema: { type: 'array' },
        annotations: 'none',
      }),
      remoteTool('fine'),
    ])
    const logger = recordingLogger()
    const mount = await mountMcpTools(createToolRegistry(), remote.client, { logger })
    expect(mount.names).toEqual(['fine'])
    expect(logger.messages).toHaveLength(1)
    expect(logger.messages[0]).toMatch(
      /^toolpipe\/mcp: tool "odd" of MCP server "remote" was not mounted: [^;]+; [^;]+; [^;]+; and 1 more$/,
    )
  })
})

/**
 * A client of a low-level `Server` whose `tools/list` answer is `page()` itself: over the
 * in-memory transport the client gets the server's own objects, getters and Proxies included.
 */
async function clientOfListing(page: () => unknown): Promise<Client> {
  const server = new Server({ name: 'odd', version: '1' }, { capabilities: { tools: {} } })
  server.setRequestHandler(ListToolsRequestSchema, () => page() as never)
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair()
  await server.connect(serverTransport)
  const client = new Client({ name: 'test-client', version: '1' })
  await client.connect(clientTransport)
  clients.push(client)
  return client
}

describe('SPEC §22: what a server in the same process hands over is read without trusting it', () => {
  it('skips an entry whose getter throws, named by its index, and mounts the rest', async () => {
    const hostile = {
      get name(): string {
        throw new Error('no name for you')
      },
      inputSchema: { type: 'object' },
    }
    const client = await clientOfListing(() => ({
      tools: [hostile, { name: 'fine', inputSchema: { type: 'object' } }],
    }))
    const logger = recordingLogger()
    const mount = await mountMcpTools(createToolRegistry(), client, { logger })
    expect(mount.names).toEqual(['fine'])
    expect(logger.messages).toHaveLength(1)
    expect(logger.messages[0]).toMatch(
      /^toolpipe\/mcp: the tool at index 0 of MCP server "odd" was not mounted: .*no name for you/,
    )
  })

  it.each([
    [
      'tools that are not an array',
      () => ({ tools: { name: 'x' } }),
      /its tools are object, not an array$/,
    ],
    ['no tools at all', () => ({}), /its tools are undefined, not an array$/],
    [
      'a tools array whose entries cannot be read',
      () => ({
        tools: new Proxy([{ name: 'x', inputSchema: { type: 'object' } }], {
          get: (target, key) => {
            if (key === '0') throw new Error('unreadable entry')
            return Reflect.get(target, key) as unknown
          },
        }),
      }),
      /failed: .*unreadable entry$/,
    ],
  ])('fails the listing as McpProtocolError for a page with %s', async (_label, page, message) => {
    const client = await clientOfListing(page)
    const registry = createToolRegistry()
    await expect(mountMcpTools(registry, client)).rejects.toMatchObject({
      name: 'McpProtocolError',
      code: 'MCP_PROTOCOL_ERROR',
      message: expect.stringMatching(message) as unknown,
    })
    expect(registry.list()).toEqual([])
  })
})
