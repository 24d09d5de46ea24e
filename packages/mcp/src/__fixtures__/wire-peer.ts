import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { deserializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js'

/** A JSON-RPC message as the peer read it off the wire: parsed JSON, nothing more. */
export interface WireMessage {
  readonly jsonrpc?: unknown
  readonly id?: string | number
  readonly method?: string
  readonly params?: Readonly<Record<string, unknown>>
  readonly result?: unknown
  readonly error?: unknown
}

/** What an answer function may return: a result to send, raw text to send, or nothing. */
export type WireAnswer = unknown

/** A result written as raw JSON text, exactly as given (for answers no object could make). */
export class RawResult {
  constructor(readonly text: string) {}
}

/** Returned by an answer function: the peer does not answer this request (yet). */
export const noAnswer: unique symbol = Symbol('noAnswer')

/** A raw JSON-RPC peer connected to a real SDK `Client`. */
export interface WirePeer {
  readonly client: Client
  /** Every message the client sent, in order, parsed from the JSON text that crossed the wire. */
  readonly received: WireMessage[]
  /** Writes one message to the client as JSON text; the SDK parses it as a transport would. */
  write(text: string): void
  /** Answers request `id` with `result`, as JSON text. */
  answer(id: string | number, result: unknown): void
  /** Closes the connection from the peer's side. */
  close(): Promise<void>
}

/**
 * A peer that speaks raw JSON-RPC, as text, to a real SDK `Client` over the SDK's in-memory
 * transport: what the client sends reaches the peer as JSON text (and is parsed again), and what
 * the peer writes is text the SDK parses with its own stdio deserializer, so that nothing is
 * shared by reference and a malformed, huge or deeply nested answer reaches the client as it would
 * from a process. It answers `initialize` as server `name` (with `capabilities`), and every other
 * request with what `answer` returns: a result as it is, however wrong; a {@link RawResult}
 * written verbatim; or {@link noAnswer} to leave the request open.
 */
export async function connectWirePeer(
  name: string,
  answer: (method: string, params: unknown, peer: WirePeer, id: string | number) => WireAnswer,
  options: { capabilities?: Record<string, unknown> } = {},
): Promise<WirePeer> {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair()
  const client = new Client({ name: 'test-client', version: '1.0.0' })
  const received: WireMessage[] = []
  const peer: WirePeer = {
    client,
    received,
    write(text) {
      // Off the current stack, as bytes from a socket arrive: never inside the client's own send.
      setImmediate(() => {
        let message: ReturnType<typeof deserializeMessage>
        try {
          message = deserializeMessage(text)
        } catch (error) {
          clientTransport.onerror?.(error as Error)
          return
        }
        serverTransport.send(message).catch(() => undefined)
      })
    },
    answer(id, result) {
      peer.write(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${JSON.stringify(result)}}`)
    },
    close: () => serverTransport.close(),
  }
  serverTransport.onmessage = (sent) => {
    const message = JSON.parse(JSON.stringify(sent)) as WireMessage
    received.push(message)
    const { id, method } = message
    if (id === undefined || method === undefined) return
    if (method === 'initialize') {
      peer.answer(id, {
        protocolVersion: '2025-06-18',
        capabilities: options.capabilities ?? { tools: {} },
        serverInfo: { name, version: '1' },
      })
      return
    }
    const result = answer(method, message.params, peer, id)
    if (result === noAnswer) return
    if (result instanceof RawResult) {
      peer.write(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${result.text}}`)
    } else {
      peer.answer(id, result)
    }
  }
  await serverTransport.start()
  await client.connect(clientTransport)
  return peer
}

/** A tool as a server lists it: a name, an object input schema, and whatever `extra` adds. */
export const listedTool = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  inputSchema: { type: 'object' },
  ...extra,
})

/** `count` listed tools, `t<from>`, `t<from + 1>`, … */
export const listedTools = (count: number, from = 0) =>
  Array.from({ length: count }, (_, index) => listedTool(`t${String(from + index)}`))

/** The `notifications/cancelled` a peer received. */
export const cancellations = (peer: WirePeer): WireMessage[] =>
  peer.received.filter((message) => message.method === 'notifications/cancelled')
