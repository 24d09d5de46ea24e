import { lstatSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'

/**
 * The entries of a git folder that name code for git to run or a config for it to read
 * (gitrepository-layout): `hooks`, `config` and `config.worktree`; `modules` (each submodule's
 * git folder, its own hooks and config) and `worktrees` (each linked worktree's, with its
 * `commondir` and `config.worktree`) whole. `commondir` is one too; see {@link gitDenials}.
 *
 * Left writable, as data git reads but never runs: `info/attributes` (an attribute names a
 * filter, diff or merge driver only by a name the config defines — the project's own
 * `.gitattributes`, writable like any project file, can do as much), `info/exclude`,
 * `objects/info/alternates` (more places to read objects from), refs, `HEAD`, `packed-refs`,
 * `remotes/` and `branches/` (remote URLs: git's `ext::` transport is off by default).
 */
const gitEntries = ['hooks', 'config', 'config.worktree', 'modules', 'worktrees']

/**
 * Git's files under the project root that no sandboxed command may write (SPEC §23): the
 * {@link gitEntries} where `.git` is a folder, and its `commondir` where it has one. A missing
 * `commondir` cannot be denied: the runtime's placeholder for it (an empty file) makes every git
 * command fail to read it, so a `commondir` a run makes is removed when the run ends instead
 * ({@link CommondirSweep}). Where `.git` is not a folder, `.git` itself: where it is missing no
 * command can create it (and plant a hook that a later `git init` keeps), and where it is a file
 * (a worktree's or submodule's pointer) no command can point it at a git folder of its own making.
 */
export function gitDenials(projectRoot: string): string[] {
  const git = join(projectRoot, '.git')
  if (!isFolder(git)) return [git]
  const paths = gitEntries.map((entry) => join(git, entry))
  if (exists(join(git, 'commondir'))) paths.push(join(git, 'commondir'))
  return paths
}

/**
 * `.git/commondir` names the folder git reads its config and hooks from. Where the project's
 * `.git` folder had none when the sandbox started, one found after a sandboxed run is a run's
 * making (git never writes one into a main repository's folder): it is removed, and {@link sweep}
 * says so.
 */
export class CommondirSweep {
  readonly #path: string | undefined

  constructor(projectRoot: string) {
    const git = join(projectRoot, '.git')
    const path = join(git, 'commondir')
    this.#path = isFolder(git) && !exists(path) ? path : undefined
  }

  /** Removes a `commondir` made since the start; the path removed, or undefined. */
  sweep(): string | undefined {
    if (this.#path === undefined || !exists(this.#path)) return undefined
    rmSync(this.#path, { recursive: true, force: true })
    return this.#path
  }
}

function exists(path: string): boolean {
  try {
    lstatSync(path)
    return true
  } catch {
    return false
  }
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory()
  } catch {
    return false
  }
}
