import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { localServer, notLinux, onLinux, projectFolder } from './__fixtures__/sandbox-fixtures.js'
import { startedSandboxes } from './__fixtures__/started-sandboxes.js'
import { createSandbox } from './create-sandbox.js'
import type { Sandbox, SandboxAskRequest } from './sandbox-options.js'

// Where a sandboxed command may connect (SPEC §23), on the real sandbox and a real server on the
// host's loopback: no route out of the sandbox but its filtering proxy, and a destination no
// setting decides goes to `ask`. Claude Code's model:
// https://code.claude.com/docs/en/sandboxing#network-isolation
describe.runIf(onLinux)('the real sandbox on the network', () => {
  let sandbox: Sandbox
  let server: Awaited<ReturnType<typeof localServer>>
  const asked: SandboxAskRequest[] = []
  let answer: boolean | 'throw' = false

  beforeAll(async () => {
    server = await localServer()
    sandbox = await createSandbox({
      projectRoot: projectFolder(),
      settings: { network: { deniedDomains: ['blocked.localhost'] } },
      ask: (request) => {
        asked.push(request)
        return answer === 'throw'
          ? Promise.reject(new Error('no one to ask'))
          : Promise.resolve(answer)
      },
      logger: { warn: () => undefined },
    })
    expect(
      sandbox.reason,
      'install bubblewrap socat ripgrep to run the real sandbox',
    ).toBeUndefined()
  })

  afterEach(() => {
    asked.length = 0
    server.paths.length = 0
  })

  afterAll(async () => {
    await sandbox.dispose()
    await server.close()
  })

  // curl is told to use the proxy for loopback too (`--noproxy ''`): the proxy, outside the
  // sandbox, is the only way a connection leaves it.
  const viaProxy = (host: string, path: string) =>
    `curl -sS -m 10 --noproxy '' -o /dev/null -w '%{http_code}' http://${host}:${String(server.port)}${path}`

  it('has no route to a server on the host but through the proxy', async () => {
    const run = await sandbox.run(`curl -sS -m 10 http://127.0.0.1:${String(server.port)}/direct`, {
      callId: 'call_direct',
    })
    expect(run.exitCode).not.toBe(0)
    expect(server.paths).toEqual([])
    expect(asked).toEqual([])
  })

  it('asks about a destination nothing decides, with the call that asked; a yes lets it through', async () => {
    answer = true
    const command = viaProxy('localhost', '/allowed')
    const run = await sandbox.run(command, { callId: 'call_ask_yes' })
    expect(run.stdout).toBe('200')
    expect(server.paths).toEqual(['/allowed'])
    expect(asked).toEqual([
      { host: 'localhost', port: server.port, callId: 'call_ask_yes', command },
    ])
    expect(run.violations).toEqual([])
  })

  it.each<[boolean | 'throw', string]>([
    [false, 'a no'],
    ['throw', 'an ask that fails'],
  ])('denies on %s (%s), and reports the destination', async (given) => {
    answer = given
    const run = await sandbox.run(viaProxy('localhost', '/denied'), { callId: 'call_ask_no' })
    expect(run.stdout).toBe('403')
    expect(server.paths).toEqual([])
    expect(run.violations).toEqual([
      {
        kind: 'network',
        target: `localhost:${String(server.port)}`,
        detail: `deny network-outbound localhost:${String(server.port)} (user denied)`,
      },
    ])
  })

  it('never asks about a denied domain', async () => {
    answer = true
    const run = await sandbox.run(viaProxy('blocked.localhost', '/never'), {
      callId: 'call_denied',
    })
    expect(run.stdout).toBe('403')
    expect(asked).toEqual([])
    expect(server.paths).toEqual([])
    expect(run.violations.map((violation) => violation.kind)).toEqual(['network'])
  })

  it('keeps a denied request in the run’s violations under a proxy username of the command’s choosing', async () => {
    // The proxy takes the run's key from the username; the password is the session's, in every
    // run's HTTP_PROXY. A key that names no live run is every live run's, never dropped.
    const hidden = [
      'proxy=${HTTP_PROXY#http://}; password=${proxy%@*}; password=${password#*:}',
      `curl -sS -m 10 --noproxy '' -o /dev/null -w '%{http_code}' -x "http://srt.$(printf nobody | base64):$password@\${proxy#*@}" http://blocked.localhost:${String(server.port)}/hidden`,
    ].join('\n')
    const run = await sandbox.run(hidden, { callId: 'call_hidden_key' })
    expect(run.stdout).toBe('403')
    expect(server.paths).toEqual([])
    expect(run.violations.map(({ kind, target }) => ({ kind, target }))).toEqual([
      { kind: 'network', target: `blocked.localhost:${String(server.port)}` },
    ])
  })
})

// "A destination nothing decides goes to `ask` (none → denied)" (SPEC §23).
describe.runIf(onLinux)('the real sandbox on the network, with no ask callback', () => {
  const start = startedSandboxes()

  it('denies a destination nothing decides, and reports it', async () => {
    const server = await localServer()
    try {
      const sandbox = await start()
      const run = await sandbox.run(
        `curl -sS -m 10 --noproxy '' -o /dev/null -w '%{http_code}' http://localhost:${String(server.port)}/undecided`,
        { callId: 'call_no_ask' },
      )
      expect(run.stdout).toBe('403')
      expect(server.paths).toEqual([])
      expect(run.violations.map(({ kind, target }) => ({ kind, target }))).toEqual([
        { kind: 'network', target: `localhost:${String(server.port)}` },
      ])
    } finally {
      await server.close()
    }
  })
})

if (!onLinux) it.skip(`the real sandbox on the network: ${notLinux}`, () => undefined)
