import { execFileSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { onLinux, projectFolder, recordingLogger } from './__fixtures__/sandbox-fixtures.js'
import { startedSandboxes } from './__fixtures__/started-sandboxes.js'

// The write-deny patterns' matches are searched when each command starts (SPEC §23): a run its
// caller ends during that search ends then, and a tree too large to search is denied whole.
describe.runIf(onLinux)('the write-deny pattern search of a run, on the real sandbox', () => {
  const start = startedSandboxes()
  // 30,000 folders, made before the test (a second alone, minutes on a busy disk), removed after.
  let project: string
  beforeAll(() => {
    project = projectFolder()
    execFileSync('bash', ['-c', 'mkdir -p t/{1..300}/{1..100}'], { cwd: project })
  }, 300_000)
  afterAll(() => {
    rmSync(dirname(project), { recursive: true, force: true })
  })

  it('ends a run at once when its signal is aborted during the search (SPEC §23)', async () => {
    const pattern = join(project, '**', '*.pem')
    const logger = recordingLogger()
    const sandbox = await start({
      projectRoot: project,
      logger,
      rules: {
        sandboxRules: () => ({
          allowWrite: [],
          denyWrite: [pattern],
          denyRead: [],
          allowedDomains: [],
          deniedDomains: [],
        }),
      },
    })
    const reason = new Error('ended by the caller')
    const stop = new AbortController()
    setTimeout(() => {
      stop.abort(reason)
    }, 50)
    const started = performance.now()
    await expect(sandbox.run('true', { callId: 'call_1', signal: stop.signal })).rejects.toBe(
      reason,
    )
    expect(performance.now() - started).toBeLessThan(500)
    // Searched in full, the tree is past the folder limit: the project is denied whole, warned once.
    for (const callId of ['call_2', 'call_3']) {
      const run = await sandbox.run('touch made', { callId })
      expect(run.exitCode).not.toBe(0)
    }
    const warned = logger.warnings.filter((line) => line.includes('could not be searched'))
    expect(warned).toHaveLength(1)
    expect(warned[0]).toContain(`so ${project} is write-denied whole instead`)
  }, 60_000)
})
