import { resolve, sep } from 'node:path'
import ignore from 'ignore'
import type { Ignore } from 'ignore'
import { physicalPath } from '../evaluate/path-candidates.js'
import { maxPathLength } from '../shell/path-word.js'

/** Where a path rule's relative forms are anchored (SPEC §18.2). */
export interface PathRoots {
  /** `~/p` */
  readonly home: string
  /** `/p`: the settings file's project root (a user or managed file's own folder). */
  readonly root: string
  /** `p` and `./p` */
  readonly cwd: string
}

/** A compiled `Read(…)` / `Edit(…)` specifier: a gitignore pattern and the folder it is under. */
export interface PathPattern {
  /** Undefined: every path (`Read(*)`, or the bare `Read`). */
  readonly base: string | undefined
  /**
   * The folder `base` names, as given and, when its symlinks lead elsewhere, where they lead
   * (SPEC §26): a project reached through a link is the same project either way.
   */
  readonly bases: readonly string[]
  /** The gitignore pattern under `base` (`/src/**`, `.env`); undefined with `base`. */
  readonly pattern?: string | undefined
  /** Whether the pattern matches `inside` (`/`-separated, under a base) or a folder it is in. */
  readonly matches: (inside: string) => boolean
}

/**
 * The most folders a path may be in for rules to be matched against it (SPEC §26, bounded work):
 * gitignore reads every folder of a path, so a rule's work grows with their number times the
 * path's length — 2,000 folders took 100 ms a rule; 64 of a 4,096-character path, under one.
 */
export const maxPathFolders = 64

/**
 * What matching one rule against `path` (absolute and normalised) reads, in characters: gitignore
 * reads the path of each folder it is in, then its own (SPEC §26, bounded work). Undefined when
 * rules are not matched against it at all: longer than PATH_MAX (no system call takes it) or in
 * more than {@link maxPathFolders} folders — such a path is unknown to the rules (it asks, never
 * an allow).
 */
export function matchingCost(path: string): number | undefined {
  if (path.length > maxPathLength) return undefined
  let cost = path.length
  let folders = 0
  for (let slash = path.indexOf('/', 1); slash >= 0; slash = path.indexOf('/', slash + 1)) {
    if (++folders > maxPathFolders) return undefined
    cost += slash
  }
  return cost
}

/** Every path. */
export const everyPath: PathPattern = Object.freeze({
  base: undefined,
  bases: [],
  matches: () => true,
})

/**
 * Characters of paths a matcher may remember before it is made afresh: `ignore` keeps every path
 * (and every folder of it) it was asked about, for good, and a session asks about many.
 */
const maxRemembered = 1_000_000

/** Where each root folder really is, looked up once per roots (one settings source, one read). */
const realFolders = new WeakMap<PathRoots, Map<string, readonly string[]>>()

/**
 * Compiles a path specifier: `//p` absolute, `~/p` under the home folder, `/p` under the
 * project root, `p` or `./p` under the working directory, each a gitignore pattern there (read
 * by `ignore`). A root reached through a symlink anchors the rule at both places (SPEC §26).
 * `ignoreCase`: deny and ask rules match regardless of case (stricter on case-insensitive file
 * systems), allow rules exactly.
 */
export function compilePathPattern(
  specifier: string,
  roots: PathRoots,
  ignoreCase: boolean,
): PathPattern | string {
  if (specifier.startsWith('!')) return 'a path rule cannot be a negation ("!")'
  const { base, pattern: written } = anchorOf(specifier, roots)
  const pattern = written === '/' || written === '' ? '**' : written
  return new CompiledPathPattern(base, pattern, roots, new GitignoreMatcher(pattern, ignoreCase))
}

/** The folder a specifier is anchored at, and its gitignore pattern there. */
function anchorOf(specifier: string, roots: PathRoots): { base: string; pattern: string } {
  if (specifier.startsWith('//')) return { base: '/', pattern: specifier.slice(1) }
  if (specifier === '~') return { base: roots.home, pattern: '**' }
  if (specifier.startsWith('~/')) return { base: roots.home, pattern: specifier.slice(1) }
  if (specifier.startsWith('/')) return { base: roots.root, pattern: specifier }
  if (specifier.startsWith('./')) return { base: roots.cwd, pattern: specifier.slice(1) }
  return { base: roots.cwd, pattern: specifier }
}

