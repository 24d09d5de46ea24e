import { createToolRegistry } from '@toolpipe/tools'
import { ErrorCode, ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js'
import { describe, expect, it, vi } from 'vitest'
import { createMcpServer } from './create-mcp-server.js'
import { McpBridgeError } from './mcp-bridge-error.js'
import { connectClient } from './__fixtures__/serve.js'
import { info, plainTool, readFile, spyOnListeners } from './__fixtures__/served-tools.js'

/** `createMcpServer`: tools/list, list_changed and the server's lifetime, and the arguments it refuses. */

describe('createMcpServer: tools/list', () => {
  it('answers initialize with the server info, the instructions and the tools capability with listChanged', async () => {
    const server = createMcpServer(createToolRegistry(), {
      ...info,
      title: 'My harness',
      instructions: 'Read before you write.',
    })
    const { client } = await connectClient(server)
    expect(client.getServerVersion()).toEqual({ ...info, title: 'My harness' })
    expect(client.getInstructions()).toBe('Read before you write.')
    expect(client.getServerCapabilities()?.tools).toEqual({ listChanged: true })
  })

  it('lists every visible tool with its name, description and the JSON Schema of its arguments', async () => {
    const registry = createToolRegistry()
    registry.register(readFile)
    const { client } = await connectClient(createMcpServer(registry, info))
    expect(await client.listTools()).toEqual({
      tools: [
        {
          name: 'read_file',
          description: 'Read a text file.',
          inputSchema: registry.schemas()[0]?.parameters,
        },
      ],
    })
  })

  it('answers every visible tool in one tools/list by default, without a nextCursor (SPEC §13: every visible tool)', async () => {
    const registry = createToolRegistry()
    const names = Array.from({ length: 150 }, (_, index) => `tool_${index}`)
    for (const name of names) registry.register(plainTool(name))
    const { client } = await connectClient(createMcpServer(registry, info))
    const listed = await client.listTools()
    expect(listed.tools.map((tool) => tool.name)).toEqual(names)
    expect(listed.nextCursor).toBeUndefined()
  })

  it('pages 150 tools with the opt-in pageSize, and the pages follow each other (SPEC §13)', async () => {
    const registry = createToolRegistry()
    const names = Array.from({ length: 150 }, (_, index) => `tool_${index}`)
    for (const name of names) registry.register(plainTool(name))
    const { client } = await connectClient(createMcpServer(registry, info, { pageSize: 100 }))
    const first = await client.listTools()
    expect(first.tools).toHaveLength(100)
    expect(first.nextCursor).toBe('tool_99')
    const second = await client.listTools({ cursor: first.nextCursor! })
    expect(second.nextCursor).toBeUndefined()
    expect([...first.tools, ...second.tools].map((tool) => tool.name)).toEqual(names)
  })

  it('hands out pageSize tools per page, with a nextCursor to the next, and refuses a cursor it cannot continue from', async () => {
    const registry = createToolRegistry()
    for (const name of ['a', 'b', 'c', 'd', 'e']) registry.register(plainTool(name))
    const { client } = await connectClient(createMcpServer(registry, info, { pageSize: 2 }))
    const names: string[] = []
    let cursor: string | undefined
    let pages = 0
    do {
      const page = await client.listTools(cursor === undefined ? undefined : { cursor })
      names.push(...page.tools.map((tool) => tool.name))
      cursor = page.nextCursor
      pages++
    } while (cursor !== undefined)
    expect(names).toEqual(['a', 'b', 'c', 'd', 'e'])
    expect(pages).toBe(3)
    await expect(client.listTools({ cursor: 'gone' })).rejects.toMatchObject({
      code: ErrorCode.InvalidParams,
    })
  })

  it('shows the agent’s view: its own tools and restrictions, and a scope handle’s', async () => {
    const registry = createToolRegistry()
    const alice = { id: 'alice' }
    registry.register(plainTool('shell'))
    registry.register(plainTool('read'))
    registry.restrict(alice, { deny: ['shell'] })
    registry.register(plainTool('notes'), { scope: alice })
    const forAlice = await connectClient(createMcpServer(registry, info, { agent: alice }))
    const viaScope = await connectClient(createMcpServer(registry.scope(alice), info))
    const global = await connectClient(createMcpServer(registry, info))
    const names = async (client: typeof global.client) =>
      (await client.listTools()).tools.map((tool) => tool.name)
    expect(await names(forAlice.client)).toEqual(['read', 'notes'])
    expect(await names(viaScope.client)).toEqual(['read', 'notes'])
    expect(await names(global.client)).toEqual(['shell', 'read'])
    expect((await forAlice.client.callTool({ name: 'shell', arguments: {} })).isError).toBe(true)
    expect(await viaScope.client.callTool({ name: 'notes', arguments: {} })).toEqual({
      content: [{ type: 'text', text: 'notes ran' }],
    })
  })
})

describe('createMcpServer: list_changed and lifetime', () => {
  it('sends notifications/tools/list_changed when the tools change, several changes in one tick as one', async () => {
    const registry = createToolRegistry()
    const { client, sent } = await connectClient(createMcpServer(registry, info))
    const changed = vi.fn()
    client.setNotificationHandler(ToolListChangedNotificationSchema, changed)
    registry.register(plainTool('a'))
    registry.register(plainTool('b'))
    await vi.waitFor(() => {
      expect(changed).toHaveBeenCalledTimes(1)
    })
    const notifications = sent.filter(
      ({ message }) => 'method' in message && message.method === 'notifications/tools/list_changed',
    )
    expect(notifications).toHaveLength(1)
    registry.register(plainTool('c'))
    await vi.waitFor(() => {
      expect(changed).toHaveBeenCalledTimes(2)
    })
  })

  it('listens to the registry only while connected: closing the transport removes its listeners', async () => {
    const registry = createToolRegistry()
    const listeners = spyOnListeners(registry)
    const server = createMcpServer(registry, info)
    expect(listeners.live()).toBe(0)
    const first = await connectClient(server)
    // tools/change (list_changed) and tools/progress (notifications/progress).
    expect(listeners.live()).toBe(2)
    await first.client.close()
    expect(listeners.live()).toBe(0)
    registry.register(plainTool('after-close'))
    // The same server can serve again, and listens again.
    const second = await connectClient(server)
    expect(listeners.live()).toBe(2)
    await second.closeServerSide()
    expect(listeners.live()).toBe(0)
  })

  it('reports a list_changed it could not send through server.onerror', async () => {
    const registry = createToolRegistry()
    const server = createMcpServer(registry, info)
    const { client } = await connectClient(server)
    const errors: Error[] = []
    server.onerror = (error) => void errors.push(error)
    // Break the wire under the server without telling it.
    const transport = server.transport!
    transport.send = () => Promise.reject(new Error('wire cut'))
    registry.register(plainTool('a'))
    await vi.waitFor(() => {
      expect(errors.map((error) => error.message)).toEqual(['wire cut'])
    })
    await client.close()
  })
})

describe('createMcpServer: arguments', () => {
  it('refuses what it cannot use, with McpBridgeError', () => {
    const registry = createToolRegistry()
    const attempts: [unknown, unknown, unknown, string][] = [
      [
        {},
        info,
        {},
        'createMcpServer: tools must be a tool registry or a scope handle, got an empty object',
      ],
      [
        registry,
        { name: 'x' },
        {},
        'createMcpServer: info.version must be a string, got undefined',
      ],
      [
        registry,
        info,
        { pageSize: 0 },
        'createMcpServer: options.pageSize must be a whole number from 1, got 0',
      ],
      [
        registry,
        info,
        { agent: 'alice' },
        'createMcpServer: options.agent must be an agent object, got "alice"',
      ],
      [
        registry.scope({ id: 'a' }),
        info,
        { agent: { id: 'b' } },
        'createMcpServer: options.agent is for a registry; a scope handle brings its own agent',
      ],
    ]
    for (const [tools, serverInfo, options, message] of attempts) {
      expect(() => createMcpServer(tools as never, serverInfo as never, options as never)).toThrow(
        new McpBridgeError(message),
      )
    }
  })
})
