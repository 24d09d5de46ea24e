import { createToolRegistry, defineTool } from '@toolpipe/tools'
import type { Disposer, ToolExecution, ToolRegistry } from '@toolpipe/tools'
import { timeoutPolicy } from '@toolpipe/timeout-policy'
import { ErrorCode, ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js'
import { describe, expect, it, vi } from 'vitest'
import { createMcpServer } from './create-mcp-server.js'
import { McpBridgeError } from './mcp-bridge-error.js'
import { connectClient } from './__fixtures__/serve.js'
import { deferred } from './__fixtures__/remote-server.js'

const info = { name: 'harness', version: '2.0.0' }

const readFile = defineTool({
  name: 'read_file',
  description: 'Read a text file.',
  parameters: { path: { type: 'string', required: true, minLength: 1 } },
  execute: async ({ path }) => [{ type: 'text', text: `contents of ${path}` }],
})

function plainTool(name: string, run?: (exec: ToolExecution) => Promise<unknown>) {
  return {
    name,
    description: `the ${name} tool`,
    parameters: { type: 'object' as const, properties: {} },
    execute: async (_args: unknown, exec: ToolExecution) => {
      if (run !== undefined) await run(exec)
      return [{ type: 'text' as const, text: `${name} ran` }]
    },
  }
}

/** Records the disposers `registry.on` hands out, and whether each was called. */
function spyOnListeners(registry: ToolRegistry): { live: () => number } {
  const disposers: { disposed: boolean }[] = []
  const on = registry.on.bind(registry)
  vi.spyOn(registry, 'on').mockImplementation((event, listener, options) => {
    const dispose: Disposer = on(event, listener, options)
    const entry = { disposed: false }
    disposers.push(entry)
    return () => {
      entry.disposed = true
      dispose()
    }
  })
  return { live: () => disposers.filter((entry) => !entry.disposed).length }
}

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

describe('createMcpServer: tools/call', () => {
  it('runs the call through execute() and maps its content: text and image as they are, other blocks as text', async () => {
    const registry = createToolRegistry()
    const observed: ToolExecution[] = []
    registry.on('tools/result', (exec) => void observed.push(exec as ToolExecution))
    registry.register({
      ...plainTool('mixed'),
      execute: async () => [
        { type: 'text', text: 'one' },
        { type: 'image', data: 'aGk=', mimeType: 'image/png' },
        { type: 'reasoning', text: 'because' },
        { type: 'tool-call', id: 'c1' as never, name: 'x', arguments: '{}' },
      ],
    })
    const { client } = await connectClient(createMcpServer(registry, info))
    expect(await client.callTool({ name: 'mixed', arguments: {} })).toEqual({
      content: [
        { type: 'text', text: 'one' },
        { type: 'image', data: 'aGk=', mimeType: 'image/png' },
        { type: 'text', text: 'because' },
        { type: 'text', text: '{"type":"tool-call","id":"c1","name":"x","arguments":"{}"}' },
      ],
    })
    expect(observed).toHaveLength(1)
    expect(observed[0]?.callId).toMatch(/^mcp-[0-9a-f-]{36}$/)
  })

  it('answers an unknown tool and invalid arguments with a tool result the model can read, not a protocol error', async () => {
    const registry = createToolRegistry()
    registry.register(readFile)
    const { client } = await connectClient(createMcpServer(registry, info))
    expect(await client.callTool({ name: 'nope', arguments: {} })).toEqual({
      isError: true,
      content: [{ type: 'text', text: 'Error: unknown tool "nope"' }],
      _meta: { 'toolpipe/error': { name: 'ToolNotFoundError', code: 'UNKNOWN_TOOL' } },
    })
    const invalid = await client.callTool({ name: 'read_file', arguments: { path: '' } })
    expect(invalid).toMatchObject({
      isError: true,
      _meta: { 'toolpipe/error': { name: 'ToolArgsError', code: 'INVALID_ARGS' } },
    })
    // Without arguments, the call gets {} and the tool's check names what is missing.
    expect(await client.callTool({ name: 'read_file' })).toMatchObject({
      isError: true,
      content: [{ text: expect.stringContaining('"path"') as unknown }],
    })
  })

  it('applies guards, policies and the approval service of the agent’s scope', async () => {
    const alice = { id: 'alice' }
    const request = vi.fn(async () => ({ kind: 'rejected' as const, reason: 'not today' }))
    const registry = createToolRegistry({ approval: { request } })
    registry.register(plainTool('deploy'))
    registry.register(plainTool('shell'))
    registry.guard((exec) => (exec.name === 'shell' ? 'no shell over MCP' : undefined), {
      scope: alice,
    })
    registry.on('tools/pre-execute', (exec, next) =>
      exec.name === 'deploy' ? { kind: 'ask' } : next(),
    )
    const { client } = await connectClient(createMcpServer(registry, info, { agent: alice }))
    expect(await client.callTool({ name: 'shell', arguments: {} })).toMatchObject({
      isError: true,
      content: [{ text: 'Error: no shell over MCP' }],
      _meta: { 'toolpipe/error': { code: 'GUARD_DENIED' } },
    })
    expect(await client.callTool({ name: 'deploy', arguments: {} })).toMatchObject({
      isError: true,
      content: [{ text: 'Error: the user rejected tool "deploy": not today' }],
    })
    expect(request).toHaveBeenCalledWith(
      expect.objectContaining({ agent: alice, toolName: 'deploy' }),
    )
  })

  it('applies a timeout policy', async () => {
    const registry = createToolRegistry()
    registry.use(timeoutPolicy())
    registry.register({
      ...plainTool('slow', (exec) => {
        const aborted = deferred()
        exec.signal?.addEventListener('abort', () => {
          aborted.resolve()
        })
        return aborted.promise
      }),
      timeoutMs: 10,
    })
    const { client } = await connectClient(createMcpServer(registry, info))
    expect(await client.callTool({ name: 'slow', arguments: {} })).toMatchObject({
      isError: true,
      content: [{ text: 'Error: tool call timed out after 10ms' }],
      _meta: { 'toolpipe/error': { name: 'ToolTimeoutError', code: 'TOOL_TIMEOUT' } },
    })
  })

  it('aborts the tool’s signal when the client cancels the request', async () => {
    const registry = createToolRegistry()
    const started = deferred()
    const toolSawAbort = deferred()
    registry.register(
      plainTool('wait', (exec) => {
        exec.signal?.addEventListener('abort', () => {
          toolSawAbort.resolve()
        })
        started.resolve()
        return toolSawAbort.promise
      }),
    )
    const { client } = await connectClient(createMcpServer(registry, info))
    const controller = new AbortController()
    const pending = client.callTool({ name: 'wait', arguments: {} }, undefined, {
      signal: controller.signal,
    })
    await started.promise
    controller.abort(new Error('the user pressed stop'))
    await expect(pending).rejects.toThrow('the user pressed stop')
    await toolSawAbort.promise
  })

  it('appends context a post-execute policy adds for the model', async () => {
    const registry = createToolRegistry()
    registry.register(plainTool('edit'))
    registry.on('tools/post-execute', () => ({
      kind: 'accept',
      additionalContext: {
        content: [{ type: 'text', text: 'Remember to run the tests.' }],
        source: { kind: 'plugin', plugin: 'test-reminder' },
      },
    }))
    const { client } = await connectClient(createMcpServer(registry, info))
    expect((await client.callTool({ name: 'edit', arguments: {} })).content).toEqual([
      { type: 'text', text: 'edit ran' },
      { type: 'text', text: 'Remember to run the tests.' },
    ])
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
