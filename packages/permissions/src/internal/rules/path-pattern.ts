import { isAbsolute, resolve, sep } from 'node:path'
import { physicalPath } from '../evaluate/path-candidates.js'
import { maxPathLength } from '../shell/path-word.js'
import { GitignoreMatcher } from './gitignore-matcher.js'

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
  /**
   * Whether the pattern matches `inside` (`/`-separated, under a base) or a folder it is in;
   * undefined when the matcher failed (never a throw: the caller fails closed, SPEC §26).
   */
  readonly matches: (inside: string) => boolean | undefined
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

/** Where each root folder really is, looked up once per roots (one settings source, one read). */
const realFolders = new WeakMap<PathRoots, Map<string, readonly string[]>>()

/**
 * Compiles a path specifier: `//p` absolute, `~/p` under the home folder, `/p` under the
 * project root, `p` or `./p` under the working directory, each a gitignore pattern there (read
 * by `ignore`). The literal part of the path is normalised as the paths it meets are (SPEC
 * §18.2): `.` and duplicate slashes dropped, `..` taking off the folder before it, or moving the
 * anchor to its parent (`Read(../secrets/**)` is `<cwd>/../secrets/**`). A root reached through
 * a symlink anchors the rule at both places (SPEC §26). `ignoreCase`: deny and ask rules match
 * regardless of case (stricter on case-insensitive file systems), allow rules exactly. A
 * pattern longer than a path can be (a regular expression V8 would refuse as too large) is a
 * malformed rule, refused with a reason (SPEC §18.2); the matcher is made when it first meets a
 * path.
 */
