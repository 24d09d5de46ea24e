import { getEventListeners } from 'node:events'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { createToolRegistry } from '@toolpipe/tools'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { describe, expect, it, vi } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { useWirePeers } from './__fixtures__/test-hooks.js'
import { mountMcpTools } from './mount-mcp-tools.js'
import {
  cancellations,
  connectWirePeer,
  listedTool,
  listedTools,
  noAnswer,
} from './__fixtures__/wire-peer.js'

// SPEC §22 (issue 34): what a hostile MCP server can make a mount cost, over a wire that carries
// JSON text, against the SDK's real Client.

const { peerWith, pagedPeer } = useWirePeers()

describe('the listing bound (1,000 pages, 10,000 tools) holds on the last page too', () => {
  it('refuses 10,001 tools on one page, and mounts nothing', async () => {
    const { peer } = await pagedPeer('wide', [listedTools(10_001)])
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
      listedTools(5_000),
      listedTools(5_000, 5_000),
      listedTools(5_000, 10_000),
    ])
    const registry = createToolRegistry()
    await expect(mountMcpTools(registry, peer.client)).rejects.toMatchObject({
      message: 'listing the tools of MCP server "long" was refused: more than 10000 tools',
    })
    expect(listed.requests).toBe(3)
    expect(registry.list()).toEqual([])
  })

  it('mounts exactly 10,000 tools', async () => {
    const { peer } = await pagedPeer('full', [listedTools(4_000), listedTools(6_000, 4_000)])
    const mount = await mountMcpTools(createToolRegistry(), peer.client)
    expect(mount.names).toHaveLength(10_000)
  })

  it('follows 1,000 pages, and refuses a 1,000th page that still has a cursor', async () => {
    const pages = Array.from({ length: 1_000 }, (_, index) => [listedTool(`p${String(index)}`)])
    const { peer } = await pagedPeer('thousand', pages)
    expect((await mountMcpTools(createToolRegistry(), peer.client)).names).toHaveLength(1_000)
    const { peer: endless, listed } = await pagedPeer('endless', [...pages, [listedTool('more')]])
    await expect(mountMcpTools(createToolRegistry(), endless.client)).rejects.toMatchObject({
      message: 'listing the tools of MCP server "endless" was refused: more than 1000 pages',
    })
    expect(listed.requests).toBe(1_000)
  })
})

describe('a call never leaves a listener on the caller’s signal once it settled', () => {
  it('sends no notifications/cancelled for answered requests when a reused signal aborts later', async () => {
    const { peer } = await pagedPeer('answers', [[listedTool('echo')]], () => ({
      content: [{ type: 'text', text: 'ok' }],
    }))
    const registry = createToolRegistry()
    await mountMcpTools(registry, peer.client)
    const session = new AbortController()
    for (let index = 0; index < 5; index++) {
      const result = await registry.execute(callInput('echo', {}, { signal: session.signal }))
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
      if (method === 'tools/list') return { tools: [listedTool('wait')] }
      open.push(id)
      return noAnswer
    })
    const registry = createToolRegistry()
    await mountMcpTools(registry, peer.client)
    const turn = new AbortController()
    const pending = Array.from({ length: 20 }, () =>
      registry.execute(callInput('wait', {}, { signal: turn.signal })),
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
        method === 'tools/list' ? { tools: [listedTool('once')] } : { content: [] },
      )
      const mount = await mountMcpTools(registry, peer.client, { prefix: 'gone' })
      for (let index = 0; index < 3; index++) {
        await registry.execute(callInput('gone_once', {}, { signal: session.signal }))
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
