import { getEventListeners } from 'node:events'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { asCallId } from '@toolpipe/core'
import { createToolRegistry } from '@toolpipe/tools'
import type { ToolExecutionInput, ToolRegistryLogger } from '@toolpipe/tools'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import type {
  JsonSchemaType,
  JsonSchemaValidator,
  jsonSchemaValidator,
} from '@modelcontextprotocol/sdk/validation/types.js'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { mountMcpTools } from './mount-mcp-tools.js'
import { connectWirePeer, noAnswer, RawResult } from './__fixtures__/wire-peer.js'
import type { WireMessage, WirePeer } from './__fixtures__/wire-peer.js'

// SPEC §22 (issue 34): what a hostile MCP server can make a mount cost, over a wire that carries
// JSON text, against the SDK's real Client.

const peers: WirePeer[] = []

afterEach(async () => {
  for (const peer of peers.splice(0)) await peer.client.close()
})

async function peerWith(...args: Parameters<typeof connectWirePeer>): Promise<WirePeer> {
  const peer = await connectWirePeer(...args)
  peers.push(peer)
  return peer
}

let callNumber = 0
function call(name: string, args: unknown = {}, rest: Partial<ToolExecutionInput> = {}) {
  callNumber++
  return { callId: asCallId(`call_${String(callNumber)}`), name, arguments: args, ...rest }
}

function recordingLogger(): ToolRegistryLogger & { messages: string[] } {
  const messages: string[] = []
  return { messages, warn: (message: string) => void messages.push(message) }
}

const tool = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  inputSchema: { type: 'object' },
  ...extra,
})
const tools = (count: number, from = 0) =>
  Array.from({ length: count }, (_, index) => tool(`t${String(from + index)}`))

/** A peer whose `tools/list` hands out `pages` (each a list of tools) one after the other. */
async function pagedPeer(name: string, pages: readonly unknown[][], call?: () => unknown) {
  const listed = { requests: 0 }
  const peer = await peerWith(name, (method, params) => {
    if (method !== 'tools/list') return call?.() ?? { content: [] }
    listed.requests++
    const cursor = (params as { cursor?: string } | undefined)?.cursor
    const index = cursor === undefined ? 0 : Number(cursor)
    return {
      tools: pages[index] ?? [],
      ...(index + 1 < pages.length ? { nextCursor: String(index + 1) } : {}),
    }
  })
  return { peer, listed }
}

const cancellations = (peer: WirePeer): WireMessage[] =>
  peer.received.filter((message) => message.method === 'notifications/cancelled')

describe('the listing bound (1,000 pages, 10,000 tools) holds on the last page too', () => {
  it('refuses 10,001 tools on one page, and mounts nothing', async () => {
    const { peer } = await pagedPeer('wide', [tools(10_001)])
    const registry = createToolRegistry()
    await expect(mountMcpTools(registry, peer.client)).rejects.toMatchObject({
      name: 'McpProtocolError',
      code: 'MCP_PROTOCOL_ERROR',
      message: 'listing the tools of MCP server "wide" was refused: more than 10000 tools',
    })
    expect(registry.list()).toEqual([])
  })

  it('refuses 15,000 tools over three pages, whichever page crosses the bound', async () => {
    const { peer, listed } = await pagedPeer('long', [
      tools(5_000),
      tools(5_000, 5_000),
      tools(5_000, 10_000),
    ])
    const registry = createToolRegistry()
    await expect(mountMcpTools(registry, peer.client)).rejects.toMatchObject({
      message: 'listing the tools of MCP server "long" was refused: more than 10000 tools',
    })
    expect(listed.requests).toBe(3)
    expect(registry.list()).toEqual([])
  })

  it('mounts exactly 10,000 tools', async () => {
    const { peer } = await pagedPeer('full', [tools(4_000), tools(6_000, 4_000)])
    const mount = await mountMcpTools(createToolRegistry(), peer.client)
    expect(mount.names).toHaveLength(10_000)
  })

  it('follows 1,000 pages, and refuses a 1,000th page that still has a cursor', async () => {
    const pages = Array.from({ length: 1_000 }, (_, index) => [tool(`p${String(index)}`)])
    const { peer } = await pagedPeer('thousand', pages)
    expect((await mountMcpTools(createToolRegistry(), peer.client)).names).toHaveLength(1_000)
    const { peer: endless, listed } = await pagedPeer('endless', [...pages, [tool('more')]])
    await expect(mountMcpTools(createToolRegistry(), endless.client)).rejects.toMatchObject({
      message: 'listing the tools of MCP server "endless" was refused: more than 1000 pages',
    })
    expect(listed.requests).toBe(1_000)
  })
})

