import { accessSync, closeSync, constants, fstatSync, lstatSync, openSync } from 'node:fs'
import { opendirSync, readlinkSync, readSync, realpathSync, statSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'

/** The variables git's own discovery reads (git(1), "Environment Variables"). */
export type GitEnvironment = Readonly<Record<string, string | undefined>>

/** A git folder git reads when it works in the project, and how it was reached. */
export interface FoundGitFolder {
  /** The folder: a `.git` folder as spelled, any other resolved through links as git does. */
  readonly path: string
  /**
   * `folder`: a `.git` folder on the way up, a bare repository, `GIT_COMMON_DIR` — git never
   * writes a `commondir` in one. `pointer`: the target of a `.git` file or `GIT_DIR` — a linked
   * worktree's folder, whose `commondir` git writes.
   */
  readonly reached: 'folder' | 'pointer'
}

/** What {@link discoverGit} finds. */
export interface GitDiscovery {
  /**
   * Each `.git` on the way up that is not a folder holding anything: missing or an empty folder
   * (which git walks past alike, as it walks past the runtime's placeholder for a missing one, an
   * empty folder: see `gitDenials`), a `gitdir:` file, anything else.
   */
  readonly dotGits: readonly string[]
  /** The git folders, nearest first. */
  readonly folders: readonly FoundGitFolder[]
  /**
   * Each level's `HEAD` where git, finding no repository in its `.git`, looked at the level itself
   * for a bare one and found none: missing, or not a valid one. A command that may write the level
   * could make it a bare repository (`HEAD`, `objects/`, `refs/`, a `config` of its own) that host
   * git run there would take, and run its config.
   */
  readonly heads: readonly string[]
}

/** As much of a pointer file (`.git`, `commondir`) as is read: a path is shorter than this. */
const maxPointerBytes = 8192

/**
 * The git folders git would read working in `projectRoot`, found as git finds them (setup.c,
 * without running git): `GIT_DIR` and `GIT_COMMON_DIR` where set, and, from the project root
 * up, each level's `.git` — a folder holding anything (every one on the way, whether git would
 * take it or walk on past it, as it walks past one that is no repository), the target of a
 * `gitdir:` file (where git stops, found or not) — or the level itself where it is a bare
 * repository; up to the first repository, the root, or (unless
 * `GIT_DISCOVERY_ACROSS_FILESYSTEM`) the first folder on another file system.
 * `GIT_CEILING_DIRECTORIES` is not honoured: walking further only finds more. Each level walked
 * past is one git looked at for a bare repository: its `HEAD` is among the `heads`.
 */
export function discoverGit(projectRoot: string, environment: GitEnvironment): GitDiscovery {
  const dotGits: string[] = []
  const heads: string[] = []
  const folders: FoundGitFolder[] = fromEnvironment(projectRoot, environment)
  const across = isTrue(environment.GIT_DISCOVERY_ACROSS_FILESYSTEM)
  const device = deviceOf(projectRoot)
  // The project root as given; above it, the real folders, as git walks up from its getcwd().
  let level = projectRoot
  let real = realOr(projectRoot)
  for (;;) {
    const dotGit = join(level, '.git')
    const kind = kindOf(dotGit)
    if (kind === 'folder' && !isEmptyFolder(dotGit)) {
      folders.push({ path: dotGit, reached: 'folder' })
      if (isGitDirectory(dotGit)) break
    } else {
      dotGits.push(dotGit)
      if (kind === 'file') {
        const target = gitfileTarget(dotGit)
        if (target !== undefined) folders.push({ path: target, reached: 'pointer' })
        break
      }
    }
    if (isGitDirectory(level)) {
      folders.push({ path: realOr(level), reached: 'folder' })
      break
    }
    // setup.c looks at the level itself where its `.git` is no repository (missing, a folder that
    // is none, neither file nor folder): a valid `HEAD` there, with `objects/` and `refs/`, makes
    // it a bare repository. An empty `HEAD` (the runtime's placeholder) never is one.
    heads.push(join(level, 'HEAD'))
    const parent = dirname(real)
    if (parent === real || (!across && deviceOf(parent) !== device)) break
    level = real = parent
  }
  return { dotGits, folders, heads }
}

/**
 * The folder `folder/commondir` names, resolved as git resolves it (relative to `folder`, through
 * links); undefined where there is none or it cannot be read.
 */
export function commonDirOf(folder: string): string | undefined {
  const named = readPointer(join(folder, 'commondir'))
  return named === undefined || named === '' ? undefined : realOr(resolve(folder, named))
}

/** Whether git takes `folder` for a git folder (setup.c's `is_git_directory`). */
export function isGitDirectory(folder: string): boolean {
  if (!isHeadRef(join(folder, 'HEAD'))) return false
  const common = commonDirOf(folder) ?? folder
  return searchable(join(common, 'objects')) && searchable(join(common, 'refs'))
}

/** What `path` is, not following a last link's own name but what it leads to (as git's stat). */
export function kindOf(path: string): 'folder' | 'file' | 'missing' | 'other' {
  try {
    const stat = statSync(path)
    return stat.isDirectory() ? 'folder' : stat.isFile() ? 'file' : 'other'
  } catch {
    return lstatOk(path) ? 'other' : 'missing'
  }
}

/** `GIT_DIR` (relative to the project root, where runs start) and `GIT_COMMON_DIR`. */
function fromEnvironment(projectRoot: string, environment: GitEnvironment): FoundGitFolder[] {
  const found: FoundGitFolder[] = []
  const named = (value: string | undefined): string | undefined =>
    value === undefined || value === '' ? undefined : realOr(resolve(projectRoot, value))
  const gitDir = named(environment.GIT_DIR)
  const common = named(environment.GIT_COMMON_DIR)
  if (gitDir !== undefined) found.push({ path: gitDir, reached: 'pointer' })
  if (common !== undefined) found.push({ path: common, reached: 'folder' })
  return found
}

/** The git folder a `gitdir: <path>` file names, relative to the file's folder, resolved. */
function gitfileTarget(file: string): string | undefined {
  const content = readPointer(file)
  if (content?.startsWith('gitdir: ') !== true) return undefined
  const named = content.slice('gitdir: '.length)
  return named === '' ? undefined : realOr(resolve(dirname(file), named))
}

/**
 * A pointer file's text as git reads it: up to its first NUL, its trailing line ends removed.
 * Only a regular file (opened without waiting: a FIFO put there would block git, not this), of
 * at most {@link maxPointerBytes}.
 */
function readPointer(path: string): string | undefined {
  let descriptor: number | undefined
  try {
    descriptor = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK)
    const stat = fstatSync(descriptor)
    if (!stat.isFile() || stat.size > maxPointerBytes) return undefined
    const buffer = Buffer.alloc(maxPointerBytes)
    const length = readSync(descriptor, buffer, 0, maxPointerBytes, 0)
    const text = buffer.subarray(0, length).toString('utf8')
    const end = text.indexOf('\0')
    return (end === -1 ? text : text.slice(0, end)).replace(/[\r\n]+$/u, '')
  } catch {
    return undefined
  } finally {
    if (descriptor !== undefined) closeSync(descriptor)
  }
}

