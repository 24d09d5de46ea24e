import { randomBytes, timingSafeEqual } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { cardStylesheet } from 'toolpipe'
import { takeAnswer } from './page-answer.js'
import { PageEvents } from './page-events.js'
import { PageQuestions } from './page-questions.js'
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

/** A static file of the page: its content type and body. */
interface PageFile {
  readonly type: string
  readonly body: string
}

/** The page's static files, served as they are: no data is ever written into them. */
async function staticFiles(): Promise<Map<string, PageFile>> {
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
  const site: Site = {
    files: await staticFiles(),
    token: randomBytes(32).toString('base64url'),
    hosts: [],
    events: new PageEvents(),
    questions: new PageQuestions(),
  }
  const server = createServer((request, response) => {
    route(site, request, response)
  })
  const port = await listen(server, options.port ?? 0).catch((error: unknown) => {
    site.events.close()
    throw error
  })
  site.hosts = [`127.0.0.1:${port}`, `localhost:${port}`]
  const publish = (message: WebMessage): void => {
    site.events.publish(message)
  }
  return {
    url: `http://127.0.0.1:${port}/${site.token}/`,
    publish,
    ask: (question) => site.questions.ask(question, publish),
    async close() {
      site.questions.cancelAll()
      site.events.close()
      await new Promise<void>((resolve) => {
        server.close(() => {
          resolve()
        })
        server.closeAllConnections()
      })
    },
  }
}

/** What the server answers from: its files, its token and hosts, its events and questions. */
interface Site {
  readonly files: ReadonlyMap<string, PageFile>
  readonly token: string
  /** The `Host` headers the page is served under, known once the server listens. */
  hosts: readonly string[]
  readonly events: PageEvents
  readonly questions: PageQuestions
}

/** Answers one request: a file, the event stream or an answer under the token; else 404. */
function route(site: Site, request: IncomingMessage, response: ServerResponse): void {
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
  if (!site.hosts.includes(request.headers.host ?? '')) {
    send(404)
    return
  }
  // The path as sent, not normalised: `/<token>/../<token>/` is another path.
  const path = (request.url ?? '/').split('?')[0]?.split('/') ?? []
  if (path.length !== 3 || path[0] !== '' || !isToken(path[1] ?? '', site.token)) {
    send(404)
    return
  }
  const name = path[2] ?? ''
  const file = site.files.get(name)
  if (request.method === 'GET' && file !== undefined) {
    response.writeHead(200, { ...securityHeaders, 'Content-Type': file.type })
    return void response.end(file.body)
  }
  if (request.method === 'GET' && name === 'events') {
    site.events.open(request, response)
    return
  }
  if (request.method === 'POST' && name === 'answer') {
    return void takeAnswer(request, send, site.questions).catch(() => {
      send(400)
    })
  }
  send(404)
}

/** Listens on 127.0.0.1 at `port` (0: a free one); resolves with the port. */
function listen(server: Server, port: number): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => {
      resolve((server.address() as AddressInfo).port)
    })
  })
}

/** Compares in constant time, so response timing says nothing about the token. */
function isToken(candidate: string, token: string): boolean {
  const given = Buffer.from(candidate)
  const expected = Buffer.from(token)
  return given.length === expected.length && timingSafeEqual(given, expected)
}