describe('a call never leaves a listener on the caller’s signal once it settled', () => {
  it('sends no notifications/cancelled for answered requests when a reused signal aborts later', async () => {
    const { peer } = await pagedPeer('answers', [[tool('echo')]], () => ({
      content: [{ type: 'text', text: 'ok' }],
    }))
    const registry = createToolRegistry()
    await mountMcpTools(registry, peer.client)
    const session = new AbortController()
    for (let index = 0; index < 5; index++) {
      const result = await registry.execute(call('echo', {}, { signal: session.signal }))
      expect(result.isError).toBe(false)
    }
    expect(getEventListeners(session.signal, 'abort')).toHaveLength(0)
    session.abort()
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(cancellations(peer)).toEqual([])
  })

  it('still cancels the call in flight, once, with one listener on a signal many calls share', async () => {
    const open: (string | number)[] = []
    const peer = await peerWith('slow', (method, _params, _peer, id) => {
      if (method === 'tools/list') return { tools: [tool('wait')] }
      open.push(id)
      return noAnswer
    })
    const registry = createToolRegistry()
    await mountMcpTools(registry, peer.client)
    const turn = new AbortController()
    const pending = Array.from({ length: 20 }, () =>
      registry.execute(call('wait', {}, { signal: turn.signal })),
    )
    await vi.waitFor(() => {
      expect(open).toHaveLength(20)
    })
    // One listener for the twenty calls (Node warns past ten on one signal).
    expect(getEventListeners(turn.signal, 'abort')).toHaveLength(1)
    // The first is answered; aborting then cancels the nineteen still running, not it.
    peer.answer(open[0]!, { content: [{ type: 'text', text: 'done' }] })
    expect((await pending[0])?.isError).toBe(false)
    turn.abort(new Error('turn stopped'))
    const results = await Promise.all(pending.slice(1))
    expect(results.every((result) => result.error?.code === 'MCP_CALL_CANCELLED')).toBe(true)
    await vi.waitFor(() => {
      expect(cancellations(peer)).toHaveLength(19)
    })
    const cancelled = cancellations(peer).map((message) => message.params?.requestId)
    expect(cancelled).not.toContain(open[0])
    expect(cancellations(peer)[0]?.params?.reason).toBe('Error: turn stopped')
    expect(getEventListeners(turn.signal, 'abort')).toHaveLength(0)
  })

  it('keeps nothing of a closed, disposed client alive through a long-lived signal', async () => {
    setFlagsFromString('--expose-gc')
    const collect = runInNewContext('gc') as () => void
    const session = new AbortController()
    const registry = createToolRegistry()
    const mounted = async (): Promise<WeakRef<Client>> => {
      const peer = await connectWirePeer('short-lived', (method) =>
        method === 'tools/list' ? { tools: [tool('once')] } : { content: [] },
      )
      const mount = await mountMcpTools(registry, peer.client, { prefix: 'gone' })
      for (let index = 0; index < 3; index++) {
        await registry.execute(call('gone_once', {}, { signal: session.signal }))
      }
      await peer.client.close()
      mount.dispose()
      return new WeakRef(peer.client)
    }
    const client = await mounted()
    for (let round = 0; round < 10 && client.deref() !== undefined; round++) {
      await new Promise((resolve) => setTimeout(resolve, 10))
      collect()
    }
    expect(client.deref()).toBeUndefined()
    expect(getEventListeners(session.signal, 'abort')).toHaveLength(0)
  })
})

