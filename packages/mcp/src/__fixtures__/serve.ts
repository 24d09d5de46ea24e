/* eslint-disable @typescript-eslint/no-deprecated -- createMcpServer returns the low-level Server. */
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import type { ClientOptions } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import type { Server } from '@modelcontextprotocol/sdk/server/index.js'
import type { JSONRPCMessage, RequestId } from '@modelcontextprotocol/sdk/types.js'

/** A message the server sent, with the request it said it relates to. */
export interface SentMessage {
  readonly message: JSONRPCMessage
  readonly relatedRequestId: RequestId | undefined
}

/**
 * A real SDK client connected to `server` in memory; what the server sends is recorded. With
 * `chunked`, the client reads what the server sent in one macrotask all at once, as it reads a
 * stdio chunk holding several messages (the in-memory transport otherwise hands them over one by
 * one).
 */
export async function connectClient(
  server: Server,
  clientOptions?: ClientOptions,
  { chunked = false }: { chunked?: boolean } = {},
): Promise<{ client: Client; sent: SentMessage[]; closeServerSide(): Promise<void> }> {
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair()
  const sent: SentMessage[] = []
  const send = serverTransport.send.bind(serverTransport)
  serverTransport.send = (message, options) => {
    sent.push({ message, relatedRequestId: options?.relatedRequestId })
    return send(message, options)
  }
  const client = new Client({ name: 'test-client', version: '1.0.0' }, clientOptions)
  await server.connect(serverTransport)
  await client.connect(clientTransport)
  if (chunked) {
    const read = clientTransport.onmessage!
    const chunk: JSONRPCMessage[] = []
    clientTransport.onmessage = (message) => {
      chunk.push(message)
      if (chunk.length > 1) return
      setTimeout(() => {
        for (const each of chunk.splice(0)) read(each)
      }, 0)
    }
  }
  return {
    client,
    sent,
    closeServerSide: () => serverTransport.close(),
  }
}
