import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  eventually,
  localServer,
  notLinux,
  onLinux,
  projectFolder,
} from './__fixtures__/sandbox-fixtures.js'
import { startedSandboxes } from './__fixtures__/started-sandboxes.js'
import type { SandboxLogger } from './sandbox-options.js'

/** A logger whose every warning throws, and the warnings it was told. */
function throwingLogger(): SandboxLogger & { told: string[] } {
  const told: string[] = []
  return {
    told,
    warn: (message: string) => {
      told.push(message)
      throw new Error('logger down')
    },
  }
}

// "A throwing `logger.warn` never becomes an unhandled rejection or reaches the caller" (SPEC §11):
// not at the start, not at a run, not in the settings file's watcher, not when `ask` fails.
describe.runIf(onLinux)('a logger that throws (SPEC §11)', () => {
  const start = startedSandboxes()

  it('stops nothing at the start: an unknown setting is warned about, and the sandbox runs', async () => {
    const logger = throwingLogger()
    const sandbox = await start({ settings: { unknownKey: 1 } as never, logger })
    expect(sandbox.available).toBe(true)
    expect(logger.told).toEqual([
      'toolpipe: settings.unknownKey is not a setting @toolpipe/sandbox reads; ignored',
    ])
    expect(await sandbox.run('echo hi', { callId: 'call_1' })).toMatchObject({ stdout: 'hi\n' })
  })

  it('stops nothing when a write-deny pattern is warned about', async () => {
    const logger = throwingLogger()
    const sandbox = await start({
      settings: { filesystem: { denyWrite: ['gen/*.ts'] } },
      logger,
    })
    expect(sandbox.reason).toBeUndefined()
    expect(await sandbox.run('echo hi', { callId: 'call_2' })).toMatchObject({ exitCode: 0 })
    expect(logger.told).toHaveLength(1)
  })

  it('stops nothing in the watcher: a changed file still applies', async () => {
    const project = projectFolder()
    const file = join(project, 'sandbox.json')
    writeFileSync(file, JSON.stringify({ sandbox: {} }))
    const logger = throwingLogger()
    const sandbox = await start({
      projectRoot: project,
      sources: [{ kind: 'project', path: file }],
      logger,
    })
    writeFileSync(file, JSON.stringify({ sandbox: { oops: 1, enabled: false } }))
    await eventually(() => sandbox.reason !== undefined, 'the settings file to be read again')
    expect(sandbox.reason).toBe('disabled in settings')
    expect(logger.told).toEqual([
      'toolpipe: sandbox.json: sandbox.oops is not a setting @toolpipe/sandbox reads; ignored',
    ])
  })

  it('stops nothing when ask fails: the destination is denied', async () => {
    const server = await localServer()
    try {
      const logger = throwingLogger()
      const sandbox = await start({
        ask: () => Promise.reject(new Error('no one to ask')),
        logger,
      })
      const run = await sandbox.run(
        `curl -sS -m 10 --noproxy '' -o /dev/null -w '%{http_code}' http://localhost:${String(server.port)}/x`,
        { callId: 'call_ask' },
      )
      expect(run.stdout).toBe('403')
      expect(server.paths).toEqual([])
      expect(logger.told).toEqual([
        `toolpipe: the sandbox's ask callback failed; localhost:${String(server.port)} denied`,
      ])
    } finally {
      await server.close()
    }
  })
})

if (!onLinux) it.skip(`a logger that throws: ${notLinux}`, () => undefined)
