import { execFileSync } from 'node:child_process'
import { existsSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { onLinux, projectFolder } from './__fixtures__/sandbox-fixtures.js'
import { startedSandboxes } from './__fixtures__/started-sandboxes.js'

const identity = ['-c', 'user.email=a@example.com', '-c', 'user.name=a']

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', [...identity, '-c', 'protocol.file.allow=always', ...args], {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  })
}

/** A real repository, one commit in it. */
function repository(): string {
  const project = projectFolder({ git: false })
  git(project, 'init', '-q')
  git(project, 'commit', '-q', '--allow-empty', '-m', 'init')
  return project
}

/** A hook script the command plants: it leaves `mark` behind when git runs it. */
function plant(folder: string, mark: string): string {
  return `mkdir -p ${folder}/hooks && printf '#!/bin/sh\\ntouch ${mark}\\n' > ${folder}/hooks/pre-commit && chmod +x ${folder}/hooks/pre-commit`
}

// "`.git/hooks` and `.git/config` are always write-denied inside the sandbox" (SPEC §23): so is
// every other git file that names code for host git to run or a config for it to read.
describe.runIf(onLinux)('git on the host, after a sandboxed command (SPEC §23)', () => {
  const start = startedSandboxes()

  it('never runs a hook nor reads a config a command wrote through .git/commondir', async () => {
    const project = repository()
    const mark = join(project, '..', 'commondir-hook-ran')
    const warnings: string[] = []
    const sandbox = await start({
      projectRoot: project,
      logger: { warn: (message: unknown) => warnings.push(String(message)) },
    })
    const evil = join(project, 'evil')
    const run = await sandbox.run(
      [
        `mkdir evil && cp -r .git/objects .git/refs .git/HEAD evil/`,
        plant('evil', mark),
        `printf '[core]\\n\\thooksPath = ${evil}/hooks\\n' > evil/config`,
        `echo ${evil} > .git/commondir`,
      ].join(' && '),
      { callId: 'call_commondir' },
    )
    expect(run.stderr).toBe('')
    expect(existsSync(join(project, '.git', 'commondir'))).toBe(false)
    expect(warnings.join('\n')).toContain('.git/commondir')
    git(project, 'commit', '-q', '--allow-empty', '-m', 'second')
    expect(existsSync(mark)).toBe(false)
    expect(git(project, 'log', '--format=%s').split('\n')).toContain('second')
  })

  it('never lets a command write a submodule’s hooks or config in .git/modules', async () => {
    const project = repository()
    const library = repository()
    git(project, 'submodule', '-q', 'add', library, 'vendor/lib')
    git(project, 'commit', '-q', '-m', 'submodule')
    const mark = join(project, '..', 'submodule-hook-ran')
    const sandbox = await start({ projectRoot: project })
    const modules = '.git/modules/vendor/lib'
    const hook = await sandbox.run(plant(modules, mark), { callId: 'call_hook' })
    expect(hook.exitCode).not.toBe(0)
    const config = await sandbox.run(`echo '[core]' >> ${modules}/config`, { callId: 'c2' })
    expect(config.exitCode).not.toBe(0)
    git(join(project, 'vendor', 'lib'), 'commit', '-q', '--allow-empty', '-m', 'x')
    expect(existsSync(mark)).toBe(false)
  })

  it('never lets a command make .git/worktrees, .git/modules or .git/config.worktree', async () => {
    const project = repository()
    const sandbox = await start({ projectRoot: project })
    for (const line of [
      'mkdir -p .git/worktrees/evil',
      'mkdir -p .git/modules/evil',
      'echo "[core]" > .git/config.worktree',
    ]) {
      const run = await sandbox.run(line, { callId: 'call_git' })
      expect(run.exitCode, line).not.toBe(0)
    }
    for (const entry of ['worktrees', 'modules', 'config.worktree']) {
      expect(existsSync(join(project, '.git', entry)), entry).toBe(false)
    }
  })

  it('still lets a sandboxed command commit', async () => {
    const project = repository()
    const sandbox = await start({ projectRoot: project })
    const run = await sandbox.run(
      `echo x > f && git add f && git ${identity.join(' ')} commit -q -m sandboxed && git status --short`,
      { callId: 'call_commit' },
    )
    expect(run.stderr).toBe('')
    expect(run.exitCode).toBe(0)
    expect(git(project, 'log', '--format=%s').split('\n')).toContain('sandboxed')
    rmSync(join(project, 'f'))
  })
})
