import { timeoutPolicy } from '@toolpipe/timeout-policy'
import { createToolRegistry } from '@toolpipe/tools'
import { describe, expect, it, vi } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { recordingLogger, useRemotes } from './__fixtures__/test-hooks.js'
import { McpBridgeError } from './mcp-bridge-error.js'
import { mountMcpTools } from './mount-mcp-tools.js'
import { deferred, remoteTool } from './__fixtures__/remote-server.js'

// SPEC §22 (issue 29, item 5): a mount follows its connection, carries timeouts, and says once
// what it cannot mount.

const { remoteWith } = useRemotes()

describe('mountMcpTools: the connection closes', () => {
  it('disposes itself when the server’s end closes: one tools/change, the registry’s own tools kept', async () => {
    const remote = await remoteWith([remoteTool('a'), remoteTool('b')])
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
    await remote.server.close()
    expect(onChange).toHaveBeenCalledTimes(1)
    expect(mount.names).toEqual([])
    expect(registry.list().map((tool) => tool.name)).toEqual(['own'])
    mount.dispose()
    expect(onChange).toHaveBeenCalledTimes(1)
  })

  it('disposes itself when the client closes, every mount of that client, and the application’s onclose still runs', async () => {
    const remote = await remoteWith([remoteTool('a')])
    const before = vi.fn()
    remote.client.onclose = before
    const registry = createToolRegistry()
    const alice = registry.scope({ id: 'alice' })
    const first = await mountMcpTools(registry, remote.client, { prefix: 'one' })
    const second = await mountMcpTools(alice, remote.client, { prefix: 'two' })
    const after = vi.fn()
    // Set after the mounts: replaces the application's handler, not the mounts' listening.
    remote.client.onclose = after
    await remote.client.close()
    expect(before).not.toHaveBeenCalled()
    // (The SDK's in-memory transport reports a close it started twice.)
    expect(after).toHaveBeenCalled()
    expect(first.names).toEqual([])
    expect(second.names).toEqual([])
    expect(registry.list()).toEqual([])
    expect(alice.list()).toEqual([])
  })

  it('calls an onclose set before the first mount', async () => {
    const remote = await remoteWith([remoteTool('a')])
    const before = vi.fn()
    remote.client.onclose = before
    const mount = await mountMcpTools(createToolRegistry(), remote.client)
    await remote.server.close()
    expect(before).toHaveBeenCalledTimes(1)
    expect(mount.names).toEqual([])
  })

  it('keeps the tools with keepOnClose: calls fail with MCP_PROTOCOL_ERROR', async () => {
    const remote = await remoteWith([remoteTool('a')])
    const registry = createToolRegistry()
    const mount = await mountMcpTools(registry, remote.client, { keepOnClose: true })
    await remote.server.close()
    expect(mount.names).toEqual(['a'])
    expect((await registry.execute(callInput('a'))).error).toEqual({
      name: 'McpProtocolError',
      code: 'MCP_PROTOCOL_ERROR',
    })
  })

  it('leaves nothing of a disposed mount listening on the client', async () => {
    const remote = await remoteWith([remoteTool('a')])
    const registry = createToolRegistry()
    const gone = await mountMcpTools(registry, remote.client, { prefix: 'gone' })
    gone.dispose()
    const kept = await mountMcpTools(registry, remote.client, { prefix: 'kept' })
    const onChange = vi.fn()
    registry.on('tools/change', onChange)
    await remote.server.close()
    expect(kept.names).toEqual([])
    expect(onChange).toHaveBeenCalledTimes(1)
  })
})

