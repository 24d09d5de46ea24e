import type { Dirent } from 'node:fs'
import { readdir, realpath, stat } from 'node:fs/promises'
import { isAbsolute, join, relative, sep } from 'node:path'
import type { SandboxRuntimeConfig } from '@anthropic-ai/sandbox-runtime'
import { hasWildcard, isMatch, parsePathGlob, readName, startPositions } from './path-glob.js'
import type { PathGlob } from './path-glob.js'

/** How much one pattern's search may do before its folder is write-denied whole instead. */
export interface GlobSearchLimits {
  /** Matches listed, at most. */
  readonly maxMatches: number
  /** Folder entries read, at most. */
  readonly maxEntries: number
  /** Folders visited (listed), at most: an empty folder reads no entry but costs its listing. */
  readonly maxFolders: number
  /** Milliseconds, at most, by `now`. */
  readonly maxMs: number
  readonly now: () => number
}

/**
 * 4,096 matches, 100,000 entries, 20,000 folders, 2 seconds: a large repository's tree, searched
 * once per run.
 */
export const defaultGlobSearchLimits: GlobSearchLimits = {
  maxMatches: 4096,
  maxEntries: 100_000,
  maxFolders: 20_000,
  maxMs: 2000,
  now: () => performance.now(),
}

/** What the write-deny patterns name on disk now. */
export interface WriteDenyMatches {
  /** Literal paths to write-deny: every existing match, and each folder denied whole. */
  readonly paths: string[]
  /** The patterns whose search hit a limit, each with the folder write-denied whole instead. */
  readonly overflowed: { readonly pattern: string; readonly folder: string }[]
}

/**
 * Where the runtime cannot deny writes by pattern (bubblewrap binds paths, so on Linux the runtime
 * drops a pattern in `denyWrite`), what each pattern matches now, by literal path: every existing
 * file and folder matching it (a folder covers what is under it), searched inside the writable
 * roots only (no command can write elsewhere) from the literal folder before its first wildcard.
 * Symbolic links to folders are followed, each real folder once. A folder the search cannot list,
 * and a search that hits a limit, fail closed: that folder, or the folder searched, is denied whole.
 * A pattern whose only wildcard is a trailing `/**` is a folder the runtime denies itself: skipped.
 * `signal` ends the search between two folders or entries, rejecting with its reason.
 */
export async function writeDenyMatches(
  patterns: readonly string[],
  writable: readonly string[],
  limits: GlobSearchLimits = defaultGlobSearchLimits,
  signal?: AbortSignal,
): Promise<WriteDenyMatches> {
  const roots = writable.filter((root) => isAbsolute(root) && !hasWildcard(root))
  const listings = new Map<string, Promise<Dirent[]>>()
  const paths: string[] = []
  const overflowed: { pattern: string; folder: string }[] = []
  for (const pattern of new Set(patterns)) {
    if (!isAbsolute(pattern) || !hasWildcard(pattern.replace(/\/\*\*$/u, ''))) continue
    const glob = parsePathGlob(pattern)
    for (const start of searchStarts(glob, roots)) {
      const found = await search(glob, start, { limits, listings, signal })
      if (found === undefined) {
        paths.push(start.folder)
        overflowed.push({ pattern, folder: start.folder })
      } else paths.push(...found)
    }
  }
  // Sorted: the same matches make the same config (the runtime is restarted for a different one).
  return { paths: [...new Set(paths)].sort(), overflowed }
}

interface SearchStart {
  readonly folder: string
  readonly positions: ReadonlySet<number>
}

/**
 * Where to search for `glob`: its base where a writable root holds it, and each writable root
 * inside its base (with the names between them read), the outermost of nested ones only.
 */
