import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { InvalidApprovalError } from '@toolpipe/tools'
import type { ApprovalOutcome } from '@toolpipe/tools'
import { afterEach, describe, expect, it } from 'vitest'
import { answerApproval } from './answer-approval.js'
import { freePorts } from './__fixtures__/free-port.js'

// Delivery to a real restate-server, and its refusals, are tested in durable-turn.test.ts. Here:
// what is checked before anything is sent, and the request itself, as a plain HTTP server sees it
// (an ingress behind a reverse proxy, say).

interface Seen {
  method: string | undefined
  url: string | undefined
  headers: Record<string, string | string[] | undefined>
  body: string
}

const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()))
})

async function recordingServer(status: number, reply = ''): Promise<{ url: string; seen: Seen[] }> {
  const seen: Seen[] = []
  const server = createServer((request, response) => {
    let body = ''
    request.setEncoding('utf8')
    request.on('data', (chunk: string) => (body += chunk))
    request.on('end', () => {
      seen.push({ method: request.method, url: request.url, headers: request.headers, body })
      response.writeHead(status).end(reply)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  closers.push(
    () =>
      new Promise((resolve) => {
        server.close(() => {
          resolve()
        })
      }),
  )
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen }
}

describe('answerApproval', () => {
  it('POSTs the outcome’s JSON to <ingress>/restate/a/<id>/resolve, under any path prefix', async () => {
    const { url, seen } = await recordingServer(202)
    await answerApproval({
      ingress: `${url}/restate-behind-proxy`,
      awakeableId: 'sign_1 2/3',
      outcome: { kind: 'rejected', reason: 'not today' },
      headers: { authorization: 'Bearer t0ken', 'content-type': 'text/plain' },
    })
    expect(seen).toHaveLength(1)
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/restate-behind-proxy/restate/a/sign_1%202%2F3/resolve',
      body: '{"kind":"rejected","reason":"not today"}',
      headers: { authorization: 'Bearer t0ken', 'content-type': 'application/json' },
    })
  })

  it('refuses, before sending anything, an outcome the waiting call would refuse', async () => {
    const { url, seen } = await recordingServer(202)
    const send = (outcome: unknown) =>
      answerApproval({ ingress: url, awakeableId: 'sign_1', outcome: outcome as ApprovalOutcome })
    await expect(send({ kind: 'maybe' })).rejects.toThrow(InvalidApprovalError)
    await expect(send({ kind: 'allowed-always', arguments: {} })).rejects.toMatchObject({
      code: 'INVALID_APPROVAL',
      message:
        'not an approval outcome: $.arguments: not a member of an answer of kind "allowed-always", whose members are "kind"',
    })
    await expect(send(undefined)).rejects.toMatchObject({
      code: 'INVALID_APPROVAL',
      message: expect.stringMatching(/^not an approval outcome: empty;/) as unknown,
    })
    await expect(send({ kind: 'rejected', reason: 1n })).rejects.toMatchObject({
      code: 'INVALID_APPROVAL',
      message: expect.stringMatching(
        /^not an approval outcome: it cannot be written as JSON \(.*BigInt/,
      ) as unknown,
    })
    expect(seen).toHaveLength(0)
  })

  it('refuses an unusable awakeable id or ingress with INVALID_OPTIONS', async () => {
    const outcome: ApprovalOutcome = { kind: 'allowed-once' }
    await expect(
      answerApproval({ ingress: 'http://127.0.0.1:1', awakeableId: '', outcome }),
    ).rejects.toMatchObject({
      name: 'RestateBridgeError',
      code: 'INVALID_OPTIONS',
      message: 'answerApproval: awakeableId must be a non-empty string, got ""',
    })
    for (const ingress of ['localhost:8080', 'not a url', 'file:///tmp/restate']) {
      await expect(
        answerApproval({ ingress, awakeableId: 'sign_1', outcome }),
      ).rejects.toMatchObject({
        code: 'INVALID_OPTIONS',
        message: `answerApproval: ingress must be an http(s) URL, got ${JSON.stringify(ingress)}`,
      })
    }
  })

  it('reports an ingress it cannot reach as ANSWER_FAILED, with the cause', async () => {
    const [port] = await freePorts(1)
    const failure = await answerApproval({
      ingress: `http://127.0.0.1:${port}`,
      awakeableId: 'sign_1',
      outcome: { kind: 'allowed-once' },
    }).catch((error: unknown) => error)
    expect(failure).toMatchObject({
      name: 'RestateBridgeError',
      code: 'ANSWER_FAILED',
      status: undefined,
      message: expect.stringMatching(
        new RegExp(
          `^the answer to awakeable "sign_1" could not be delivered to http://127.0.0.1:${port}: .*ECONNREFUSED`,
        ),
      ) as unknown,
    })
    expect((failure as Error).cause).toBeInstanceOf(Error)
  })

  it('reports a refusal as ANSWER_FAILED with the status and the reply', async () => {
    const { url } = await recordingServer(503, '  upstream down\n')
    await expect(
      answerApproval({ ingress: url, awakeableId: 'sign_1', outcome: { kind: 'cancelled' } }),
    ).rejects.toMatchObject({
      code: 'ANSWER_FAILED',
      status: 503,
      message: 'Restate refused the answer to awakeable "sign_1": HTTP 503: upstream down',
    })
  })

  it('stops when its signal aborts', async () => {
    const { url, seen } = await recordingServer(202)
    await expect(
      answerApproval({
        ingress: url,
        awakeableId: 'sign_1',
        outcome: { kind: 'allowed-once' },
        signal: AbortSignal.abort(),
      }),
    ).rejects.toMatchObject({ code: 'ANSWER_FAILED' })
    expect(seen).toHaveLength(0)
  })
})
