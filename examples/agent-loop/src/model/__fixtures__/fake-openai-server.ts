import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One request the fake server received. */
export interface ReceivedRequest {
  readonly method: string
  readonly url: string
  readonly authorization: string | undefined
  readonly body: Record<string, unknown>
}

/** A scripted answer: an HTTP status and a JSON body. */
export interface ScriptedAnswer {
  readonly status: number
  readonly body: unknown
}

/**
 * A small OpenAI-compatible HTTP server on 127.0.0.1 that answers each request with the next
 * scripted answer and records what it received. No internet involved.
 */
export async function startFakeOpenAiServer(answers: readonly ScriptedAnswer[]): Promise<{
  baseURL: string
  received: ReceivedRequest[]
  close: () => Promise<void>
}> {
  const received: ReceivedRequest[] = []
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8')
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        authorization: request.headers.authorization,
        body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>),
      })
      const answer = answers[received.length - 1] ?? {
        status: 500,
        body: { error: { message: 'the test server has no more answers' } },
      }
      response.writeHead(answer.status, { 'content-type': 'application/json' })
      response.end(JSON.stringify(answer.body))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    received,
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => {
          if (error === undefined) resolve()
          else reject(error)
        })
      }),
  }
}

/** A chat completion whose one choice is `message`. */
export function completion(message: Record<string, unknown>): ScriptedAnswer {
  return {
    status: 200,
    body: {
      id: 'chatcmpl-test',
      object: 'chat.completion',
      created: 0,
      model: 'test-model',
      choices: [
        {
          index: 0,
          finish_reason: Array.isArray(message.tool_calls) ? 'tool_calls' : 'stop',
          message: { role: 'assistant', content: null, ...message },
        },
      ],
    },
  }
}

/** A function tool call as a chat completion carries it. */
export function toolCall(id: string, name: string, args: string): Record<string, unknown> {
  return { id, type: 'function', function: { name, arguments: args } }
}
