import { fileURLToPath } from 'node:url'
import type { Readable } from 'node:stream'
import { createToolRegistry } from '@toolpipe/tools'
import type { ToolRegistryLogger } from '@toolpipe/tools'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { mountMcpTools } from './mount-mcp-tools.js'

const fixture = fileURLToPath(new URL('./__fixtures__/stdio-server.mjs', import.meta.url))

interface Child {
  readonly client: Client
  /** What the child wrote to stderr so far. */
  stderr(): string
}

const children: Client[] = []

afterEach(async () => {
  for (const client of children.splice(0)) await client.close()
})

/** Spawns the fixture server (`node stdio-server.mjs`) and connects an SDK client over stdio. */
async function spawnServer(
  args: string[] = [],
  options: { maxBufferSize?: number } = {},
): Promise<Child> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [fixture, ...args],
    stderr: 'pipe',
    ...options,
  })
  let stderr = ''
  ;(transport.stderr as Readable | null)?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8')
  })
  const client = new Client({ name: 'stdio-test', version: '1.0.0' })
  await client.connect(transport)
  children.push(client)
  return { client, stderr: () => stderr }
}

const silent: ToolRegistryLogger = { warn: () => undefined }

describe('mountMcpTools over stdio, with a real SDK server in a child process', () => {
  it('mounts, and calls with progress and structured content', async () => {
    const { client } = await spawnServer()
    const registry = createToolRegistry({ logger: silent })
    const mount = await mountMcpTools(registry, client, { prefix: 'fx', logger: silent })
    expect(mount.names).toEqual([
      'fx_text_echo',
      'fx_count',
      'fx_grow',
      'fx_hang',
      'fx_die',
      'fx_flood',
    ])

    // A call, validated locally first (the schema lies inside the subset).
    expect(await registry.execute(callInput('fx_text_echo', { text: 'hi' }))).toMatchObject({
      isError: false,
      content: [{ type: 'text', text: 'hi' }],
    })
    expect((await registry.execute(callInput('fx_text_echo', {}))).error?.code).toBe('INVALID_ARGS')

    // Progress notifications become progress reports; structuredContent becomes structured.
    const updates: unknown[] = []
    registry.on('tools/progress', (_exec, update) => void updates.push(update))
    expect(await registry.execute(callInput('fx_count'))).toMatchObject({
      isError: false,
      structured: { count: 3 },
      content: [{ type: 'text', text: 'counted to 3' }],
    })
    expect(updates).toEqual(
      [1, 2, 3].map((step) => ({ progress: step, total: 3, message: `step ${String(step)}` })),
    )
    expect(registry.get('fx_count')?.concurrencySafe).toBe(true)
  })

  it('re-syncs on list_changed, survives a cancelled call, reports a server that died mid-call, and disposes itself then', async () => {
    const { client, stderr } = await spawnServer()
    const registry = createToolRegistry({ logger: silent })
    const mount = await mountMcpTools(registry, client, { prefix: 'fx', logger: silent })

    // The server adds a tool and sends list_changed: the mount follows, as one change.
    const onChange = vi.fn()
    registry.on('tools/change', onChange)
    await registry.execute(callInput('fx_grow'))
    await vi.waitFor(() => {
      expect(mount.names).toContain('fx_grown')
    })
    expect(onChange).toHaveBeenCalledTimes(1)

    // A call that never answers, until its signal aborts: the server hears the cancellation.
    const controller = new AbortController()
    const hanging = registry.execute(callInput('fx_hang', {}, { signal: controller.signal }))
    await vi.waitFor(() => {
      expect(stderr()).toContain('hang: started')
    })
    controller.abort()
    expect((await hanging).error).toEqual({ name: 'McpProtocolError', code: 'MCP_CALL_CANCELLED' })
    await vi.waitFor(() => {
      expect(stderr()).toContain('hang: cancelled by the client')
    })

    // The server dies in the middle of a call.
    const died = await registry.execute(callInput('fx_die'))
    expect(died).toMatchObject({
      isError: true,
      error: { name: 'McpProtocolError', code: 'MCP_PROTOCOL_ERROR' },
    })
    expect(died.content[0]).toMatchObject({
      text: expect.stringContaining('Connection closed') as unknown,
    })
    expect(stderr()).toContain('die: exiting mid-call')

    // The connection closed with the child: the mount disposed itself, as one change.
    await vi.waitFor(() => {
      expect(registry.list()).toEqual([])
    })
    expect(mount.names).toEqual([])
    expect(onChange).toHaveBeenCalledTimes(2)
    mount.dispose()
    expect(onChange).toHaveBeenCalledTimes(2)
  })
})

describe('a hostile server in a child process', () => {
  it('an answer larger than the client reads closes the connection: the call fails, coded, and the mount disposes itself', async () => {
    // The SDK's stdio transport refuses a message over its maxBufferSize (10 MB by default, 1 MB
    // here: the SDK's reader copies its buffer on every chunk, so 10 MB take seconds to refuse).
    const { client } = await spawnServer([], { maxBufferSize: 1024 * 1024 })
    const registry = createToolRegistry({ logger: silent })
    const mount = await mountMcpTools(registry, client, { logger: silent })
    const onChange = vi.fn()
    registry.on('tools/change', onChange)
    const flooded = await registry.execute(callInput('flood', { megabytes: 2 }))
    expect(flooded).toMatchObject({
      isError: true,
      error: { name: 'McpProtocolError', code: 'MCP_PROTOCOL_ERROR' },
    })
    await vi.waitFor(() => {
      expect(mount.names).toEqual([])
    })
    expect(onChange).toHaveBeenCalledTimes(1)
    expect(registry.list()).toEqual([])
  })

  it('a server that dies while listing rejects the mount, coded, and registers nothing', async () => {
    const { client, stderr } = await spawnServer(['die-on-list'])
    const registry = createToolRegistry({ logger: silent })
    await expect(mountMcpTools(registry, client, { logger: silent })).rejects.toMatchObject({
      name: 'McpProtocolError',
      code: 'MCP_PROTOCOL_ERROR',
      message: expect.stringMatching(
        /^listing the tools of MCP server "stdio-fixture" failed: /,
      ) as unknown,
    })
    expect(registry.list()).toEqual([])
    expect(stderr()).toContain('list: exiting mid-list')
  })
})