describe('mountMcpTools: timeouts', () => {
  it('gives every mounted tool timeoutMs, and toolTimeoutMs by the server’s own name', async () => {
    const remote = await remoteWith([
      remoteTool('files.read'),
      remoteTool('slow'),
      remoteTool('constructor'),
      remoteTool('__proto__'),
    ])
    const registry = createToolRegistry()
    await mountMcpTools(registry, remote.client, {
      prefix: 'fs',
      timeoutMs: 5_000,
      toolTimeoutMs: { 'files.read': 1_000 },
    })
    expect(registry.get('fs_files_read')?.timeoutMs).toBe(1_000)
    expect(registry.get('fs_slow')?.timeoutMs).toBe(5_000)
    // A name an object inherits is not a budget the mount was given.
    expect(registry.get('fs_constructor')?.timeoutMs).toBe(5_000)
    expect(registry.get('fs___proto__')?.timeoutMs).toBe(5_000)
    const untimed = await remoteWith([remoteTool('constructor')])
    const plain = createToolRegistry()
    await mountMcpTools(plain, untimed.client, { toolTimeoutMs: {} })
    expect(plain.get('constructor')?.timeoutMs).toBeUndefined()
  })

  it('lets the timeout policy cut a mounted call: TOOL_TIMEOUT, and the server hears the cancellation', async () => {
    const cancelled = deferred()
    const remote = await remoteWith([
      remoteTool('hang', undefined, {
        handle: (_args, extra) =>
          new Promise(() => {
            extra.signal.addEventListener('abort', () => {
              cancelled.resolve()
            })
          }),
      }),
    ])
    const registry = createToolRegistry()
    registry.use(timeoutPolicy())
    await mountMcpTools(registry, remote.client, { toolTimeoutMs: { hang: 30 } })
    expect(await registry.execute(callInput('hang'))).toMatchObject({
      isError: true,
      error: { name: 'ToolTimeoutError', code: 'TOOL_TIMEOUT' },
      content: [{ type: 'text', text: 'Error: tool call timed out after 30ms' }],
    })
    await cancelled.promise
  })

  it('refuses timeouts and keepOnClose it cannot use, synchronously', async () => {
    const remote = await remoteWith([])
    const registry = createToolRegistry()
    const attempts: [unknown, string][] = [
      [
        { timeoutMs: -1 },
        'mountMcpTools: timeoutMs must be a positive number of milliseconds no larger than 2147483647, got -1',
      ],
      [
        { toolTimeoutMs: [1] },
        'mountMcpTools: toolTimeoutMs must be an object of tool names and milliseconds, got an array',
      ],
      [
        { toolTimeoutMs: { read: '1s' } },
        'mountMcpTools: toolTimeoutMs["read"] must be a positive number of milliseconds no larger than 2147483647, got "1s"',
      ],
      [{ keepOnClose: 'yes' }, 'mountMcpTools: keepOnClose must be a boolean, got "yes"'],
      [
        { jsonSchemaValidator: {} },
        'mountMcpTools: jsonSchemaValidator must have a getValidator method, got an empty object',
      ],
    ]
    for (const [options, message] of attempts) {
      let thrown: unknown
      try {
        void mountMcpTools(registry, remote.client, options as never)
      } catch (error) {
        thrown = error
      }
      expect(thrown).toBeInstanceOf(McpBridgeError)
      expect(thrown).toMatchObject({ code: 'INVALID_OPTIONS', message })
    }
  })
})

describe('mountMcpTools: a tool it cannot mount is warned about once', () => {
  it('not again on each refresh or re-sync while it stays so', async () => {
    const logger = recordingLogger()
    const registry = createToolRegistry()
    const dispose = registry.register({
      name: 'search',
      description: 'mine',
      parameters: { type: 'object' },
      execute: async () => [],
    })
    const remote = await remoteWith([
      remoteTool('search'),
      remoteTool('twice'),
      remoteTool('twice'),
      remoteTool('fine'),
    ])
    const mount = await mountMcpTools(registry, remote.client, { logger })
    const said = [
      'toolpipe/mcp: MCP server "remote" lists tool "twice" twice; the first is mounted',
      'toolpipe/mcp: tool "search" of MCP server "remote" was not mounted: tool "search" is already registered in the global layer',
    ]
    expect(logger.messages).toEqual(said)
    await mount.refresh()
    await remote.setTools([remoteTool('search'), remoteTool('twice'), remoteTool('twice')])
    await vi.waitFor(() => {
      expect(mount.names).toEqual(['twice'])
    })
    await mount.refresh()
    expect(logger.messages).toEqual(said)
    // The name is free: it mounts, and nothing more is said.
    dispose()
    await mount.refresh()
    expect(mount.names).toEqual(['search', 'twice'])
    expect(logger.messages).toEqual(said)
  })
})