/** refs.c's `validate_headref`: a link into `refs/`, `ref: refs/…`, or an object name. */
function isHeadRef(head: string): boolean {
  try {
    if (lstatSync(head).isSymbolicLink()) return readlinkSync(head).startsWith('refs/')
  } catch {
    return false
  }
  const content = readPointer(head)
  if (content === undefined) return false
  return /^ref:\s*refs\//u.test(content) || /^(?:[0-9a-f]{40}|[0-9a-f]{64})/u.test(content)
}

/** Whether `path` is a folder with nothing in it; one that cannot be listed is not taken for one. */
export function isEmptyFolder(path: string): boolean {
  try {
    const listing = opendirSync(path)
    try {
      return listing.readSync() === null
    } finally {
      listing.closeSync()
    }
  } catch {
    return false
  }
}

function searchable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK)
    return true
  } catch {
    return false
  }
}

function deviceOf(path: string): number | undefined {
  try {
    return statSync(path).dev
  } catch {
    return undefined
  }
}

function lstatOk(path: string): boolean {
  try {
    lstatSync(path)
    return true
  } catch {
    return false
  }
}

/** The path resolved through links where it exists, else as given. */
function realOr(path: string): string {
  try {
    return realpathSync(path)
  } catch {
    return path
  }
}

/** git's `git_env_bool`: unset or a false word is false. */
function isTrue(value: string | undefined): boolean {
  return value !== undefined && !['', '0', 'false', 'no', 'off'].includes(value.toLowerCase())
}
