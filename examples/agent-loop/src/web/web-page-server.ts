import { randomBytes, timingSafeEqual } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { cardStylesheet } from 'toolpipe'
import type { WebAnswer, WebMessage } from './web-message.js'
import { securityHeaders } from './web-security.js'

/** The demo's page: its address, the cards it is sent, and the questions it answers. */
export interface WebPageServer {
  /** `http://127.0.0.1:<port>/<token>/`: the one address the page is served at. */
  readonly url: string
  /** Sends a message to every open page, and keeps it for pages that open later. */
  publish(message: WebMessage): void
  /**
   * Puts a question to the page (Allow once / Always / Reject) and waits for the first answer;
   * `cancelled` when `signal` aborts or the server closes first.
   */
  ask(question: {
    readonly callId: string
    readonly question: string
    readonly reason?: string | undefined
    readonly signal?: AbortSignal | undefined
  }): Promise<WebAnswer | 'cancelled'>
  /** Ends every event stream, cancels open questions, and stops listening. */
  close(): Promise<void>
}

/** Options of {@link startWebPageServer}. */
export interface WebPageServerOptions {
  /** The port on 127.0.0.1; default 0 (a free one). */
  readonly port?: number | undefined
}

const maxStreams = 16
const maxAnswerBytes = 1024
const heartbeatMs = 15_000
const answers: readonly WebAnswer[] = ['allow-once', 'allow-always', 'reject']

/** The page's static files, served as they are: no data is ever written into them. */
async function staticFiles(): Promise<Map<string, { type: string; body: string }>> {
  const read = (name: string) => readFile(new URL(`./static/${name}`, import.meta.url), 'utf8')
  return new Map([
    ['', { type: 'text/html; charset=utf-8', body: await read('index.html') }],
    ['app.js', { type: 'text/javascript; charset=utf-8', body: await read('app.js') }],
    ['page.css', { type: 'text/css; charset=utf-8', body: await read('page.css') }],
    ['cards.css', { type: 'text/css; charset=utf-8', body: cardStylesheet }],
  ])
}

/**
 * Serves the demo's page on 127.0.0.1 under a random 256-bit token: `GET /<token>/` (the page),
 * its script and two stylesheets, `GET /<token>/events` (the run's messages as server-sent
 * events, from the first one or after `Last-Event-ID`), and `POST /<token>/answer` (an answer to
 * a question, as JSON from the page itself: `Origin` must be the page's, `Content-Type`
 * `application/json`). Any other path, method or `Host` gets 404; every response carries
 * {@link securityHeaders}.
 */
