import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { onLinux, projectFolder } from './__fixtures__/sandbox-fixtures.js'
import { startedSandboxes } from './__fixtures__/started-sandboxes.js'

// "The project root (and `additionalDirectories`) writable" (SPEC §23), also when given through a
// symlink: the runtime skips a writable path that is a link, so it is resolved first.
describe.runIf(onLinux)(
  'writable roots given through a symlink, on the real sandbox (SPEC §23)',
  () => {
    const start = startedSandboxes()

    it('keeps a project root given through a link writable, and what governs it denied', async () => {
      const project = projectFolder()
      mkdirSync(join(project, '.toolpipe'))
      writeFileSync(join(project, '.toolpipe', 'settings.json'), '{}')
      const link = `${project}-link`
      symlinkSync(project, link)
      const sandbox = await start({
        projectRoot: link,
        sources: [{ kind: 'project', path: '.toolpipe/settings.json' }],
      })
      const made = await sandbox.run('echo ok > file', { callId: 'call_file' })
      expect(made.stderr).toBe('')
      expect(readFileSync(join(project, 'file'), 'utf8')).toBe('ok\n')
      const settings = await sandbox.run('echo evil >> .toolpipe/settings.json', { callId: 'c2' })
      expect(settings.exitCode).not.toBe(0)
      expect(readFileSync(join(project, '.toolpipe', 'settings.json'), 'utf8')).toBe('{}')
    })

    it('makes an allowWrite folder given through a link outside writable roots writable', async () => {
      const project = projectFolder()
      const cache = join(dirname(project), 'cache')
      mkdirSync(cache)
      symlinkSync(cache, join(dirname(project), 'cache-link'))
      const sandbox = await start({
        projectRoot: project,
        settings: { filesystem: { allowWrite: [join(dirname(project), 'cache-link')] } },
      })
      const run = await sandbox.run(`echo ok > ${join(dirname(project), 'cache-link', 'f')}`, {
        callId: 'call_cache',
      })
      expect(run.stderr).toBe('')
      expect(readFileSync(join(cache, 'f'), 'utf8')).toBe('ok\n')
    })

    it('never resolves a link a command could retarget: one inside a writable root', async () => {
      const project = projectFolder()
      const outside = join(dirname(project), 'outside')
      mkdirSync(outside)
      symlinkSync(outside, join(project, 'cache'))
      const sandbox = await start({
        projectRoot: project,
        settings: { filesystem: { allowWrite: [join(project, 'cache')] } },
      })
      const run = await sandbox.run(`echo evil > ${join(outside, 'f')}`, { callId: 'call_out' })
      expect(run.exitCode).not.toBe(0)
    })
  },
)
