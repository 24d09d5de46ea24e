import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { onLinux, projectFolder } from './__fixtures__/sandbox-fixtures.js'
import { startedSandboxes } from './__fixtures__/started-sandboxes.js'

// `violations` are the sandbox's own reports for the call (SPEC §23): all of them, though the
// runtime keeps only the process's last 100 reports.
describe.runIf(onLinux)('violations past the runtime’s tail of 100, on the real sandbox', () => {
  const start = startedSandboxes()

  it('keeps a run’s first denied write when 150 other denied writes follow it (SPEC §23)', async () => {
    const project = projectFolder()
    const sandbox = await start({ projectRoot: project })
    const first = join(project, '.toolpipe', 'first.json')
    const run = await sandbox.run(
      `echo x > ${first}; for i in $(seq 150); do echo x > .git/hooks/hook-$i; done 2>/dev/null`,
      { callId: 'call_flood' },
    )
    const targets = new Set(run.violations.map(({ target }) => target))
    expect(targets).toContain(first)
    expect(targets).toContain(join(project, '.git', 'hooks', 'hook-1'))
    expect(targets).toContain(join(project, '.git', 'hooks', 'hook-150'))
    expect(targets.size).toBeGreaterThan(150)
  }, 60_000)

  it('keeps a run’s reports while another run makes 150 denied writes after them (SPEC §23)', async () => {
    const project = projectFolder()
    const sandbox = await start({ projectRoot: project })
    const first = sandbox.run('echo x > .toolpipe/a.json; sleep 1', { callId: 'call_first' })
    await new Promise((resolve) => setTimeout(resolve, 300))
    await sandbox.run('for i in $(seq 150); do echo x > .git/hooks/h-$i; done 2>/dev/null', {
      callId: 'call_flood',
    })
    const { violations } = await first
    expect(violations.map(({ target }) => target)).toContain(join(project, '.toolpipe', 'a.json'))
  }, 60_000)
})