export async function startWebPageServer(
  options: WebPageServerOptions = {},
): Promise<WebPageServer> {
  const files = await staticFiles()
  const token = randomBytes(32).toString('base64url')
  const messages: string[] = []
  const streams = new Set<ServerResponse>()
  const questions = new Map<string, (answer: WebAnswer | 'cancelled') => void>()
  let hosts: readonly string[] = []

  const server = createServer((request, response) => {
    const send = (status: number, body = ''): void => {
      if (response.headersSent) return
      response.writeHead(status, {
        ...securityHeaders,
        'Content-Type': 'text/plain; charset=utf-8',
        // A refused body is not read to its end: the connection goes with the answer.
        ...(status === 413 ? { Connection: 'close' } : {}),
      })
      response.end(body)
    }
    // A page under another name (DNS rebinding) is not this page.
    if (!hosts.includes(request.headers.host ?? '')) {
      send(404)
      return
    }
    // The path as sent, not normalised: `/<token>/../<token>/` is another path.
    const path = (request.url ?? '/').split('?')[0]?.split('/') ?? []
    if (path.length !== 3 || path[0] !== '' || !isToken(path[1] ?? '', token)) {
      send(404)
      return
    }
    const name = path[2] ?? ''
    if (request.method === 'GET' && files.has(name)) {
      const file = files.get(name)
      response.writeHead(200, { ...securityHeaders, 'Content-Type': file?.type ?? 'text/plain' })
      return void response.end(file?.body)
    }
    if (request.method === 'GET' && name === 'events') {
      openStream(request, response)
      return
    }
    if (request.method === 'POST' && name === 'answer') {
      return void takeAnswer(request, send).catch(() => {
        send(400)
      })
    }
    send(404)
  })

  const openStream = (request: IncomingMessage, response: ServerResponse): void => {
    if (streams.size >= maxStreams) {
      response.writeHead(503, securityHeaders)
      return void response.end()
    }
    response.writeHead(200, {
      ...securityHeaders,
      'Content-Type': 'text/event-stream; charset=utf-8',
      Connection: 'keep-alive',
    })
    response.write('retry: 1000\n\n')
    const last = Number(request.headers['last-event-id'])
    const from = Number.isSafeInteger(last) && last > 0 ? last : 0
    for (let id = from + 1; id <= messages.length; id += 1) {
      response.write(frame(id, messages[id - 1] ?? ''))
    }
    streams.add(response)
    request.on('close', () => streams.delete(response))
  }

  const takeAnswer = async (
    request: IncomingMessage,
    send: (status: number, body?: string) => void,
  ): Promise<void> => {
    // Only the page itself: its origin, and a JSON body no cross-site form can send.
    if (request.headers.origin !== `http://${request.headers.host ?? ''}`) {
      send(403, 'wrong origin')
      return
    }
    if (!(request.headers['content-type'] ?? '').startsWith('application/json')) {
      send(415, 'JSON only')
      return
    }
    const body = await readBody(request, maxAnswerBytes)
    if (body === undefined) {
      send(413, 'too large')
      return
    }
    const answer = parseAnswer(body)
    if (answer === undefined) {
      send(400, 'expected {"id": string, "answer": "allow-once" | "allow-always" | "reject"}')
      return
    }
    const finish = questions.get(answer.id)
    if (finish === undefined) {
      send(409, 'no such question, or answered already')
      return
    }
    finish(answer.answer)
    send(204)
  }

  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      resolve((server.address() as AddressInfo).port)
    })
  })
  hosts = [`127.0.0.1:${port}`, `localhost:${port}`]
  const heartbeat = setInterval(() => {
    for (const stream of streams) stream.write(': keep-alive\n\n')
  }, heartbeatMs)
  heartbeat.unref()

  const publish = (message: WebMessage): void => {
    messages.push(JSON.stringify(message))
    const data = frame(messages.length, messages.at(-1) ?? '')
    for (const stream of streams) stream.write(data)
  }

  return {
    url: `http://127.0.0.1:${port}/${token}/`,
    publish,
    ask({ callId, question, reason, signal }) {
      if (signal?.aborted === true) return Promise.resolve('cancelled')
      const id = randomBytes(12).toString('base64url')
      return new Promise((resolve) => {
        const onAbort = (): void => {
          finish('cancelled')
        }
        const finish = (answer: WebAnswer | 'cancelled'): void => {
          questions.delete(id)
          signal?.removeEventListener('abort', onAbort)
          resolve(answer)
        }
        signal?.addEventListener('abort', onAbort, { once: true })
        questions.set(id, finish)
        publish({ kind: 'ask', id, callId, question, ...(reason === undefined ? {} : { reason }) })
      })
    },
    async close() {
      clearInterval(heartbeat)
      for (const finish of [...questions.values()]) finish('cancelled')
      for (const stream of streams) stream.end()
      streams.clear()
      await new Promise<void>((resolve) => {
        server.close(() => {
          resolve()
        })
        server.closeAllConnections()
      })
    },
  }
}

/** One server-sent event: JSON has no raw line breaks, so one `data:` line holds it. */
function frame(id: number, data: string): string {
  return `id: ${id}\ndata: ${data}\n\n`
}

/** Compares in constant time, so response timing says nothing about the token. */
function isToken(candidate: string, token: string): boolean {
  const given = Buffer.from(candidate)
  const expected = Buffer.from(token)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/**
 * The body as text, or `undefined` as soon as it passes `limit` bytes (the response then closes
 * the connection, and the rest is never read) or the request fails.
 */
function readBody(request: IncomingMessage, limit: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    let size = 0
    request.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) resolve(undefined)
      else chunks.push(chunk)
    })
    request.on('end', () => {
      resolve(Buffer.concat(chunks).toString('utf8'))
    })
    request.on('error', () => {
      resolve(undefined)
    })
  })
}

function parseAnswer(body: string): { id: string; answer: WebAnswer } | undefined {
  let value: unknown
  try {
    value = JSON.parse(body)
  } catch {
    return undefined
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined
  const { id, answer, ...rest } = value as Record<string, unknown>
  if (Object.keys(rest).length > 0 || typeof id !== 'string') return undefined
  const known = answers.find((each) => each === answer)
  return known === undefined ? undefined : { id, answer: known }
}