export function compilePathPattern(
  specifier: string,
  roots: PathRoots,
  ignoreCase: boolean,
): PathPattern | string {
  if (specifier.startsWith('!')) return 'a path rule cannot be a negation ("!")'
  const anchored = anchorOf(specifier, roots)
  const written = anchored.pattern === '/' || anchored.pattern === '' ? '**' : anchored.pattern
  // Most patterns have nothing to normalise (a thousand rules are read at each load).
  if (!needsNormalising(written)) {
    const matcher = GitignoreMatcher.compile(written, ignoreCase)
    if (typeof matcher === 'string') return matcher
    return new CompiledPathPattern(anchored.base, anchored.base, written, roots, matcher)
  }
  const normalised = normalisedPattern(anchored.base, written)
  if (typeof normalised === 'string') return normalised
  const matcher = GitignoreMatcher.compile(normalised.pattern, ignoreCase)
  if (typeof matcher === 'string') return matcher
  const { base, folder, pattern } = normalised
  return new CompiledPathPattern(base, folder, pattern, roots, matcher)
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

/** Where a rule's pattern applies, and the pattern there. */
interface NormalisedPattern {
  /** The folder, normalised (`..` taken off lexically). */
  readonly base: string
  /**
   * The anchor, followed by a `/..` for each `..` that went above it: where the kernel leads
   * differs from `base` when the anchor is reached through a symlink (SPEC §26).
   */
  readonly folder: string
  readonly pattern: string
}

/**
 * A pattern's literal path normalised as the paths it meets are (SPEC §18.2), which never hold
 * `.`, `..` or an empty segment (so a rule that kept one never matched): those segments are
 * dropped, a `..` takes off the literal segment before it, and one with none before it moves the
 * anchor to its parent. Wildcard segments (`*`, `?`, `[…]`, `\`) stay as written; a `..` after one
 * could only be resolved against the file system, so such a rule is refused. A pattern that was
 * anchored (a `/` before its end) stays anchored; one that was not (`*.env`, `node_modules/`: at
 * any depth) is not touched, nor is one that is a single name once its empty and `.` segments are
 * dropped (`secrets//`: at any depth, as `secrets/`). One that needed nothing is returned as
 * written.
 */
function normalisedPattern(anchor: string, written: string): NormalisedPattern | string {
  const unchanged = { base: anchor, folder: anchor, pattern: written }
  const folderOnly = written.endsWith('/')
  const body = folderOnly ? written.slice(0, -1) : written
  const kept: string[] = []
  let up = 0
  let wentUp = false
  for (const segment of body.split('/')) {
    if (segment === '' || segment === '.') continue
    if (segment !== '..') {
      kept.push(segment)
      continue
    }
    wentUp = true
    const last = kept.pop()
    if (last === undefined) up++
    else if (isWildcard(last)) return 'a path rule cannot go up ("..") after a wildcard'
  }
  const tail = folderOnly ? '/' : ''
  // One name with only empty or `.` segments beside it (`secrets//`, `.env/./`) is still a
  // pattern with no folder: it matches at any depth, as `secrets/` does.
  const atAnyDepth = kept.length === 1 && !wentUp && !written.startsWith('/')
  const pattern =
    kept.length === 0 ? '**' : atAnyDepth ? `${kept[0]}${tail}` : `/${kept.join('/')}${tail}`
  if (up === 0) {
    return pattern === written || pattern === `/${written}` ? unchanged : { ...unchanged, pattern }
  }
  const folder = `${resolve(anchor)}${'/..'.repeat(up)}`
  return { base: resolve(folder), folder, pattern }
}

/**
 * Whether a pattern has an empty, `.` or `..` segment (a leading `/` and a trailing one aside),
 * told without splitting it.
 */
function needsNormalising(written: string): boolean {
  return (
    written.includes('//') ||
    (written.includes('.') &&
      (written.startsWith('.') || written.includes('/.')) &&
      dotSegment.test(written))
  )
}

/** A `.` or `..` segment. */
const dotSegment = /(?:^|\/)\.\.?(?:\/|$)/

/** Whether gitignore reads a segment as more than its letters (a wildcard, a class, an escape). */
function isWildcard(segment: string): boolean {
  return /[*?[\\]/.test(segment)
}

/**
 * `folder` normalised and, when they differ, where its symlinks lead — the normalised folder's,
 * and the kernel's reading of its `..` (applied where a link led) — each looked up once per
 * `roots`.
 */
function foldersOf(roots: PathRoots, folder: string): readonly string[] {
  let known = realFolders.get(roots)
  if (known === undefined) {
    known = new Map()
    realFolders.set(roots, known)
  }
  let folders = known.get(folder)
  if (folders === undefined) {
    const given = resolve(folder)
    const places = new Set([given, physicalPath(given)])
    if (folder !== given && isAbsolute(folder)) places.add(physicalPath(folder))
    folders = [...places]
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
  readonly #folder: string
  readonly #roots: PathRoots
  readonly #matcher: GitignoreMatcher
  #bases: readonly string[] | undefined

  constructor(
    base: string,
    folder: string,
    pattern: string,
    roots: PathRoots,
    matcher: GitignoreMatcher,
  ) {
    this.base = base
    this.pattern = pattern
    this.#folder = folder
    this.#roots = roots
    this.#matcher = matcher
  }

  get bases(): readonly string[] {
    return (this.#bases ??= foldersOf(this.#roots, this.#folder))
  }

  matches(inside: string): boolean | undefined {
    return this.#matcher.matches(inside)
  }
}

/**
 * Whether `path` (absolute and normalised) matches, under the rule's folder reached either way;
 * undefined when the rule could not be matched against it (its matcher failed): never a throw,
 * and never a no that could let an allow through (the caller asks, SPEC §26).
 */
export function matchesPath(pattern: PathPattern, path: string): boolean | undefined {
  if (pattern.base === undefined) return true
  let failed = false
  try {
    for (const base of pattern.bases) {
      const inside = pathInside(base, path)
      if (inside === undefined) continue
      const matched = pattern.matches(inside)
      if (matched === true) return true
      if (matched === undefined) failed = true
    }
  } catch {
    return undefined
  }
  return failed ? undefined : false
}

/** `path` relative to `folder` (both absolute and normalised); undefined unless strictly inside. */
function pathInside(folder: string, path: string): string | undefined {
  const prefix = folder.endsWith(sep) ? folder : folder + sep
  if (path.length <= prefix.length || !path.startsWith(prefix)) return undefined
  const inside = path.slice(prefix.length)
  return sep === '/' ? inside : inside.split(sep).join('/')
}
