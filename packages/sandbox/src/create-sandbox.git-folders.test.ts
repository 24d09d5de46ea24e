import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  git,
  gitIdentity,
  linkedWorktree,
  monorepoPackage,
  scratchFolder,
} from './__fixtures__/git-repositories.js'
import { onLinux, recordingLogger } from './__fixtures__/sandbox-fixtures.js'
import { startedSandboxes } from './__fixtures__/started-sandboxes.js'

/** A command that plants a pre-commit hook in `hooks` (leaving `mark` when git runs it). */
function plantHook(hooks: string, mark: string): string {
  return `printf '#!/bin/sh\\ntouch ${mark}\\n' > ${hooks}/pre-commit && chmod +x ${hooks}/pre-commit`
}

// "A sandboxed command can never rewrite what governs it … and so are `.git/hooks` and
// `.git/config`" (SPEC §23): the git folder git reads in the project wherever it lies — a linked
// worktree's repository, a repository above the project — and one made after the sandbox started.
describe.runIf(onLinux)('git folders outside <projectRoot>/.git (SPEC §23)', () => {
  const start = startedSandboxes()

  it('removes a .git/commondir a run wrote into a .git that git init made after the start', async () => {
    const project = join(scratchFolder(), 'project')
    mkdirSync(project)
    const logger = recordingLogger()
    const sandbox = await start({ projectRoot: project, logger })
    git(project, 'init', '-q')
    const mark = join(project, '..', 'commondir-hook-ran')
    const run = await sandbox.run(
      [
        'mkdir -p evil && cp -r .git/objects .git/refs .git/HEAD .git/config evil/',
        `mkdir -p evil/hooks && ${plantHook('evil/hooks', mark)}`,
        `echo ${join(project, 'evil')} > .git/commondir`,
      ].join(' && '),
      { callId: 'call_commondir_after_init' },
    )
    expect(run.exitCode).toBe(0)
    expect(existsSync(join(project, '.git', 'commondir'))).toBe(false)
    expect(logger.warnings.join('\n')).toContain(join(project, '.git', 'commondir'))
    git(project, 'commit', '-q', '--allow-empty', '-m', 'after')
    expect(existsSync(mark)).toBe(false)
  })

  it('denies a linked worktree’s repository hooks and config, and still lets it commit', async () => {
    const { base, main, worktree } = linkedWorktree()
    const sandbox = await start({
      projectRoot: worktree,
      settings: { filesystem: { allowWrite: [main] } },
    })
    const mark = join(base, 'worktree-hook-ran')
    const hooks = join(main, '.git', 'hooks')
    const hook = await sandbox.run(plantHook(hooks, mark), { callId: 'call_worktree_hook' })
    expect(hook.exitCode).not.toBe(0)
    const config = join(main, '.git', 'config')
    const before = readFileSync(config, 'utf8')
    const edit = await sandbox.run(`echo '[alias]' >> ${config}`, { callId: 'call_wt_config' })
    expect(edit.exitCode).not.toBe(0)
    expect(readFileSync(config, 'utf8')).toBe(before)
    const commit = await sandbox.run(
      `echo x > f && git add f && git ${gitIdentity.join(' ')} commit -q -m sandboxed`,
      { callId: 'call_worktree_commit' },
    )
    expect(commit.stderr).toBe('')
    expect(commit.exitCode).toBe(0)
    git(worktree, 'commit', '-q', '--allow-empty', '-m', 'host')
    expect(existsSync(mark)).toBe(false)
    expect(git(worktree, 'log', '--format=%s').split('\n')).toContain('sandboxed')
  })

  it('denies the hooks and config of the repository above a project, and any .git on the way', async () => {
    const { repo, project } = monorepoPackage()
    const sandbox = await start({
      projectRoot: project,
      settings: { filesystem: { allowWrite: [repo] } },
    })
    const mark = join(repo, 'monorepo-hook-ran')
    const hook = await sandbox.run(plantHook(join(repo, '.git', 'hooks'), mark), {
      callId: 'call_mono_hook',
    })
    expect(hook.exitCode).not.toBe(0)
    const edit = await sandbox.run(`echo '[alias]' >> ${join(repo, '.git', 'config')}`, {
      callId: 'call_mono_config',
    })
    expect(edit.exitCode).not.toBe(0)
    // A repository made between the project and the one above would be found first.
    const nearer = await sandbox.run(
      `mkdir -p ../.git/hooks && ${plantHook('../.git/hooks', mark)}`,
      {
        callId: 'call_mono_nearer',
      },
    )
    expect(nearer.exitCode).not.toBe(0)
    expect(existsSync(join(repo, 'packages', '.git'))).toBe(false)
    // Git still works in the project, inside the sandbox.
    const commit = await sandbox.run(
      `echo x > f && git add f && git ${gitIdentity.join(' ')} commit -q -m sandboxed && git status --short`,
      { callId: 'call_mono_commit' },
    )
    expect(commit.stderr).toBe('')
    expect(commit.exitCode).toBe(0)
    git(project, 'commit', '-q', '--allow-empty', '-m', 'host')
    expect(existsSync(mark)).toBe(false)
  })
})
