import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { onLinux } from './__fixtures__/sandbox-fixtures.js'
import { startedSandboxes } from './__fixtures__/started-sandboxes.js'
import { SandboxError } from './sandbox-error.js'

/** An env whose `PATH` getter throws `secret`. */
function throwingGetter(secret: string): Record<string, string> {
  return Object.defineProperty<Record<string, string>>({}, 'PATH', {
    enumerable: true,
    get: () => {
      throw new Error(secret)
    },
  })
}

// `run(command, { env?: Record<string, string> })` (SPEC §23), given hostile input: refused as
// `INVALID_OPTIONS` naming `env`, with nothing of what a getter or trap threw, and nothing run.
describe.runIf(onLinux)('run({ env }) given a hostile env (SPEC §23)', () => {
  const start = startedSandboxes()

  it('refuses a throwing getter, a throwing ownKeys trap and a revoked Proxy before running', async () => {
    const sandbox = await start()
    const revoked = Proxy.revocable({}, {})
    revoked.revoke()
    const traps = new Proxy(
      {},
      {
        ownKeys: () => {
          throw new Error('trap-secret')
        },
      },
    )
    const cases: [unknown, string][] = [
      [throwingGetter('secret-token-123'), 'run: env.PATH could not be read'],
      [traps, 'run: env could not be read'],
      [revoked.proxy, 'run: env must be an object, got an unreadable object'],
    ]
    for (const [env, message] of cases) {
      const refused = await sandbox
        .run('touch ran', { callId: 'call_env', env: env as Record<string, string> })
        .catch((error: unknown) => error)
      expect(refused).toBeInstanceOf(SandboxError)
      expect(refused).toMatchObject({ code: 'INVALID_OPTIONS', message })
      expect((refused as Error).message).not.toMatch(/secret/u)
    }
    const ran = await sandbox.run('pwd', { callId: 'call_after' })
    expect(existsSync(join(ran.stdout.trim(), 'ran'))).toBe(false)
  })

  it('runs with a copy of the env, each variable read once', async () => {
    const sandbox = await start()
    let reads = 0
    const env = Object.defineProperty({ PATH: process.env.PATH ?? '/usr/bin:/bin' }, 'GREETING', {
      enumerable: true,
      get: () => `hello ${String(++reads)}`,
    }) as Record<string, string>
    const run = await sandbox.run('printf %s "$GREETING"', { callId: 'call_env_once', env })
    expect(run.stdout).toBe('hello 1')
    expect(reads).toBe(1)
  })
})
