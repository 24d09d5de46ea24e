import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, realpathSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** The identity a test's commits are made with, as `git -c` arguments. */
export const gitIdentity = ['-c', 'user.email=a@example.com', '-c', 'user.name=a']

/** Runs host git in `cwd` (with an identity, and without the caller's GIT_* variables). */
export function git(cwd: string, ...args: string[]): string {
  const environment = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('GIT_')),
  )
  return execFileSync('git', [...gitIdentity, ...args], {
    cwd,
    encoding: 'utf8',
    env: environment,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
}

/** A fresh folder under the temporary folder, resolved through links. */
export function scratchFolder(): string {
  return realpathSync(mkdtempSync(join(tmpdir(), 'toolpipe-sandbox-git-')))
}

/** A real repository at `path` (made), one commit in it. */
export function repositoryAt(path: string): string {
  mkdirSync(path, { recursive: true })
  git(path, 'init', '-q')
  git(path, 'commit', '-q', '--allow-empty', '-m', 'init')
  return path
}

/**
 * A repository `main` and a linked worktree of it, `worktree` (its `.git` a `gitdir:` file; its
 * own git folder `main/.git/worktrees/worktree`), side by side in a fresh folder.
 */
export function linkedWorktree(): { base: string; main: string; worktree: string } {
  const base = scratchFolder()
  const main = repositoryAt(join(base, 'main'))
  const worktree = join(base, 'worktree')
  git(main, 'worktree', 'add', '-q', worktree)
  return { base, main, worktree }
}

/** A repository `repo` and a project folder two levels inside it (a monorepo's package). */
export function monorepoPackage(): { repo: string; project: string } {
  const repo = repositoryAt(join(scratchFolder(), 'repo'))
  const project = join(repo, 'packages', 'app')
  mkdirSync(project, { recursive: true })
  return { repo, project }
}
