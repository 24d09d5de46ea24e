import { createToolRegistry } from '@toolpipe/tools'
import { describe, expect, it, vi } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { recordingLogger, useRemotes } from './__fixtures__/test-hooks.js'
import { McpBridgeError } from './mcp-bridge-error.js'
import { mountMcpTools } from './mount-mcp-tools.js'
import { connectRawPeer, remoteTool } from './__fixtures__/remote-server.js'

const { remoteWith, clients } = useRemotes()

/** `mountMcpTools`: what it lists and mounts, under which names, and the options it refuses. */

describe('mountMcpTools: listing and names', () => {
  it('registers every tool of the server, following nextCursor across pages, under its name', async () => {
    const tools = Array.from({ length: 7 }, (_, index) => remoteTool(`tool_${String(index)}`))
    const remote = await remoteWith(tools, { pageSize: 3 })
    const registry = createToolRegistry()
    const mount = await mountMcpTools(registry, remote.client)
    expect(remote.listRequests).toBe(3)
    expect(mount.names).toEqual(tools.map((tool) => tool.name))
    expect(registry.list().map((tool) => tool.name)).toEqual(mount.names)
    expect(registry.schemas()[0]).toEqual({
      name: 'tool_0',
      description: 'the remote tool_0',
      parameters: { type: 'object', properties: {} },
    })
  })

  it('maps names into the provider-safe pattern and calls the server with the original name', async () => {
    const remote = await remoteWith([
      remoteTool('files.read'),
      remoteTool('github/create_issue'),
      remoteTool('déjà vu'),
    ])
    const registry = createToolRegistry()
    const mount = await mountMcpTools(registry, remote.client, { prefix: 'srv' })
    expect(mount.names).toEqual(['srv_files_read', 'srv_github_create_issue', 'srv_d_j__vu'])
    const result = await registry.execute(callInput('srv_github_create_issue', { title: 'bug' }))
    expect(result).toMatchObject({
      isError: false,
      content: [{ type: 'text', text: '{"title":"bug"}' }],
    })
    expect(remote.calls).toEqual([{ name: 'github/create_issue', arguments: { title: 'bug' } }])
  })

  it('resolves collisions deterministically: the name spelled exactly keeps it, the others get a stable hash suffix', async () => {
    const names = ['a.b', 'a_b', 'a/b']
    const first = await remoteWith(names.map((name) => remoteTool(name)))
    const second = await remoteWith([...names].reverse().map((name) => remoteTool(name)))
    const one = await mountMcpTools(createToolRegistry(), first.client)
    const other = await mountMcpTools(createToolRegistry(), second.client)
    expect([...one.names].sort()).toEqual([...other.names].sort())
    expect(one.names).toContain('a_b')
    expect(one.names.every((name) => /^[a-zA-Z0-9_-]{1,64}$/.test(name))).toBe(true)
    expect(new Set(one.names).size).toBe(3)
    // The loser's suffix depends on its own name only.
    expect(one.names.filter((name) => name.startsWith('a_b_'))).toHaveLength(2)
  })

  it('mounts only what include admits, skips a tool listed twice and one that needs the tasks API, and says so', async () => {
    const logger = recordingLogger()
    const remote = await remoteWith([
      remoteTool('keep'),
      remoteTool('drop'),
      remoteTool('keep', { type: 'object', properties: { other: { type: 'string' } } }),
      remoteTool('task_only', undefined, { execution: { taskSupport: 'required' } }),
    ])
    const registry = createToolRegistry()
    const include = vi.fn((tool: { name: string }) => tool.name !== 'drop')
    const mount = await mountMcpTools(registry, remote.client, { include, logger })
    expect(mount.names).toEqual(['keep'])
    expect(registry.get('keep')?.parameters).toEqual({ type: 'object', properties: {} })
    expect(include).toHaveBeenCalledTimes(2)
    expect(logger.messages).toEqual([
      'toolpipe/mcp: MCP server "remote" lists tool "keep" twice; the first is mounted',
      'toolpipe/mcp: tool "task_only" of MCP server "remote" can only run as an MCP task and was not mounted',
    ])
  })

  it('leaves out a tool the registry refuses (a name already taken) and mounts the rest', async () => {
    const logger = recordingLogger()
    const registry = createToolRegistry()
    const mine = {
      name: 'search',
      description: 'mine',
      parameters: { type: 'object' as const },
      execute: async () => [],
    }
    registry.register(mine)
    const remote = await remoteWith([remoteTool('search'), remoteTool('fetch')])
    const mount = await mountMcpTools(registry, remote.client, { logger })
    expect(mount.names).toEqual(['fetch'])
    expect(registry.get('search')).toBe(mine)
    expect(logger.messages).toEqual([
      'toolpipe/mcp: tool "search" of MCP server "remote" was not mounted: tool "search" is already registered in the global layer',
    ])
  })

  it('mounts into a scope: only that agent sees the tools', async () => {
    const registry = createToolRegistry()
    const alice = { id: 'alice' }
    const remote = await remoteWith([remoteTool('notes')])
    await mountMcpTools(registry.scope(alice), remote.client)
    expect(registry.get('notes', alice)).toBeDefined()
    expect(registry.get('notes')).toBeUndefined()
    expect(registry.get('notes', { id: 'bob' })).toBeUndefined()
  })

  it('rejects with McpProtocolError when the server cannot be listed, and registers nothing', async () => {
    const remote = await remoteWith([remoteTool('a')])
    await remote.server.close()
    const registry = createToolRegistry()
    await expect(mountMcpTools(registry, remote.client)).rejects.toMatchObject({
      name: 'McpProtocolError',
      code: 'MCP_PROTOCOL_ERROR',
      message: expect.stringMatching(
        /^listing the tools of MCP server "remote" failed: /,
      ) as unknown,
    })
    expect(registry.list()).toEqual([])
  })

  it('refuses a server whose cursors never end', async () => {
    const client = await connectRawPeer('looping', () => ({
      tools: [{ name: 'x', inputSchema: { type: 'object' } }],
      nextCursor: 'again',
    }))
    clients.push(client)
    await expect(mountMcpTools(createToolRegistry(), client)).rejects.toMatchObject({
      code: 'MCP_PROTOCOL_ERROR',
      message: 'listing the tools of MCP server "looping" does not end: cursor "again" came twice',
    })
  })

  it('survives hostile tool descriptions: a __proto__ member is data, a schema nested too deep is left out', async () => {
    let deep: unknown = { type: 'string' }
    for (let level = 0; level < 600; level++) {
      deep = { type: 'object', properties: { next: deep } }
    }
    const listing = `{"tools":[
      {"name":"proto","inputSchema":{"type":"object","properties":{"__proto__":{"type":"string"}},"required":["__proto__"]}},
      {"name":"deep","inputSchema":{"type":"object","properties":{"next":${JSON.stringify(deep)}}}},
      {"name":"fine","inputSchema":{"type":"object"}}
    ]}`
    const received: unknown[] = []
    const client = await connectRawPeer('hostile', (method, params) => {
      if (method === 'tools/list') return JSON.parse(listing)
      received.push(params)
      return { content: [{ type: 'text', text: 'ran' }] }
    })
    clients.push(client)
    const logger = recordingLogger()
    const registry = createToolRegistry()
    const mount = await mountMcpTools(registry, client, { logger })
    expect(mount.names).toEqual(['proto', 'fine'])
    expect(logger.messages).toEqual([
      'toolpipe/mcp: tool "deep" of MCP server "hostile" was not mounted: the description of MCP tool "deep" is not JSON data a registry can hold',
    ])
    // The SDK's parsing drops the member named __proto__ from `properties` (and sets no prototype):
    // what is left names a required member it does not describe, outside the subset, so the
    // server checks; arguments with such a member are plain data all the way to the server.
    expect(registry.get('proto')?.parameters).toEqual({
      type: 'object',
      properties: {},
      required: ['__proto__'],
    })
    expect(({} as { type?: unknown }).type).toBeUndefined()
    const args: unknown = JSON.parse('{"__proto__":{"polluted":true}}')
    expect((await registry.execute(callInput('proto', args))).isError).toBe(false)
    expect(
      JSON.stringify(received.map((params) => (params as { arguments: unknown }).arguments)),
    ).toBe('[{"__proto__":{"polluted":true}}]')
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined()
  })

  it('refuses options it cannot use, synchronously, with McpBridgeError', async () => {
    const remote = await remoteWith([])
    const registry = createToolRegistry()
    const attempts: [unknown, unknown, unknown, string][] = [
      [
        {},
        remote.client,
        {},
        'mountMcpTools: target must be a tool registry or a scope handle, got an empty object',
      ],
      [registry, {}, {}, 'mountMcpTools: client must be an MCP SDK Client, got an empty object'],
      [
        registry,
        remote.client,
        { prefix: '' },
        'mountMcpTools: prefix must be a string of 1 to 256 characters (mapped into a tool name as the server\'s tool names are), got ""',
      ],
      [
        registry,
        remote.client,
        { include: true },
        'mountMcpTools: include must be a function, got true',
      ],
      [
        registry,
        remote.client,
        { logger: {} },
        'mountMcpTools: logger must have a warn method, got an empty object',
      ],
      [
        registry,
        remote.client,
        { requestTimeoutMs: 0 },
        'mountMcpTools: requestTimeoutMs must be a positive number of milliseconds no larger than 2147483647, got 0',
      ],
    ]
    for (const [target, client, options, message] of attempts) {
      let thrown: unknown
      try {
        void mountMcpTools(target as never, client as never, options as never)
      } catch (error) {
        thrown = error
      }
      expect(thrown).toBeInstanceOf(McpBridgeError)
      expect(thrown).toMatchObject({ code: 'INVALID_OPTIONS', message })
    }
  })
})
