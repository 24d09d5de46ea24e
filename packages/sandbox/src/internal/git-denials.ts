import { describeThrown } from '@toolpipe/core/internal'
import { lstatSync, opendirSync, rmSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { configuredDenials } from './git-config-denials.js'
import { commonDirOf, discoverGit, isEmptyFolder, kindOf } from './git-folders.js'
import type { FoundGitFolder, GitEnvironment } from './git-folders.js'

/**
 * What git keeps of a rebase, `git am` or a cherry-pick or revert of several commits under way
 * (gitrepository-layout; per worktree): its todo list, whose `exec` lines host git runs at
 * `git rebase --continue` (`git cherry-pick --continue`). Denied whole where it exists when a
 * run's config is derived (one the person has under way on the host stays theirs); where it does
 * not, never: the runtime's placeholder there would read as a rebase under way for the whole run
 * (`git status` inside and on the host) and keep any from starting. One that comes into being
 * during a run is reported when the run ends instead (`SequencerWatch`).
 */
const sequencerEntries = ['rebase-merge', 'rebase-apply', 'sequencer']

/**
 * The entries of a git folder that name code for git to run or a config for it to read
 * (gitrepository-layout): `hooks`, `config` and `config.worktree`; `modules` (each submodule's
 * git folder, its own hooks and config) and `worktrees` (each linked worktree's, with its
 * `commondir` and `config.worktree`) whole; the {@link sequencerEntries} that exist.
 * `commondir` is one too; see {@link gitDenials}. The files the configs point git at are found by
 * `configuredDenials`.
 *
 * The rest of the folder is data git reads but never runs, left writable: `info/attributes` (an
 * attribute names a filter, diff or merge driver only by a name the config defines — the
 * project's own `.gitattributes`, writable like any project file, can do as much),
 * `info/exclude`, `objects/` and `objects/info/alternates` (more places to read objects from),
 * refs, `HEAD`, `packed-refs`, `index`, `logs/`, `remotes/` and `branches/` (remote URLs: git's
 * `ext::` transport is off by default).
 */
const gitEntries = ['hooks', 'config', 'config.worktree', 'modules', 'worktrees']

/**
 * What git reads from a linked worktree's own folder, whose `commondir` names the folder it
 * reads the rest from (hooks, config, `worktrees`): its `config.worktree`, its submodules' and
 * its own rebase or cherry-pick under way.
 */
const ownEntries = ['config.worktree', 'modules']

/** As many linked worktrees as are denied one by one beside the project's; past it, all. */
const maxWorktrees = 1000

/**
 * The git files that no sandboxed command may write (SPEC §23), in every git folder git reads
 * working in the project — found as git finds them (`discoverGit`): the project's `.git`, a
 * linked worktree's folder and its repository's common folder, a repository in a folder above
 * (a package of a monorepo), `GIT_DIR` and `GIT_COMMON_DIR`. In each, the {@link gitEntries}
 * and the {@link sequencerEntries} that exist now (where it has a `commondir`, the
 * {@link ownEntries}, its existing sequencer entries and that `commondir`, and the entries of the
 * folder it names; the `worktrees` there beside the project's own one by one, so that a
 * sandboxed `git commit` in a linked worktree still works), and its `commondir` where it has
 * one. A missing sequencer entry is not denied (see {@link sequencerEntries}). A missing `commondir` cannot be denied: the runtime's placeholder for it (an empty file)
 * makes every git command fail to read it, so a `commondir` a run makes is removed when the run
 * ends instead ({@link CommondirSweep}). Each `.git` on the way up that is not a folder holding
 * anything, itself: where it is missing (or an empty folder, as git and `discoverGit` take it) no
 * command can create it (and plant a hook that a later `git init` keeps, or a repository git
 * would find before the one above) — the runtime's placeholder for it is an empty read-only
 * folder ({@link withFolderPlaceholders}) —, and where it is a file (a worktree's or submodule's
 * pointer) no command can point it at a git folder of its own making. And in each
 * folder git looks at for a bare repository and finds none (no repository in its `.git`: the
 * project root, each folder between it and the repository above), its `HEAD`: missing, the
 * runtime's placeholder (an empty file, which git refuses) keeps the folder from becoming a bare
 * repository whose config host git would read; present (a project's own file named `HEAD`), it
 * is made read-only for the same reason. A folder that is a bare repository is a git folder
 * above, its entries denied as any other's. And what the configs git reads there point it at:
 * each file they include, each `core.hooksPath` folder (`configuredDenials`); `warn` is told what
 * of them could not be read or followed.
 *
 * Where these lie outside every writable folder the runtime config leaves them out or they
 * change nothing (see `writeDenials`).
 */
export function gitDenials(
  projectRoot: string,
  environment: GitEnvironment = process.env,
  warn: (message: string) => void = () => undefined,
): string[] {
  const { paths, gitFolders, dotGits, heads } = gitFolderEntries(projectRoot, environment)
  // A `.git` that is not a folder comes after the folders' entries, as it always has.
  const configured = configuredDenials(projectRoot, { gitFolders, dotGits }, environment, warn)
  return [...new Set([...paths, ...dotGits, ...heads, ...configured])]
}

/**
 * Where git keeps a rebase, `git am` or a cherry-pick or revert under way, in each git folder
 * {@link gitDenials} covers (the {@link sequencerEntries} of each, and of a linked worktree's own
 * folder), whether or not they exist: what `SequencerWatch` looks at around a run.
 */
export function sequencerPaths(
  projectRoot: string,
  environment: GitEnvironment = process.env,
): readonly string[] {
  return gitFolderEntries(projectRoot, environment).sequencer
}

/** What {@link gitFolderEntries} finds. */
interface GitFolderEntries {
  /** The folders' entries denied, in order: each folder's, then its `commondir`. */
  readonly paths: readonly string[]
  /** Every {@link sequencerEntries} path of those folders, existing or not. */
  readonly sequencer: readonly string[]
  readonly gitFolders: string[]
  readonly dotGits: readonly string[]
  readonly heads: readonly string[]
}

/** The git folders `discoverGit` finds and the entries of each that {@link gitDenials} denies. */
function gitFolderEntries(projectRoot: string, environment: GitEnvironment): GitFolderEntries {
  const { dotGits, folders, heads } = discoverGit(projectRoot, environment)
  const linked = folders.filter((folder) => folder.reached === 'pointer').map(({ path }) => path)
  const paths = new Set<string>()
  const sequencer = new Set<string>()
  const gitFolders = new Set<string>()
  const state = (folder: string): void => {
    for (const path of sequencerEntries.map((entry) => join(folder, entry))) {
      sequencer.add(path)
      if (exists(path)) paths.add(path)
    }
  }
  const common = (folder: string): void => {
    for (const entry of gitEntries) {
      if (entry === 'worktrees') for (const path of worktreesBeside(folder, linked)) paths.add(path)
      else paths.add(join(folder, entry))
    }
    state(folder)
  }
  for (const { path } of folders) {
    const commondir = join(path, 'commondir')
    const read = exists(commondir) ? commonDirOf(path) : undefined
    const named = read === path ? undefined : read
    gitFolders.add(path)
    if (named !== undefined) gitFolders.add(named)
    if (named === undefined) common(path)
    else {
      for (const entry of ownEntries) paths.add(join(path, entry))
      state(path)
    }
    if (exists(commondir)) paths.add(commondir)
    if (named === undefined) continue
    common(named)
    if (exists(join(named, 'commondir'))) paths.add(join(named, 'commondir'))
  }
  return {
    paths: [...paths],
    sequencer: [...sequencer],
    gitFolders: [...gitFolders],
    dotGits,
    heads,
  }
}

/**
 * `denied` with each `.git` in it that is missing or an empty folder followed by its `hooks`. The
 * runtime blocks a missing denied path with a placeholder on the host for the time of a run: an
 * empty file, unless a path denied inside it makes it an empty folder. Host git refuses an empty
 * `.git` file ("invalid gitfile format": no git in a monorepo's package while any run is live)
 * and walks past an empty `.git` folder, as past a missing one. The placeholder is read-only inside
 * the sandbox and cannot be removed or moved there (a mount point); a run started beside it finds
 * an empty folder, denied whole as `discoverGit` reads it as the missing `.git` it stands for, so
 * both derive one config and run side by side.
 */
export function withFolderPlaceholders(denied: readonly string[]): string[] {
  return denied.flatMap((path) => {
    if (basename(path) !== '.git') return [path]
    const kind = kindOf(path)
    const placeholder = kind === 'missing' || (kind === 'folder' && isEmptyFolder(path))
    return placeholder ? [path, join(path, 'hooks')] : [path]
  })
}

/**
 * What of `folder/worktrees` is denied: the whole folder, unless one of the `linked` folders in
 * it is the project's — then every other worktree's folder (at most {@link maxWorktrees}; past
 * it, the whole folder). New ones a command makes there govern only a checkout whose `.git`
 * file it points there too, as a repository of its own making anywhere would.
 */
function worktreesBeside(folder: string, linked: readonly string[]): string[] {
  const worktrees = join(folder, 'worktrees')
  const own = new Set(
    linked.filter((path) => dirname(path) === worktrees).map((path) => basename(path)),
  )
  if (own.size === 0) return [worktrees]
  const others: string[] = []
  try {
    const listing = opendirSync(worktrees)
    try {
      for (let entry = listing.readSync(); entry !== null; entry = listing.readSync()) {
        if (others.length >= maxWorktrees) return [worktrees]
        if (!own.has(entry.name)) others.push(join(worktrees, entry.name))
      }
    } finally {
      listing.closeSync()
    }
  } catch {
    return [worktrees]
  }
  return others
}

/**
 * `commondir` names the folder git reads its config and hooks from. Git writes one only in a
 * linked worktree's folder (`<repository>/worktrees/<name>`), never in a main repository's, a
 * bare one's or a submodule's. So after each sandboxed run, in each git folder git reads working
 * in the project (as {@link gitDenials} finds them, following only a `commondir` kept): a
 * `commondir` that was not there when last looked at (when the sandbox started, or after the run
 * before), or is another file than the one there then, is a run's making, and is removed. In a
 * folder not seen before (a `.git` made on the host since: `git init`), a `commondir` is kept only
 * where git writes one, a linked worktree's folder reached through a `.git` file or `GIT_DIR`.
 * {@link sweep} says what it removed.
 */
export class CommondirSweep {
  readonly #projectRoot: string
  readonly #environment: GitEnvironment
  /** Each folder looked at, and the identity of its `commondir` then (undefined: none). */
  #seen: Map<string, string | undefined>

  constructor(projectRoot: string, environment: GitEnvironment = process.env) {
    this.#projectRoot = projectRoot
    this.#environment = environment
    this.#seen = this.#look(false).seen
  }

  /** Removes each `commondir` a run made; the paths removed (joined), or undefined. */
  sweep(): string | undefined {
    const { seen, removed } = this.#look(true)
    this.#seen = seen
    return removed.length === 0 ? undefined : removed.join(', ')
  }

  #look(sweeping: boolean): { seen: Map<string, string | undefined>; removed: string[] } {
    const seen = new Map<string, string | undefined>()
    const removed: string[] = []
    const pending = [...discoverGit(this.#projectRoot, this.#environment).folders]
    for (let folder = pending.shift(); folder !== undefined; folder = pending.shift()) {
      if (seen.has(folder.path)) continue
      const commondir = join(folder.path, 'commondir')
      let identity = identityOf(commondir)
      if (sweeping && identity !== undefined && !this.#keeps(folder, identity)) {
        removed.push(remove(commondir))
        identity = identityOf(commondir)
      }
      seen.set(folder.path, identity)
      const named = identity === undefined ? undefined : commonDirOf(folder.path)
      if (named !== undefined) pending.push({ path: named, reached: 'folder' })
    }
    return { seen, removed }
  }

  #keeps(folder: FoundGitFolder, identity: string): boolean {
    if (this.#seen.has(folder.path)) return this.#seen.get(folder.path) === identity
    return folder.reached === 'pointer' && basename(dirname(folder.path)) === 'worktrees'
  }
}

/** Removes `path`; the path, with why not where it could not be. */
function remove(path: string): string {
  try {
    rmSync(path, { recursive: true, force: true })
    return path
  } catch (error) {
    return `${path} (not removed: ${describeThrown(error)})`
  }
}

/**
 * Which file `path` is (device, inode and change time in nanoseconds, not following a link), or
 * undefined where none: a file removed and made again can reuse its inode, never its change time.
 */
export function identityOf(path: string): string | undefined {
  try {
    const stat = lstatSync(path, { bigint: true })
    return `${String(stat.dev)}:${String(stat.ino)}:${String(stat.ctimeNs)}`
  } catch {
    return undefined
  }
}

function exists(path: string): boolean {
  return identityOf(path) !== undefined
}
