import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  git,
  gitIdentity,
  monorepoPackage,
  scratchFolder,
} from './__fixtures__/git-repositories.js'
import { onLinux } from './__fixtures__/sandbox-fixtures.js'
import { startedSandboxes } from './__fixtures__/started-sandboxes.js'

/**
 * A command that makes `folder` a bare repository (HEAD, objects/, refs/) whose config has host
 * git run `folder/fsmonitor.sh` on its next `git status`, which leaves `mark`; HEAD is written
 * last, so everything before it is made whether or not HEAD can be.
 */
function plantBareRepository(folder: string, mark: string): string {
  return [
    `cd ${folder}`,
    'mkdir -p objects refs/heads',
    `printf '#!/bin/sh\\ntouch ${mark}\\n' > fsmonitor.sh && chmod +x fsmonitor.sh`,
    `printf '[core]\\n\\trepositoryformatversion = 0\\n\\tbare = false\\n\\tworktree = ${folder}\\n\\tfsmonitor = ${folder}/fsmonitor.sh\\n' > config`,
    "echo 'ref: refs/heads/main' > HEAD",
  ].join(' && ')
}

/** Host git's `status` in `cwd`, as a user or an editor runs it (without the caller's GIT_*). */
function hostStatus(cwd: string): void {
  const environment = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('GIT_')),
  )
  spawnSync('git', ['status'], { cwd, env: environment, stdio: 'ignore' })
}

/** A project folder with no git folder in it nor in any folder above it. */
function projectWithoutGit(): string {
  const project = join(scratchFolder(), 'project')
  mkdirSync(project)
  return project
}

// "A sandboxed command can never rewrite what governs it … and so are `.git/hooks` and
// `.git/config`" (SPEC §23): where no `.git` is a repository, git takes the folder itself for a
// bare repository when it holds a valid HEAD, objects/ and refs/ — and then reads its config.
describe.runIf(onLinux)('a bare repository planted where git looks for one (SPEC §23)', () => {
  const start = startedSandboxes()

  it('lets no command make the project root a bare repository whose config host git runs', async () => {
    const project = projectWithoutGit()
    const mark = join(dirname(project), 'fsmonitor-ran')
    const sandbox = await start({ projectRoot: project })
    const planted = await sandbox.run(plantBareRepository(project, mark), { callId: 'call_bare' })
    expect(planted.exitCode).not.toBe(0)
    expect(planted.violations.map(({ target }) => target)).toContain(join(project, 'HEAD'))
    for (const line of ['ln -s refs/heads/main HEAD', 'echo x > made && mv made HEAD']) {
      const other = await sandbox.run(line, { callId: 'call_bare_other' })
      expect(other.exitCode, line).not.toBe(0)
    }
    // Between runs no placeholder is left, and the folder is no repository to host git.
    expect(existsSync(join(project, 'HEAD'))).toBe(false)
    hostStatus(project)
    expect(existsSync(mark)).toBe(false)
  })

  it('nor a folder between the project and the repository above it', async () => {
    const { repo, project } = monorepoPackage()
    const between = join(repo, 'packages')
    const mark = join(repo, 'fsmonitor-ran')
    const sandbox = await start({
      projectRoot: project,
      settings: { filesystem: { allowWrite: [repo] } },
    })
    const planted = await sandbox.run(plantBareRepository(between, mark), {
      callId: 'call_bare_between',
    })
    expect(planted.exitCode).not.toBe(0)
    expect(existsSync(join(between, 'HEAD'))).toBe(false)
    hostStatus(project)
    expect(existsSync(mark)).toBe(false)
    expect(git(project, 'rev-parse', '--absolute-git-dir').trim()).toBe(join(repo, '.git'))
  })

  it('makes a project file named HEAD read-only where there is no .git (the trade-off)', async () => {
    const project = projectWithoutGit()
    writeFileSync(join(project, 'HEAD'), 'notes\n')
    const sandbox = await start({ projectRoot: project })
    for (const line of ["echo 'ref: refs/heads/main' > HEAD", 'rm HEAD', 'mv HEAD moved']) {
      const run = await sandbox.run(line, { callId: 'call_head_file' })
      expect(run.exitCode, line).not.toBe(0)
    }
    expect(readFileSync(join(project, 'HEAD'), 'utf8')).toBe('notes\n')
  })

  it('still refuses a sandboxed git init; host git init between runs works, and then HEAD is the project’s', async () => {
    const project = projectWithoutGit()
    const sandbox = await start({ projectRoot: project })
    const init = await sandbox.run('git init -q', { callId: 'call_git_init' })
    expect(init.exitCode).not.toBe(0)
    expect(existsSync(join(project, '.git'))).toBe(false)
    git(project, 'init', '-q') // on the host, between runs
    const commit = await sandbox.run(
      `echo x > HEAD && git add HEAD && git ${gitIdentity.join(' ')} commit -q -m sandboxed`,
      { callId: 'call_after_init' },
    )
    expect(commit.stderr).toBe('')
    expect(commit.exitCode).toBe(0)
    expect(git(project, 'log', '--format=%s').trim()).toBe('sandboxed')
  })

  it('takes a project root that is a bare repository for a git folder: hooks and config denied', async () => {
    const project = join(scratchFolder(), 'bare.git')
    git(dirname(project), 'init', '-q', '--bare', project)
    const sandbox = await start({ projectRoot: project })
    for (const line of ["printf '#!/bin/sh\\n' > hooks/pre-receive", "echo '[alias]' >> config"]) {
      const run = await sandbox.run(line, { callId: 'call_bare_root' })
      expect(run.exitCode, line).not.toBe(0)
    }
    // The rest is data git reads, the command's as in any git folder: HEAD too.
    const head = await sandbox.run('git symbolic-ref HEAD refs/heads/other', { callId: 'call_ref' })
    expect(head.exitCode).toBe(0)
    expect(git(project, 'symbolic-ref', 'HEAD').trim()).toBe('refs/heads/other')
  })
})
