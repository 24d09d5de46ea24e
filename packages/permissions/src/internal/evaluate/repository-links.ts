import type { ShellAnalysis } from '../shell/analyze-shell.js'
import { isRepositoryFile } from '../shell/git-repositories.js'
import type { ShellPath } from '../shell/path-word.js'
import { harmlessRedirectTargets } from '../security-tables.js'
import { shellPathPlaces } from './path-candidates.js'
import type { LinkLookups } from './path-candidates.js'

/**
 * Paths looked up for one line's git check (each from every place a `cd` may lead); more ask
 * (SPEC §26, bounded work: every lookup may follow 40 links).
 */
const maxLookups = 256

/**
 * git beside a write into a git folder that only the file system shows (SPEC §26): the line's
 * words were read as text where it was parsed (shell/git-repositories.ts); here the files it
 * writes (redirections, git's `--output`), the paths its other programs' words may name and the
 * places its `cd`s lead are resolved through existing symlinks as the kernel does
 * (path-candidates.ts), so `printf '[core]…' >> docs/notes && git status` hides a command when
 * `docs/notes` is a link to `../.git/config`. A path that leads into a `.git` folder, or through a
 * link to a bare repository's file (`config`, `HEAD`, …), a `cd` into a `.git` folder, and a
 * relative path from a `cd` known only at run time all count. Undefined when the line runs no
 * git or none counts; else why its git hides a command.
 */
export function repositoryThroughLinks(
  analysis: ShellAnalysis,
  start: string,
  bases: readonly string[] | undefined,
  home: string,
): string | undefined {
  const besides = analysis.repositoryPaths
  if (besides === undefined) return undefined
  const runs = "which git may read as a repository's configuration (core.fsmonitor runs a command)"
  const moved = bases?.find((place) => place !== start && inGitFolder(place))
  if (moved !== undefined) return `git in a line that moves into ${moved}, a git folder`
  const written = analysis.redirects.flatMap((redirect) =>
    redirect.kind === 'edit' && redirect.path !== undefined ? [redirect.path] : [],
  )
  let lookups = 0
  const looked: LinkLookups = new Map()
  for (const path of [...written, ...besides]) {
    if (path.anchor === 'absolute' && harmlessRedirectTargets.has(path.path)) continue
    lookups += path.anchor === 'cwd' ? (bases?.length ?? 1) : 1
    if (lookups > maxLookups) {
      return `git beside more than ${maxLookups} paths to look up through symlinks: too much to judge in bounded time`
    }
    const found = leadsIntoRepository(path, bases, home, looked)
    if (found !== undefined) return `git in a line that writes or names ${found}, ${runs}`
  }
  return undefined
}

/**
 * Where `path` leads into a git folder from some place a `cd` may lead: its lexical place inside
 * a `.git` folder, or the place its symlinks lead to (where that differs) inside one or a bare
 * repository's file. A relative path from a place known only at run time may lead anywhere.
 */
function leadsIntoRepository(
  path: ShellPath,
  bases: readonly string[] | undefined,
  home: string,
  looked: LinkLookups,
): string | undefined {
  const places = shellPathPlaces(path, bases, home, looked)
  if (places === undefined) return `${path.path} from where a cd known only at run time leads`
  for (const { lexical, physical } of places) {
    if (inGitFolder(lexical)) return lexical
    if (physical !== lexical && isRepositoryFile(physical)) return physical
  }
  return undefined
}

/** Whether an absolute path is in (or is) a `.git` folder (any case: a macOS disk). */
function inGitFolder(path: string): boolean {
  const lower = path.toLowerCase()
  return lower.includes('.git') && lower.split('/').includes('.git')
}