describe('one output schema the validator cannot compile skips that tool, never the listing', () => {
  const broken = {
    type: 'object',
    properties: { id: { type: 'string', pattern: '(' } },
  }

  it('mounts the others, warns once across refreshes, and again only if it changes', async () => {
    let listing = [
      tool('before'),
      tool('broken', { outputSchema: broken }),
      tool('after', { outputSchema: { type: 'object', properties: { n: { type: 'number' } } } }),
    ]
    const peer = await peerWith('schemas', (method) =>
      method === 'tools/list'
        ? { tools: listing }
        : { content: [{ type: 'text', text: 'ok' }], structuredContent: { n: 1 } },
    )
    const logger = recordingLogger()
    const registry = createToolRegistry()
    const mount = await mountMcpTools(registry, peer.client, { logger })
    expect(mount.names).toEqual(['before', 'after'])
    const skipped =
      'toolpipe/mcp: tool "broken" of MCP server "schemas" was not mounted: Invalid regular expression: /(/u: Unterminated group'
    expect(logger.messages).toEqual([skipped])
    expect(await registry.execute(call('after'))).toMatchObject({
      isError: false,
      structured: { n: 1 },
    })
    await mount.refresh()
    await mount.refresh()
    expect(logger.messages).toEqual([skipped])
    // Fixed: it mounts. Broken again: said again.
    listing = [tool('before'), tool('broken'), listing[2]!]
    await mount.refresh()
    expect(mount.names).toEqual(['before', 'broken', 'after'])
    listing = [tool('before'), tool('broken', { outputSchema: broken }), listing[2]!]
    await mount.refresh()
    expect(mount.names).toEqual(['before', 'after'])
    expect(logger.messages).toEqual([skipped, skipped])
  })

  it('checks structuredContent against an output schema outside the subset, on every page', async () => {
    let answer: Record<string, unknown> | undefined = { id: 'x' }
    const { peer } = await pagedPeer(
      'outside',
      [
        [
          tool('first', {
            outputSchema: {
              type: 'object',
              properties: { id: { oneOf: [{ type: 'string' }, { type: 'integer' }] } },
              required: ['id'],
            },
          }),
        ],
        [tool('second')],
      ],
      () => ({ content: [], ...(answer === undefined ? {} : { structuredContent: answer }) }),
    )
    const registry = createToolRegistry()
    await mountMcpTools(registry, peer.client)
    expect(await registry.execute(call('first'))).toMatchObject({
      isError: false,
      structured: { id: 'x' },
    })
    answer = { id: true }
    const mismatch = await registry.execute(call('first'))
    expect(mismatch).toMatchObject({
      isError: true,
      error: { name: 'McpProtocolError', code: 'MCP_PROTOCOL_ERROR' },
    })
    expect(mismatch.content[0]).toMatchObject({
      text: expect.stringMatching(
        /^Error: the structured content of MCP tool "first" does not match its output schema: /,
      ) as unknown,
    })
    answer = undefined
    expect((await registry.execute(call('first'))).content).toEqual([
      {
        type: 'text',
        text: 'Error: MCP tool "first" has an output schema but answered without structured content',
      },
    ])
  })

  it('uses the validator it is given, for the check and for the answers', async () => {
    const seen: unknown[] = []
    const validator: jsonSchemaValidator = {
      getValidator<TValue>(schema: JsonSchemaType): JsonSchemaValidator<TValue> {
        seen.push(schema)
        if (schema.title === 'refused') throw new Error('not for me')
        return (input) =>
          input === null
            ? { valid: false, data: undefined, errorMessage: 'null is not welcome' }
            : { valid: true, data: input as TValue, errorMessage: undefined }
      },
    }
    const peer = await peerWith('custom', (method) =>
      method === 'tools/list'
        ? {
            tools: [
              tool('a', { outputSchema: { type: 'object', title: 'refused' } }),
              tool('b', { outputSchema: { type: 'object', format: 'mine' } }),
            ],
          }
        : { content: [], structuredContent: { v: 1 } },
    )
    const logger = recordingLogger()
    const registry = createToolRegistry()
    const mount = await mountMcpTools(registry, peer.client, {
      logger,
      jsonSchemaValidator: validator,
    })
    expect(mount.names).toEqual(['b'])
    expect(logger.messages).toEqual([
      'toolpipe/mcp: tool "a" of MCP server "custom" was not mounted: not for me',
    ])
    expect((await registry.execute(call('b'))).isError).toBe(false)
    expect(seen).toHaveLength(3)
  })
})

describe('hostile answers cost bounded work and give coded errors', () => {
  it('a result nested 10,000 levels deep is a protocol error result, not a stack overflow', async () => {
    const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`
    const peer = await peerWith('deep', (method) =>
      method === 'tools/list'
        ? { tools: [tool('deep')] }
        : new RawResult(`{"content":[],"structuredContent":{"x":${deep}}}`),
    )
    const registry = createToolRegistry()
    await mountMcpTools(registry, peer.client)
    const result = await registry.execute(call('deep'))
    expect(result).toMatchObject({ isError: true, error: { code: 'NOT_JSON' } })
  })

  it('a 20 MB answer is read and handed on whole', async () => {
    const big = 'x'.repeat(20 * 1024 * 1024)
    const peer = await peerWith('big', (method) =>
      method === 'tools/list'
        ? { tools: [tool('big')] }
        : new RawResult(`{"content":[{"type":"text","text":"${big}"}]}`),
    )
    const registry = createToolRegistry()
    await mountMcpTools(registry, peer.client)
    const result = await registry.execute(call('big'))
    expect(result.isError).toBe(false)
    expect((result.content[0] as { text: string }).text).toHaveLength(big.length)
  })
})
