import { ndJsonStream } from '@agentclientprotocol/sdk'
import type { Stream } from '@agentclientprotocol/sdk'

/** A JSON-RPC message as it crossed the wire, parsed from its line. */
export interface WireMessage {
  readonly id?: string | number | null
  readonly method?: string
  readonly params?: unknown
  readonly result?: unknown
  readonly error?: unknown
}

/** Passes bytes through and records every newline-delimited JSON message in them. */
function tap(messages: WireMessage[]): TransformStream<Uint8Array, Uint8Array> {
  const decoder = new TextDecoder()
  let pending = ''
  return new TransformStream({
    transform(chunk, controller) {
      pending += decoder.decode(chunk, { stream: true })
      for (let end = pending.indexOf('\n'); end !== -1; end = pending.indexOf('\n')) {
        const line = pending.slice(0, end).trim()
        pending = pending.slice(end + 1)
        if (line !== '') messages.push(JSON.parse(line) as WireMessage)
      }
      controller.enqueue(chunk)
    },
  })
}

/**
 * Two ends of an in-memory ACP connection, each the SDK's own `ndJsonStream` over a
 * `TransformStream`, with every message each side writes recorded as it went over the wire.
 */
export function ndJsonPair(): {
  agent: Stream
  client: Stream
  fromAgent: WireMessage[]
  fromClient: WireMessage[]
} {
  const fromAgent: WireMessage[] = []
  const fromClient: WireMessage[] = []
  const agentToClient = tap(fromAgent)
  const clientToAgent = tap(fromClient)
  return {
    agent: ndJsonStream(agentToClient.writable, clientToAgent.readable),
    client: ndJsonStream(clientToAgent.writable, agentToClient.readable),
    fromAgent,
    fromClient,
  }
}