function searchStarts(glob: PathGlob, roots: readonly string[]): SearchStart[] {
  if (roots.some((root) => within(glob.base, root))) {
    return [{ folder: glob.base, positions: startPositions(glob) }]
  }
  const inside = roots.filter((root) => within(root, glob.base) && root !== glob.base)
  const outermost = inside.filter(
    (root) => !inside.some((other) => other !== root && within(root, other)),
  )
  return [...new Set(outermost)].flatMap((root) => {
    let positions = startPositions(glob)
    for (const name of relative(glob.base, root).split(sep)) {
      positions = readName(glob, positions, name)
    }
    // Past every name of the pattern: nothing under the root can match (a root that is itself a
    // match reads as one in `search`).
    return positions.size === 0 ? [] : [{ folder: root, positions }]
  })
}

interface SearchContext {
  readonly limits: GlobSearchLimits
  readonly listings: Map<string, Promise<Dirent[]>>
  readonly signal: AbortSignal | undefined
}

/**
 * The matches under `start`, breadth first; undefined when a limit was hit. The time and the
 * folders are counted for each folder visited, the time and the entries for each entry read: a
 * tree of empty folders reads no entry, and still ends within its limits.
 */
async function search(
  glob: PathGlob,
  start: SearchStart,
  { limits, listings, signal }: SearchContext,
): Promise<string[] | undefined> {
  if (isMatch(glob, start.positions)) return [start.folder]
  const deadline = limits.now() + limits.maxMs
  const matches: string[] = []
  const seen = new Set<string>()
  const queue: SearchStart[] = [start]
  let entries = 0
  let folders = 0
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    signal?.throwIfAborted()
    if (++folders > limits.maxFolders || limits.now() > deadline) return undefined
    const real = await realpath(next.folder).catch(() => next.folder)
    if (seen.has(real)) continue
    seen.add(real)
    const listed = await listing(next.folder, listings)
    if (listed === undefined) {
      matches.push(next.folder)
      continue
    }
    for (const entry of listed) {
      signal?.throwIfAborted()
      if (++entries > limits.maxEntries || limits.now() > deadline) return undefined
      const positions = readName(glob, next.positions, entry.name)
      if (positions.size === 0) continue
      const path = join(next.folder, entry.name)
      if (isMatch(glob, positions)) {
        matches.push(path)
        if (matches.length > limits.maxMatches) return undefined
      } else if (await isFolder(entry, path)) queue.push({ folder: path, positions })
    }
  }
  return matches
}

/** The entries of `folder`, read once per expansion; undefined where it exists but cannot be listed. */
async function listing(
  folder: string,
  listings: Map<string, Promise<Dirent[]>>,
): Promise<Dirent[] | undefined> {
  let listed = listings.get(folder)
  if (listed === undefined) {
    listed = readdir(folder, { withFileTypes: true })
    listings.set(folder, listed)
  }
  try {
    return await listed
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    return code === 'ENOENT' || code === 'ENOTDIR' ? [] : undefined
  }
}

/** Whether `entry` is a folder, or a link to one; an entry of unknown type is asked for. */
async function isFolder(entry: Dirent, path: string): Promise<boolean> {
  if (entry.isDirectory()) return true
  if (entry.isFile()) return false
  try {
    return (await stat(path)).isDirectory()
  } catch {
    return false
  }
}

function within(path: string, folder: string): boolean {
  const inside = relative(folder, path)
  return inside === '' || (!inside.startsWith('..') && !isAbsolute(inside))
}

/** What a pattern the runtime names (it takes none in write paths on Linux) does there. */
export function globWarning(pattern: string, config: SandboxRuntimeConfig): string {
  const { denyWrite, allowWrite } = config.filesystem
  if (denyWrite.includes(pattern)) {
    return `new files matching the write-deny pattern ${pattern} cannot be write-denied on this platform (bubblewrap takes no patterns); the files and folders matching it when each command starts are write-denied`
  }
  if (allowWrite.includes(pattern)) {
    return `the write-allow pattern ${pattern} makes nothing writable on this platform (bubblewrap takes no patterns); name the folder instead`
  }
  return `the pattern ${pattern} has no folder below the root to search from, so it is not applied on this platform`
}
