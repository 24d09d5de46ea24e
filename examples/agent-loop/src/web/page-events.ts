import type { IncomingMessage, ServerResponse } from 'node:http'
import type { WebMessage } from './web-message.js'
import { securityHeaders } from './web-security.js'

const maxStreams = 16
const heartbeatMs = 15_000

/**
 * The run's messages as server-sent events: every message is kept and numbered, so a page that
 * opens (or reconnects with `Last-Event-ID`) late gets what it missed; at most 16 streams at
 * once, each kept alive by a comment every 15 seconds.
 */
export class PageEvents {
  readonly #messages: string[] = []
  readonly #streams = new Set<ServerResponse>()
  readonly #heartbeat: ReturnType<typeof setInterval>

  constructor() {
    this.#heartbeat = setInterval(() => {
      for (const stream of this.#streams) stream.write(': keep-alive\n\n')
    }, heartbeatMs)
    this.#heartbeat.unref()
  }

  /** Sends a message to every open stream, and keeps it for streams that open later. */
  publish(message: WebMessage): void {
    this.#messages.push(JSON.stringify(message))
    const data = frame(this.#messages.length, this.#messages.at(-1) ?? '')
    for (const stream of this.#streams) stream.write(data)
  }

  /** Answers `GET /<token>/events`: a stream from the first message, or after `Last-Event-ID`. */
  open(request: IncomingMessage, response: ServerResponse): void {
    if (this.#streams.size >= maxStreams) {
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
    for (let id = from + 1; id <= this.#messages.length; id += 1) {
      response.write(frame(id, this.#messages[id - 1] ?? ''))
    }
    this.#streams.add(response)
    request.on('close', () => this.#streams.delete(response))
  }

  /** Ends every stream and the heartbeat. */
  close(): void {
    clearInterval(this.#heartbeat)
    for (const stream of this.#streams) stream.end()
    this.#streams.clear()
  }
}

/** One server-sent event: JSON has no raw line breaks, so one `data:` line holds it. */
function frame(id: number, data: string): string {
  return `id: ${id}\ndata: ${data}\n\n`
}
