import { existsSync, mkdirSync, realpathSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { isSecretEnvName } from '@toolpipe/core'
import { afterEach, describe, expect, it } from 'vitest'
import { localServer, notLinux, onLinux, projectFolder } from './__fixtures__/sandbox-fixtures.js'
import { startedSandboxes } from './__fixtures__/started-sandboxes.js'

// What the sandbox runtime adds of its own accord, taken back where SPEC §23 says otherwise:
// the variables it sets inside (`scrubEnv`: "children get no secret-named variables", §25), and
// the folders it makes writable ("the project root (and additionalDirectories) writable,
// everything else read-only").
describe.runIf(onLinux)('the runtime’s own additions (SPEC §23)', () => {
  const start = startedSandboxes()
  const home = process.env.HOME

  afterEach(() => {
    process.env.HOME = home
    delete process.env.MY_API_KEY
  })

  it('with scrubEnv, no secret-named variable reaches a sandboxed command, and the proxy still works', async () => {
    process.env.MY_API_KEY = 'host-secret'
    const server = await localServer()
    try {
      const sandbox = await start({ scrubEnv: true, ask: () => Promise.resolve(true) })
      const run = await sandbox.run(
        `env; curl -sS -m 10 --noproxy '' -o /dev/null -w '%{http_code}' http://localhost:${String(server.port)}/through`,
        { callId: 'call_env' },
      )
      const names = run.stdout
        .split('\n')
        .filter((line) => /^[A-Za-z_][A-Za-z0-9_]*=/u.test(line))
        .map((line) => line.slice(0, line.indexOf('=')))
      expect(names).toContain('HTTPS_PROXY')
      expect(names.filter(isSecretEnvName)).toEqual([])
      expect(names.filter((name) => name.startsWith('CLOUDSDK_PROXY_'))).toEqual([])
      expect(run.stdout.endsWith('200')).toBe(true)
      expect(server.paths).toEqual(['/through'])
    } finally {
      await server.close()
    }
  })

  /** A home folder of its own, with the folders the runtime makes writable there. */
  function ownHome(): string {
    const project = projectFolder()
    const made = join(dirname(project), 'home')
    for (const folder of ['.npm/_logs', '.claude/debug']) {
      mkdirSync(join(made, folder), { recursive: true })
    }
    process.env.HOME = made
    return realpathSync(made)
  }

  it('leaves ~/.npm/_logs and ~/.claude/debug read-only, and reports the writes', async () => {
    const made = ownHome()
    const sandbox = await start()
    const run = await sandbox.run(
      'echo x > ~/.npm/_logs/probe.log; echo x > ~/.claude/debug/probe.txt; echo x > written',
      { callId: 'call_defaults' },
    )
    expect(run.stderr).toContain('Read-only file system')
    expect(existsSync(join(made, '.npm/_logs/probe.log'))).toBe(false)
    expect(existsSync(join(made, '.claude/debug/probe.txt'))).toBe(false)
    expect(run.exitCode).toBe(0)
    expect(run.violations.map((violation) => violation.target).sort()).toEqual([
      join(made, '.claude/debug/probe.txt'),
      join(made, '.npm/_logs/probe.log'),
    ])
  })

  it('keeps ~/.npm/_logs writable where the settings make ~/.npm writable', async () => {
    const made = ownHome()
    const sandbox = await start({ settings: { filesystem: { allowWrite: ['~/.npm'] } } })
    const run = await sandbox.run('echo x > ~/.npm/_logs/probe.log', { callId: 'call_allowed' })
    expect(run).toMatchObject({ exitCode: 0, violations: [] })
    expect(existsSync(join(made, '.npm/_logs/probe.log'))).toBe(true)
  })
})

if (!onLinux) it.skip(`the runtime’s own additions: ${notLinux}`, () => undefined)
