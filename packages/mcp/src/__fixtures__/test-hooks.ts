import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import type { ToolRegistryLogger } from '@toolpipe/tools'
import { afterEach, expect } from 'vitest'
import { connectRemote } from './remote-server.js'
import type { Remote } from './remote-server.js'
import { connectWirePeer } from './wire-peer.js'
import type { WirePeer } from './wire-peer.js'

/** A logger that keeps the messages it is given. */
export function recordingLogger(): ToolRegistryLogger & { messages: string[] } {
  const messages: string[] = []
  return { messages, warn: (message: string) => void messages.push(message) }
}

/**
 * Resolves once `check` holds, polling the event loop (notifications travel asynchronously).
 * A deadline in time, not a count of rounds: a loaded CI machine stretches every round.
 */
export async function eventually(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 10_000
  while (!check() && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  expect(check()).toBe(true)
}

/**
 * `connectRemote` for the tests of the file that calls this: every remote it connects, every
 * client pushed to `clients`, then whatever was given to `closeAfter`, is closed after each test.
 */
export function useRemotes(): {
  remoteWith: (...args: Parameters<typeof connectRemote>) => Promise<Remote>
  clients: Client[]
  closeAfter: (close: () => Promise<void>) => void
} {
  const remotes: Remote[] = []
  const clients: Client[] = []
  const closers: (() => Promise<void>)[] = []
  afterEach(async () => {
    for (const remote of remotes.splice(0)) await remote.close()
    for (const client of clients.splice(0)) await client.close()
    for (const close of closers.splice(0)) await close()
  })
  return {
    remoteWith: async (...args) => {
      const remote = await connectRemote(...args)
      remotes.push(remote)
      return remote
    },
    clients,
    closeAfter: (close) => void closers.push(close),
  }
}

/** The wire peers of one test file: each peer's client closed after each test. */
export interface WirePeers {
  readonly peerWith: (...args: Parameters<typeof connectWirePeer>) => Promise<WirePeer>
  /**
   * A peer whose `tools/list` hands out `pages` (each a list of tools) one after the other, and
   * answers any other request with `call()` (by default, empty content).
   */
  readonly pagedPeer: (
    name: string,
    pages: readonly unknown[][],
    call?: () => unknown,
  ) => Promise<{ peer: WirePeer; listed: { requests: number } }>
}

/** `connectWirePeer` for the tests of the file that calls this. */
export function useWirePeers(): WirePeers {
  const peers: WirePeer[] = []
  afterEach(async () => {
    for (const peer of peers.splice(0)) await peer.client.close()
  })
  const peerWith: WirePeers['peerWith'] = async (...args) => {
    const peer = await connectWirePeer(...args)
    peers.push(peer)
    return peer
  }
  const pagedPeer: WirePeers['pagedPeer'] = async (name, pages, call) => {
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
  return { peerWith, pagedPeer }
}
