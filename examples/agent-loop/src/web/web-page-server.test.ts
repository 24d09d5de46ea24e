import { request } from 'node:http'
import { afterEach, describe, expect, it } from 'vitest'
import { startWebPageServer } from './web-page-server.js'
import type { WebPageServer } from './web-page-server.js'

interface Reply {
  readonly status: number
  readonly headers: Record<string, string | string[] | undefined>
  readonly body: string
}

/** One HTTP exchange with full control of the headers (fetch may not set Host). */
function exchange(
  url: string,
  options: {
    method?: string
    headers?: Record<string, string>
    body?: string
    until?: string
    /** Send this path as it is (a URL string would be normalised first). */
    rawPath?: string
  } = {},
): Promise<Reply> {
  const { hostname, port, pathname, search } = new URL(url)
  return new Promise((resolve, reject) => {
    const sent = request(
      {
        hostname,
        port,
        path: options.rawPath ?? `${pathname}${search}`,
        method: options.method ?? 'GET',
        headers: options.headers,
      },
      (response) => {
        let body = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => {
          body += chunk
          // An event stream does not end: stop reading once the expected text came.
          if (options.until !== undefined && body.includes(options.until)) {
            response.destroy()
            resolve({ status: response.statusCode ?? 0, headers: response.headers, body })
          }
        })
        response.on('end', () => {
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body })
        })
      },
    )
    sent.on('error', reject)
    sent.end(options.body)
  })
}

describe('the web page server', () => {
  let server: WebPageServer
  afterEach(async () => {
    await server.close()
  })

  const origin = () => new URL(server.url).origin
  const answer = (body: unknown, headers: Record<string, string> = {}) =>
    exchange(`${server.url}answer`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: origin(), ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    })

  it('listens on 127.0.0.1 under a 256-bit token, and serves the page with its security headers', async () => {
    server = await startWebPageServer()
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/[\w-]{43}\/$/)
    const page = await exchange(server.url)
    expect(page.status).toBe(200)
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(page.body).toContain('<script src="app.js" defer></script>')
    expect(page.headers['content-security-policy']).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; require-trusted-types-for 'script'; trusted-types toolpipe-cards",
    )
    expect(page.headers['referrer-policy']).toBe('no-referrer')
    expect(page.headers['x-content-type-options']).toBe('nosniff')
    expect(page.headers['cache-control']).toBe('no-store')
    for (const [file, type] of [
      ['app.js', 'text/javascript; charset=utf-8'],
      ['page.css', 'text/css; charset=utf-8'],
      ['cards.css', 'text/css; charset=utf-8'],
    ] as const) {
      const reply = await exchange(`${server.url}${file}`)
      expect([reply.status, reply.headers['content-type']]).toEqual([200, type])
    }
    // A second server has another token.
    const other = await startWebPageServer()
    expect(new URL(other.url).pathname).not.toBe(new URL(server.url).pathname)
    await other.close()
  })

  it('answers 404 to every other path, method and host', async () => {
    server = await startWebPageServer()
    const token = new URL(server.url).pathname.split('/')[1] ?? ''
    const base = origin()
    for (const path of [
      '/',
      '/favicon.ico',
      `/${token}`,
      `/${token}/nope`,
      `/${token}/static/app.js`,
      `/${token}/app.js/`,
      `/${token}//app.js`,
      `/${token.slice(0, -1)}x/`,
      `/${token.slice(0, -1)}/`,
      `/x/${token}/`,
      `/${token}/../${token}/`,
      `/${token}/./app.js`,
    ]) {
      expect((await exchange(base, { rawPath: path })).status, path).toBe(404)
    }
    for (const method of ['HEAD', 'PUT', 'DELETE', 'OPTIONS', 'POST']) {
      expect((await exchange(server.url, { method })).status, method).toBe(404)
    }
    expect((await exchange(`${server.url}answer`)).status).toBe(404)
    const rebound = await exchange(server.url, { headers: { Host: 'evil.example' } })
    expect(rebound.status).toBe(404)
    expect(rebound.headers['content-security-policy']).toContain("default-src 'none'")
  })

  it('sends every message as a server-sent event, from the start or after Last-Event-ID', async () => {
    server = await startWebPageServer()
    server.publish({ kind: 'user', text: 'first\nline' })
    server.publish({ kind: 'end', text: 'done' })
    const all = await exchange(`${server.url}events`, { until: '"done"' })
    expect(all.headers['content-type']).toBe('text/event-stream; charset=utf-8')
    expect(all.body).toBe(
      'retry: 1000\n\nid: 1\ndata: {"kind":"user","text":"first\\nline"}\n\nid: 2\ndata: {"kind":"end","text":"done"}\n\n',
    )
    const later = await exchange(`${server.url}events`, {
      headers: { 'Last-Event-ID': '1' },
      until: '"done"',
    })
    expect(later.body).toBe('retry: 1000\n\nid: 2\ndata: {"kind":"end","text":"done"}\n\n')
  })

  it('takes the first valid answer from the page itself, and only that', async () => {
    server = await startWebPageServer()
    const asked = server.ask({ callId: 'call_1', question: 'Run `ls`?', reason: 'not read-only' })
    const stream = await exchange(`${server.url}events`, { until: '"ask"' })
    const message = JSON.parse(stream.body.split('data: ')[1] ?? '') as { id: string }
    expect(message).toEqual({
      kind: 'ask',
      id: message.id,
      callId: 'call_1',
      question: 'Run `ls`?',
      reason: 'not read-only',
    })

    expect(
      (await answer({ id: message.id, answer: 'allow-once' }, { Origin: 'http://evil.example' }))
        .status,
    ).toBe(403)
    expect(
      (
        await exchange(`${server.url}answer`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: '{}',
        })
      ).status,
    ).toBe(403)
    expect(
      (await answer({ id: message.id, answer: 'allow-once' }, { 'Content-Type': 'text/plain' }))
        .status,
    ).toBe(415)
    expect((await answer('{"id": 1')).status).toBe(400)
    expect((await answer({ id: message.id, answer: 'yes' })).status).toBe(400)
    expect((await answer({ id: message.id, answer: 'reject', extra: 1 })).status).toBe(400)
    expect(
      (await answer({ id: message.id, answer: 'reject', padding: 'x'.repeat(2000) })).status,
    ).toBe(413)
    expect((await answer({ id: 'other', answer: 'reject' })).status).toBe(409)
    expect((await answer({ id: message.id, answer: 'allow-always' })).status).toBe(204)
    await expect(asked).resolves.toBe('allow-always')
    expect((await answer({ id: message.id, answer: 'reject' })).status).toBe(409)
  })

  it('withdraws a question when its signal aborts or the server closes', async () => {
    server = await startWebPageServer()
    const controller = new AbortController()
    const asked = server.ask({ callId: 'c', question: 'q', signal: controller.signal })
    controller.abort()
    await expect(asked).resolves.toBe('cancelled')
    await expect(
      server.ask({ callId: 'c', question: 'q', signal: controller.signal }),
    ).resolves.toBe('cancelled')
    const open = server.ask({ callId: 'c', question: 'q' })
    await server.close()
    await expect(open).resolves.toBe('cancelled')
    server = await startWebPageServer()
  })
})
