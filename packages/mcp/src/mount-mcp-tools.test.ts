import { asCallId } from '@toolpipe/core'
import { createToolRegistry } from '@toolpipe/tools'
import type { ToolExecutionInput, ToolRegistryLogger } from '@toolpipe/tools'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { McpBridgeError } from './mcp-bridge-error.js'
import { mountMcpTools } from './mount-mcp-tools.js'
import {
  connectRawPeer,
  connectRemote,
  deferred,
  remoteTool,
} from './__fixtures__/remote-server.js'
import type { Remote } from './__fixtures__/remote-server.js'

const remotes: Remote[] = []
const clients: Client[] = []

async function remoteWith(...args: Parameters<typeof connectRemote>): Promise<Remote> {
  const remote = await connectRemote(...args)
  remotes.push(remote)
  return remote
}

afterEach(async () => {
  for (const remote of remotes.splice(0)) await remote.close()
  for (const client of clients.splice(0)) await client.close()
})

let callNumber = 0
function call(name: string, args: unknown = {}, rest: Partial<ToolExecutionInput> = {}) {
  callNumber++
  return { callId: asCallId(`call_${String(callNumber)}`), name, arguments: args, ...rest }
}

function recordingLogger(): ToolRegistryLogger & { messages: string[] } {
  const messages: string[] = []
  return { messages, warn: (message: string) => void messages.push(message) }
}

/**
 * Resolves once `check` holds, polling the event loop (notifications travel asynchronously).
 * A deadline in time, not a count of rounds: a loaded CI machine stretches every round.
 */
