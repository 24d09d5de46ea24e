import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { permissions } from '@toolpipe/permissions'
import { describe, expect, it } from 'vitest'
import {
  notLinux,
  onLinux,
  projectFolder,
  recordingLogger,
} from './__fixtures__/sandbox-fixtures.js'
import { startedSandboxes } from './__fixtures__/started-sandboxes.js'
import type { SandboxViolation } from './sandbox-options.js'

const denied = (path: string): SandboxViolation => ({
  kind: 'write',
  target: path,
  detail: `deny openat ${path}`,
})

/** The warning a write-deny pattern gets once on Linux, where bubblewrap takes no patterns. */
const patternWarning = (pattern: string): string =>
  `toolpipe: sandbox: new files matching the write-deny pattern ${pattern} cannot be write-denied on this platform (bubblewrap takes no patterns); the files and folders matching it when each command starts are write-denied`

// `Edit(…)` deny rules are `denyWrite` (SPEC §23). On Linux the runtime drops a pattern in
// write paths (bubblewrap binds paths), so each pattern's existing matches are write-denied by
// their literal paths, searched again when each command starts; a file the command itself makes
// cannot be denied by pattern there, and the warning says so once per pattern.
describe.runIf(onLinux)('write-deny patterns on the real sandbox', () => {
  const start = startedSandboxes()

  it('stops an overwrite of what an Edit(…) deny pattern matches, and reports it', async () => {
    const project = projectFolder()
    mkdirSync(join(project, 'sub'))
    mkdirSync(join(project, 'gen'))
    writeFileSync(join(project, 'sub', 'a.pem'), 'PEM\n')
    writeFileSync(join(project, 'gen', 'x.ts'), 'generated\n')
    // A name that holds wildcard characters itself (a Next.js route folder).
    mkdirSync(join(project, 'gen', '[id]'))
    writeFileSync(join(project, 'gen', '[id]', 'c.pem'), 'PEM\n')
    const logger = recordingLogger()
    const rules = permissions({
      projectRoot: project,
      logger,
      sources: [
        { kind: 'cli', settings: { permissions: { deny: ['Edit(*.pem)', 'Edit(/gen/*.ts)'] } } },
      ],
    })
    await rules.ready
    const sandbox = await start({ projectRoot: project, rules, logger })
    const pem = await sandbox.run('echo evil > sub/a.pem', { callId: 'call_pem' })
    expect(pem.exitCode).not.toBe(0)
    expect(pem.violations).toEqual([denied(join(project, 'sub', 'a.pem'))])
    const ts = await sandbox.run('echo evil > gen/x.ts', { callId: 'call_ts' })
    expect(ts.exitCode).not.toBe(0)
    expect(ts.violations).toEqual([denied(join(project, 'gen', 'x.ts'))])
    const route = await sandbox.run("echo evil > 'gen/[id]/c.pem'", { callId: 'call_route' })
    expect(route.violations).toEqual([denied(join(project, 'gen', '[id]', 'c.pem'))])
    expect(readFileSync(join(project, 'gen', '[id]', 'c.pem'), 'utf8')).toBe('PEM\n')
    expect(readFileSync(join(project, 'sub', 'a.pem'), 'utf8')).toBe('PEM\n')
    expect(readFileSync(join(project, 'gen', 'x.ts'), 'utf8')).toBe('generated\n')

    // The documented limitation: a new match can be made; from the next command on it is denied.
    const made = await sandbox.run('echo new > b.pem', { callId: 'call_new' })
    expect(made).toMatchObject({ exitCode: 0, violations: [] })
    const again = await sandbox.run('echo evil > b.pem', { callId: 'call_again' })
    expect(again.violations).toEqual([denied(join(project, 'b.pem'))])
    expect(readFileSync(join(project, 'b.pem'), 'utf8')).toBe('new\n')
    expect(logger.warnings).toEqual([
      patternWarning(`${project}/**/*.pem`),
      patternWarning(`${project}/gen/*.ts`),
    ])
  })

  it('denies what a sandbox.filesystem.denyWrite pattern matches from the first command', async () => {
    const project = projectFolder()
    mkdirSync(join(project, 'certs'))
    writeFileSync(join(project, 'certs', 'key.pem'), 'PEM\n')
    const logger = recordingLogger()
    const sandbox = await start({
      projectRoot: project,
      settings: { filesystem: { denyWrite: ['certs/*.pem'] } },
      logger,
    })
    const run = await sandbox.run('rm -f certs/key.pem; echo evil >> certs/key.pem', {
      callId: 'call_settings_pattern',
    })
    expect(run.exitCode).not.toBe(0)
    expect(existsSync(join(project, 'certs', 'key.pem'))).toBe(true)
    expect(readFileSync(join(project, 'certs', 'key.pem'), 'utf8')).toBe('PEM\n')
    expect(run.violations).toContainEqual(denied(join(project, 'certs', 'key.pem')))
    expect(logger.warnings).toEqual([patternWarning(join(project, 'certs', '*.pem'))])
  })
})

if (!onLinux) it.skip(`write-deny patterns on the real sandbox: ${notLinux}`, () => undefined)
