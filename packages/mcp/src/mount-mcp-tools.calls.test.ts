import { createToolRegistry } from '@toolpipe/tools'
import { describe, expect, it } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { useRemotes } from './__fixtures__/test-hooks.js'
import { mountMcpTools } from './mount-mcp-tools.js'
import { connectRawPeer, deferred, remoteTool } from './__fixtures__/remote-server.js'

const { remoteWith, clients } = useRemotes()

/** `mountMcpTools`: calls of mounted tools, through the pipeline to the server and back. */

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
    const invalid = await registry.execute(callInput('read', { path: 3, extra: true }))
    expect(invalid).toMatchObject({
      isError: true,
      error: { name: 'ToolArgsError', code: 'INVALID_ARGS' },
    })
    expect(invalid.content[0]).toMatchObject({
      text: expect.stringContaining('"path" must be a string, got number') as unknown,
    })
    expect(remote.calls).toEqual([])
    expect((await registry.execute(callInput('read', { path: 'a.txt' }))).isError).toBe(false)
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
    expect(await registry.execute(callInput('query', [1]))).toMatchObject({
      isError: true,
      error: { code: 'INVALID_ARGS' },
      content: [{ text: 'Error: invalid arguments: arguments must be a JSON object, got array' }],
    })
    expect((await registry.execute(callInput('query', { sql: 42 }))).isError).toBe(false)
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
    expect(await registry.execute(callInput('fail'))).toEqual({
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
    expect((await registry.execute(callInput('all'))).content).toEqual([
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
    expect((await registry.execute(callInput('delete_repo'))).error?.code).toBe('GUARD_DENIED')
    expect((await registry.execute(callInput('list_repos'))).error?.code).toBe(
      'APPROVAL_UNAVAILABLE',
    )
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
    const result = await registry.execute(callInput('x'))
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
    const result = await registry.execute(callInput('broken'))
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
    const pending = registry.execute(callInput('hang', {}, { signal: controller.signal }))
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
    const pending = registry.execute(callInput('slow'))
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
    const result = await registry.execute(callInput('slow'))
    expect(result.error).toEqual({ name: 'McpProtocolError', code: 'MCP_PROTOCOL_ERROR' })
    expect(result.content[0]).toMatchObject({
      text: expect.stringContaining('Request timed out') as unknown,
    })
  })
})