async function eventually(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000
  while (!check() && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  expect(check()).toBe(true)
}

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
    const result = await registry.execute(call('srv_github_create_issue', { title: 'bug' }))
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
    expect((await registry.execute(call('proto', args))).isError).toBe(false)
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
        { prefix: 'has space' },
        'mountMcpTools: prefix must be 1 to 32 letters, digits, "_" or "-", got "has space"',
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

describe('mountMcpTools: calls', () => {
  it('validates arguments locally when the input schema lies inside the subset: the server never sees an invalid call', async () => {
    const remote = await remoteWith([
      remoteTool('read', {
        $schema: 'http://json-schema.org/draft-07/schema#',
        type: 'object',
        properties: { path: { type: 'string', minLength: 1 } },
        required: ['path'],
        additionalProperties: false,
      }),
    ])
    const registry = createToolRegistry()
    await mountMcpTools(registry, remote.client)
    const invalid = await registry.execute(call('read', { path: 3, extra: true }))
    expect(invalid).toMatchObject({
      isError: true,
      error: { name: 'ToolArgsError', code: 'INVALID_ARGS' },
    })
    expect(invalid.content[0]).toMatchObject({
      text: expect.stringContaining('"path" must be a string, got number') as unknown,
    })
    expect(remote.calls).toEqual([])
    expect((await registry.execute(call('read', { path: 'a.txt' }))).isError).toBe(false)
    expect(remote.calls).toEqual([{ name: 'read', arguments: { path: 'a.txt' } }])
  })

  it('leaves a schema outside the subset to the server, checking only that the arguments are an object', async () => {
    const remote = await remoteWith([
      remoteTool('query', {
        type: 'object',
        properties: { sql: { type: 'string', format: 'sql' } },
      }),
    ])
    const registry = createToolRegistry()
    await mountMcpTools(registry, remote.client)
    expect(await registry.execute(call('query', [1]))).toMatchObject({
      isError: true,
      error: { code: 'INVALID_ARGS' },
      content: [{ text: 'Error: invalid arguments: arguments must be a JSON object, got array' }],
    })
    expect((await registry.execute(call('query', { sql: 42 }))).isError).toBe(false)
    expect(remote.calls).toEqual([{ name: 'query', arguments: { sql: 42 } }])
  })

  it('turns a result with isError into McpToolError carrying the server’s text', async () => {
    const remote = await remoteWith([
      remoteTool('fail', undefined, {
        handle: () => ({
          isError: true,
          content: [
            { type: 'text', text: 'repository not found' },
            { type: 'text', text: 'check the owner' },
          ],
        }),
      }),
    ])
    const registry = createToolRegistry()
    await mountMcpTools(registry, remote.client)
    expect(await registry.execute(call('fail'))).toEqual({
      isError: true,
      error: { name: 'McpToolError', code: 'MCP_TOOL_ERROR' },
      content: [{ type: 'text', text: 'Error: repository not found\ncheck the owner' }],
    })
  })

  it('maps each MCP content type to content blocks', async () => {
    const remote = await remoteWith([
      remoteTool('all', undefined, {
        handle: () => ({
          content: [
            { type: 'text', text: 'plain' },
            { type: 'image', data: 'aGk=', mimeType: 'image/png' },
            { type: 'audio', data: 'aGk=', mimeType: 'audio/wav' },
            { type: 'resource', resource: { uri: 'file:///a.txt', text: 'alpha' } },
            {
              type: 'resource',
              resource: { uri: 'file:///b.png', blob: 'aGk=', mimeType: 'image/png' },
            },
            { type: 'resource', resource: { uri: 'file:///c.bin', blob: 'aGk=' } },
            { type: 'resource_link', uri: 'file:///d.md', name: 'd.md' },
          ],
        }),
      }),
    ])
    const registry = createToolRegistry()
    await mountMcpTools(registry, remote.client)
    expect((await registry.execute(call('all'))).content).toEqual([
      { type: 'text', text: 'plain' },
      { type: 'image', data: 'aGk=', mimeType: 'image/png' },
      { type: 'text', text: '[audio (audio/wav) omitted]' },
      { type: 'text', text: '[resource file:///a.txt]\nalpha' },
      { type: 'image', data: 'aGk=', mimeType: 'image/png' },
      { type: 'text', text: '[binary resource file:///c.bin (unknown type) omitted]' },
      { type: 'text', text: '[resource link "d.md": file:///d.md]' },
    ])
  })

  it('runs mounted tools through the whole pipeline: a guard denies, a policy asks, and the server is not called', async () => {
    const remote = await remoteWith([remoteTool('delete_repo'), remoteTool('list_repos')])
    const registry = createToolRegistry()
    await mountMcpTools(registry, remote.client)
    registry.guard((exec) => (exec.name === 'delete_repo' ? 'no deletions here' : undefined))
    registry.on('tools/pre-execute', (exec, next) =>
      exec.name === 'list_repos' ? { kind: 'ask' } : next(),
    )
    expect((await registry.execute(call('delete_repo'))).error?.code).toBe('GUARD_DENIED')
    expect((await registry.execute(call('list_repos'))).error?.code).toBe('APPROVAL_UNAVAILABLE')
    expect(remote.calls).toEqual([])
  })

  it('turns a result the server sends that is not a tool result into McpProtocolError', async () => {
    const client = await connectRawPeer('garbage', (method) =>
      method === 'tools/list'
        ? { tools: [{ name: 'x', inputSchema: { type: 'object' } }] }
        : { content: 'not a list of blocks', isError: 'maybe' },
    )
    clients.push(client)
    const registry = createToolRegistry()
    await mountMcpTools(registry, client)
    const result = await registry.execute(call('x'))
    expect(result).toMatchObject({
      isError: true,
      error: { name: 'McpProtocolError', code: 'MCP_PROTOCOL_ERROR' },
    })
    expect(result.content[0]).toMatchObject({
      text: expect.stringMatching(/^Error: the call of MCP tool "x" failed: /) as unknown,
    })
  })

  it('turns a JSON-RPC error of the server into McpProtocolError', async () => {
    const remote = await remoteWith([
      remoteTool('broken', undefined, {
        // The SDK server refuses to send this as a tool result, and answers an error instead.
        handle: () => ({ content: [{ type: 'nonsense' }] }) as never,
      }),
    ])
    const registry = createToolRegistry()
    await mountMcpTools(registry, remote.client)
    const result = await registry.execute(call('broken'))
    expect(result.error).toEqual({ name: 'McpProtocolError', code: 'MCP_PROTOCOL_ERROR' })
    expect(result.content[0]).toMatchObject({
      text: expect.stringContaining('Invalid tools/call result') as unknown,
    })
  })

  it('cancels a call that never answers when its signal aborts: the server is told, and the result says so', async () => {
    const started = deferred()
    const serverSawCancel = deferred()
    const remote = await remoteWith([
      remoteTool('hang', undefined, {
        handle: (_args, extra) =>
          new Promise(() => {
            extra.signal.addEventListener('abort', () => {
              serverSawCancel.resolve()
            })
            started.resolve()
          }),
      }),
    ])
    const registry = createToolRegistry()
    await mountMcpTools(registry, remote.client)
    const controller = new AbortController()
    const pending = registry.execute(call('hang', {}, { signal: controller.signal }))
    await started.promise
    controller.abort()
    expect(await pending).toMatchObject({
      isError: true,
      error: { name: 'McpProtocolError', code: 'MCP_CALL_CANCELLED' },
      content: [
        { text: 'Error: the call of MCP tool "hang" was cancelled before the server answered' },
      ],
    })
    await serverSawCancel.promise
  })

  it('turns a connection that closes mid-call into McpProtocolError', async () => {
    const started = deferred()
    const remote = await remoteWith([
      remoteTool('slow', undefined, {
        handle: () =>
          new Promise(() => {
            started.resolve()
          }),
      }),
    ])
    const registry = createToolRegistry()
    await mountMcpTools(registry, remote.client)
    const pending = registry.execute(call('slow'))
    await started.promise
    await remote.server.close()
    const result = await pending
    expect(result.error).toEqual({ name: 'McpProtocolError', code: 'MCP_PROTOCOL_ERROR' })
    expect(result.content[0]).toMatchObject({
      text: expect.stringContaining('Connection closed') as unknown,
    })
  })

  it('gives up on a server that does not answer within requestTimeoutMs', async () => {
    const remote = await remoteWith([
      remoteTool('slow', undefined, { handle: () => new Promise(() => undefined) }),
    ])
    const registry = createToolRegistry()
    await mountMcpTools(registry, remote.client, { requestTimeoutMs: 20 })
    const result = await registry.execute(call('slow'))
    expect(result.error).toEqual({ name: 'McpProtocolError', code: 'MCP_PROTOCOL_ERROR' })
    expect(result.content[0]).toMatchObject({
      text: expect.stringContaining('Request timed out') as unknown,
    })
  })
})

describe('mountMcpTools: re-sync and dispose', () => {
  it('re-syncs on notifications/tools/list_changed: new tools added, gone ones removed, changed ones replaced, one tools/change', async () => {
    const remote = await remoteWith([remoteTool('keep'), remoteTool('change'), remoteTool('drop')])
    const registry = createToolRegistry()
    const mount = await mountMcpTools(registry, remote.client)
    const kept = registry.get('keep')
    const onChange = vi.fn()
    registry.on('tools/change', onChange)

    await remote.setTools([
      remoteTool('keep'),
      remoteTool('change', { type: 'object', properties: { n: { type: 'number' } } }),
      remoteTool('added'),
    ])
    await eventually(() => onChange.mock.calls.length > 0)
    expect(onChange).toHaveBeenCalledTimes(1)
    expect(mount.names).toEqual(['keep', 'change', 'added'])
    expect(
      registry
        .list()
        .map((tool) => tool.name)
        .sort(),
    ).toEqual(['added', 'change', 'keep'])
    expect(registry.get('keep')).toBe(kept)
    expect(registry.get('change')?.parameters).toEqual({
      type: 'object',
      properties: { n: { type: 'number' } },
    })
  })

  it('does not miss a change announced while the first listing runs', async () => {
    const remote = await remoteWith([remoteTool('a')])
    let first = true
    remote.server.setRequestHandler(ListToolsRequestSchema, async () => {
      if (!first) return { tools: [remoteTool('a'), remoteTool('b')] }
      first = false
      await remote.server.sendToolListChanged()
      return { tools: [remoteTool('a')] }
    })
    const registry = createToolRegistry()
    const mount = await mountMcpTools(registry, remote.client)
    await eventually(() => mount.names.includes('b'))
    expect(mount.names).toEqual(['a', 'b'])
  })

  it('announces nothing for a refresh that changes nothing', async () => {
    const remote = await remoteWith([remoteTool('a'), remoteTool('b')])
    const registry = createToolRegistry()
    const mount = await mountMcpTools(registry, remote.client)
    const onChange = vi.fn()
    registry.on('tools/change', onChange)
    await mount.refresh()
    expect(onChange).not.toHaveBeenCalled()
  })

  it('leaves the registry and the mount as they were when a tools/change listener refuses the re-sync', async () => {
    const remote = await remoteWith([remoteTool('a')])
    const registry = createToolRegistry({ logger: recordingLogger() })
    const mount = await mountMcpTools(registry, remote.client)
    const veto = new Error('not now')
    const dispose = registry.on('tools/change', () => {
      throw veto
    })
    await remote.setTools([remoteTool('b')], false)
    await expect(mount.refresh()).rejects.toBe(veto)
    expect(mount.names).toEqual(['a'])
    expect(registry.list().map((tool) => tool.name)).toEqual(['a'])
    dispose()
    await mount.refresh()
    expect(registry.list().map((tool) => tool.name)).toEqual(['b'])
  })

  it('reports a re-sync that failed in the background through the logger', async () => {
    const logger = recordingLogger()
    const remote = await remoteWith([remoteTool('a')])
    const registry = createToolRegistry({ logger: recordingLogger() })
    await mountMcpTools(registry, remote.client, { logger })
    registry.on('tools/change', () => {
      throw new Error('not now')
    })
    await remote.setTools([remoteTool('b')])
    await eventually(() => logger.messages.length > 0)
    expect(logger.messages).toEqual([
      'toolpipe/mcp: re-syncing the tools of MCP server "remote" failed: not now',
    ])
  })

  it('runs refreshes one after the other, and one more after those asked for meanwhile', async () => {
    const remote = await remoteWith([remoteTool('a')])
    const registry = createToolRegistry()
    const mount = await mountMcpTools(registry, remote.client)
    const before = remote.listRequests
    await Promise.all([mount.refresh(), mount.refresh(), mount.refresh()])
    expect(remote.listRequests - before).toBe(2)
  })

  it('dispose() removes every mounted tool with one tools/change, and later notifications are ignored', async () => {
    const remote = await remoteWith([remoteTool('a'), remoteTool('b'), remoteTool('c')])
    const registry = createToolRegistry()
    registry.register({
      name: 'own',
      description: '',
      parameters: { type: 'object' },
      execute: async () => [],
    })
    const mount = await mountMcpTools(registry, remote.client)
    const onChange = vi.fn()
    registry.on('tools/change', onChange)
    mount.dispose()
    mount.dispose()
    expect(onChange).toHaveBeenCalledTimes(1)
    expect(registry.list().map((tool) => tool.name)).toEqual(['own'])
    expect(mount.names).toEqual([])
    const listed = remote.listRequests
    await remote.setTools([remoteTool('d')])
    await mount.refresh()
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(remote.listRequests).toBe(listed)
    expect(registry.list().map((tool) => tool.name)).toEqual(['own'])
  })

  it('lets two mounts of one client both hear list_changed', async () => {
    const remote = await remoteWith([remoteTool('a')])
    const registry = createToolRegistry()
    const alice = registry.scope({ id: 'alice' })
    const bob = registry.scope({ id: 'bob' })
    await mountMcpTools(alice, remote.client)
    const bobs = await mountMcpTools(bob, remote.client)
    await remote.setTools([remoteTool('a'), remoteTool('b')])
    await eventually(() => alice.get('b') !== undefined && bob.get('b') !== undefined)
    bobs.dispose()
    await remote.setTools([remoteTool('c')])
    await eventually(() => alice.get('c') !== undefined)
    expect(bob.list()).toEqual([])
  })
})
