import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { permissions } from '@toolpipe/permissions'
import { describe, expect, it } from 'vitest'
import { gitFolder, notLinux, onLinux, projectFolder } from './__fixtures__/sandbox-fixtures.js'
import { createSandbox } from './create-sandbox.js'
import type { SandboxOptions, SandboxRun } from './sandbox-options.js'

const quiet = { warn: () => undefined }

/** One run of `command` in a sandbox made with `options`, disposed after. */
async function runOnce(options: SandboxOptions, command: string): Promise<SandboxRun> {
  const sandbox = await createSandbox({ logger: quiet, ...options })
  try {
    expect(sandbox.reason, 'install bubblewrap socat ripgrep to run the real sandbox').toBe(
      undefined,
    )
    return await sandbox.run(command, { callId: 'call_read_denied' })
  } finally {
    await sandbox.dispose()
  }
}

/** A project and a folder beside it holding `secret.txt`. */
function folders(): { project: string; outside: string } {
  const project = projectFolder()
  const outside = join(dirname(project), 'outside')
  mkdirSync(join(outside, 'sub'), { recursive: true })
  writeFileSync(join(outside, 'secret.txt'), 'SECRET\n')
  writeFileSync(join(outside, 'sub', 'open.txt'), 'OPEN\n')
  writeFileSync(join(project, 'notes.txt'), 'NOTES\n')
  return { project, outside }
}

// SPEC §23: "`Edit(…)` allow rules add writable paths, … `Read(…)` deny rules `denyRead`" and "a
// denied read reads as missing". The runtime binds writable paths again over a denied folder's
// empty mount, so a folder both writable and read-denied was readable: there the deny wins.
describe.runIf(onLinux)('a folder both writable and read-denied', () => {
  it('stays unreadable and unwritable when the rules allow editing it and deny reading it', async () => {
    const { project, outside } = folders()
    const rules = permissions({
      projectRoot: project,
      logger: quiet,
      sources: [
        {
          kind: 'cli',
          settings: {
            permissions: { allow: [`Edit(/${outside}/**)`], deny: [`Read(/${outside}/**)`] },
          },
        },
      ],
    })
    await rules.ready
    const run = await runOnce(
      { projectRoot: project, rules },
      `cat ${join(outside, 'secret.txt')}; echo x > ${join(outside, 'new.txt')}`,
    )
    expect(run.stdout).toBe('')
    expect(run.stderr).toMatch(/secret\.txt: No such file or directory/u)
    expect(existsSync(join(outside, 'new.txt'))).toBe(false)
  })

  it('stays unreadable when sandbox.filesystem names it in allowWrite and denyRead', async () => {
    const { project, outside } = folders()
    const run = await runOnce(
      {
        projectRoot: project,
        settings: { filesystem: { allowWrite: [outside], denyRead: [outside] } },
      },
      `cat ${join(outside, 'secret.txt')}`,
    )
    expect(run.exitCode).not.toBe(0)
    expect(run.stdout).toBe('')
  })

  it('hides the project root itself when a rule denies reading it', async () => {
    const { project } = folders()
    const rules = permissions({
      projectRoot: project,
      logger: quiet,
      sources: [{ kind: 'cli', settings: { permissions: { deny: ['Read(/**)'] } } }],
    })
    await rules.ready
    const run = await runOnce({ projectRoot: project, rules }, `cat ${join(project, 'notes.txt')}`)
    expect(run.stdout).toBe('')
    expect(run.stderr).toMatch(/notes\.txt: No such file or directory/u)
  })

  it('reads a denial written x/** (or with /** more than once) as the folder x whole', async () => {
    const { project, outside } = folders()
    const rules = permissions({
      projectRoot: project,
      logger: quiet,
      sources: [{ kind: 'cli', settings: { permissions: { deny: ['Read(/**/**)'] } } }],
    })
    await rules.ready
    const hidden = await runOnce({ projectRoot: project, rules }, 'cat notes.txt')
    expect(hidden.stdout).toBe('')
    const settings = { filesystem: { allowWrite: [outside], denyRead: [`${outside}/**`] } }
    const run = await runOnce(
      { projectRoot: project, settings },
      `cat ${join(outside, 'secret.txt')}`,
    )
    expect(run.stdout).toBe('')
    expect(run.stderr).toMatch(/secret\.txt: No such file or directory/u)
  })

  it('reads a denial of a path with brackets in its name as that path, not a pattern', async () => {
    const root = mkdtempSync(join(tmpdir(), 'toolpipe-sandbox-'))
    const project = join(root, 'w[1]', 'project')
    mkdirSync(project, { recursive: true })
    gitFolder(project)
    writeFileSync(join(project, 'notes.txt'), 'NOTES\n')
    const rules = permissions({
      projectRoot: project,
      logger: quiet,
      sources: [{ kind: 'cli', settings: { permissions: { deny: ['Read(/**)'] } } }],
    })
    await rules.ready
    const run = await runOnce({ projectRoot: project, rules }, 'cat notes.txt')
    expect(run.stdout).toBe('')
    expect(run.stderr).toMatch(/notes\.txt: No such file or directory/u)
  })

  it('keeps a writable folder inside a read-denied one open, as the runtime does (the more specific path)', async () => {
    const { project, outside } = folders()
    const run = await runOnce(
      {
        projectRoot: project,
        settings: { filesystem: { allowWrite: [join(outside, 'sub')], denyRead: [outside] } },
      },
      `cat ${join(outside, 'secret.txt')}; cat ${join(outside, 'sub', 'open.txt')}`,
    )
    expect(run.stdout).toBe('OPEN\n')
    expect(run.stderr).toMatch(/secret\.txt: No such file or directory/u)
  })

  it('leaves it readable where an allowRead re-opens exactly that folder', async () => {
    const { project, outside } = folders()
    const run = await runOnce(
      {
        projectRoot: project,
        settings: {
          filesystem: { allowWrite: [outside], denyRead: [outside], allowRead: [outside] },
        },
      },
      `cat ${join(outside, 'secret.txt')}`,
    )
    expect(run).toMatchObject({ exitCode: 0, stdout: 'SECRET\n' })
  })
})

if (!onLinux) it.skip(`a folder both writable and read-denied: ${notLinux}`, () => undefined)