/** `folder` and, when it differs, where its symlinks lead (each looked up once per `roots`). */
function foldersOf(roots: PathRoots, folder: string): readonly string[] {
  let known = realFolders.get(roots)
  if (known === undefined) {
    known = new Map()
    realFolders.set(roots, known)
  }
  let folders = known.get(folder)
  if (folders === undefined) {
    const given = resolve(folder)
    const real = physicalPath(given)
    folders = real === given ? [given] : [given, real]
    known.set(folder, folders)
  }
  return folders
}

/**
 * A compiled path rule. Where its folder really is (through symlinks) is looked up when a path
 * first meets the rule, not at load: most rules of a large file never meet one (issue #44:
 * loading 1,000 rules ≤ 5× `JSON.parse` of their file).
 */
class CompiledPathPattern implements PathPattern {
  readonly base: string
  readonly pattern: string
  readonly #roots: PathRoots
  readonly #matcher: GitignoreMatcher
  #bases: readonly string[] | undefined

  constructor(base: string, pattern: string, roots: PathRoots, matcher: GitignoreMatcher) {
    this.base = base
    this.pattern = pattern
    this.#roots = roots
    this.#matcher = matcher
  }

  get bases(): readonly string[] {
    return (this.#bases ??= foldersOf(this.#roots, this.base))
  }

  matches(inside: string): boolean {
    return this.#matcher.matches(inside)
  }
}

/** One gitignore pattern's matcher, made on first use (most rules of a large file never meet a path). */
class GitignoreMatcher {
  readonly #pattern: string
  readonly #ignoreCase: boolean
  #made: Ignore | undefined
  /** Characters of paths (folders included) the matcher was asked about since it was made. */
  #remembered = 0

  constructor(pattern: string, ignoreCase: boolean) {
    this.#pattern = pattern
    this.#ignoreCase = ignoreCase
  }

  /**
   * Whether the pattern matches `inside` as gitignore reads it (a folder the pattern excludes
   * excludes everything in it): each folder of the path asked about first, shortest first, so
   * that `ignore`'s own walk up the folders finds each parent answered and never recurses more
   * than one level (a path of 20,000 folders overflowed it). The work grows with the number of
   * folders times the path's length: callers bound it (see {@link matchingCost}).
   */
  matches(inside: string): boolean {
    if (this.#made === undefined) {
      this.#made = ignore({ ignorecase: this.#ignoreCase }).add(this.#pattern)
      this.#remembered = 0
    }
    const matcher = this.#made
    let matched: boolean
    let slash = -1
    do {
      const from = slash + 1
      slash = inside.indexOf('/', from)
      const folder = slash < 0 ? inside : inside.slice(0, slash + 1)
      this.#remembered += folder.length
      matched = matcher.ignores(folder)
    } while (!matched && slash >= 0)
    // `ignore` keeps every path it was asked about, for good: past a bound it is made afresh.
    if (this.#remembered > maxRemembered) this.#made = undefined
    return matched
  }
}

/** Whether `path` (absolute and normalised) matches, under the rule's folder reached either way. */
export function matchesPath(pattern: PathPattern, path: string): boolean {
  if (pattern.base === undefined) return true
  for (const base of pattern.bases) {
    const inside = pathInside(base, path)
    if (inside !== undefined && pattern.matches(inside)) return true
  }
  return false
}

/** `path` relative to `folder` (both absolute and normalised); undefined unless strictly inside. */
function pathInside(folder: string, path: string): string | undefined {
  const prefix = folder.endsWith(sep) ? folder : folder + sep
  if (path.length <= prefix.length || !path.startsWith(prefix)) return undefined
  const inside = path.slice(prefix.length)
  return sep === '/' ? inside : inside.split(sep).join('/')
}
