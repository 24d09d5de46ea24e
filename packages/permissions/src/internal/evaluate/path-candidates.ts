import { lstatSync, readlinkSync } from 'node:fs'
import { isAbsolute, resolve } from 'node:path'
import type { ShellPath } from '../shell/path-word.js'

/** Symlinks followed in one path before giving up, as the kernel's ELOOP (Linux: 40). */
const maxLinks = 40
/** Places `cd` may lead in one line before its paths are unknown. */
const maxBases = 64

/**
 * What one check has looked up so far: each path's link target, `undefined` for anything else
 * that exists, `null` for nothing there. A line's words share their folders (every relative word
 * starts with the same working directory), so a check that resolves many of them looks each
 * folder up once instead of once a word.
 */
export type LinkLookups = Map<string, string | undefined | null>

/**
 * The paths a rule must consider for one file (SPEC §18.2, §26): the path normalised (`..`, `.`
 * and duplicate slashes removed, as `src/../secrets/key` is `secrets/key`) and, when it differs,
 * where the kernel really leads (see {@link physicalPath}). `~/` is the home folder here: these
 * are paths a tool names, not shell words.
 */
export function pathCandidates(path: string, base: string, home: string): string[] {
  const expanded = path === '~' ? home : path.startsWith('~/') ? home + path.slice(1) : path
  return candidatesOf(isAbsolute(expanded) ? expanded : `${base}/${expanded}`)
}

/** The lexical and the physical path of an absolute path (one entry when they agree). */
function candidatesOf(raw: string, lookups?: LinkLookups): string[] {
  const { lexical, physical } = placeOf(raw, lookups)
  return physical === lexical ? [lexical] : [lexical, physical]
}

/**
 * An absolute path's lexical place and where the kernel really leads (see {@link physicalPath}).
 * Where no link is on the way the two are one: the walk applies `.`, `..` and duplicate slashes
 * as `resolve` does.
 */
function placeOf(raw: string, lookups?: LinkLookups): { lexical: string; physical: string } {
  const { place, linked } = walkPath(raw, lookups)
  return { lexical: linked || !raw.startsWith('/') ? resolve(raw) : place, physical: place }
}

/**
 * {@link shellPathCandidates} with each candidate's two readings apart: for every place the
 * path may name, the lexical one and the physical one (equal where no link is on the way).
 */
export function shellPathPlaces(
  path: ShellPath,
  bases: readonly string[] | undefined,
  home: string,
  lookups?: LinkLookups,
): { lexical: string; physical: string }[] | undefined {
  if (path.anchor === 'absolute') return [placeOf(path.path, lookups)]
  if (path.anchor === 'home') {
    return [placeOf(path.path === '' ? home : `${home}/${path.path}`, lookups)]
  }
  return bases?.map((base) => placeOf(path.path === '' ? base : `${base}/${path.path}`, lookups))
}

/**
 * The paths a path written in a command line may name (SPEC §26): for a relative one, from every
 * place `cd` in the line may have moved to. Undefined when unknown (a `cd` to somewhere only
 * known when it runs, too many places).
 */
export function shellPathCandidates(
  path: ShellPath,
  bases: readonly string[] | undefined,
  home: string,
  lookups?: LinkLookups,
): string[] | undefined {
  if (path.anchor === 'absolute') return candidatesOf(path.path, lookups)
  if (path.anchor === 'home') {
    return candidatesOf(path.path === '' ? home : `${home}/${path.path}`, lookups)
  }
  if (bases === undefined) return undefined
  const all = new Set<string>()
  for (const base of bases) {
    const raw = path.path === '' ? base : `${base}/${path.path}`
    for (const candidate of candidatesOf(raw, lookups)) {
      all.add(candidate)
    }
  }
  return [...all]
}

/**
 * Every working directory a line's `cd`s may leave (SPEC §26): the starting one and, for each
 * target in turn, the places it leads from every place before it (a `cd` that does not run, or
 * runs in a subshell, leaves an extra candidate, never a missing one). Where the line has a loop
 * or a function, a `cd` may run any number of times: then they apply until nothing new comes, and
 * a relative target (which could lead ever deeper) makes the paths unknown. Undefined when a
 * target is known only when it runs, or there are more than {@link maxBases} places.
 */
export function workingDirectories(
  cwd: string,
  moves: readonly (ShellPath | undefined)[],
  home: string,
  mayRepeat: boolean,
): string[] | undefined {
  if (moves.length === 0) return [cwd]
  if (moves.includes(undefined)) return undefined
  if (
    mayRepeat &&
    moves.some((move) => move?.anchor === 'cwd' && move.path !== '' && move.path !== '.')
  ) {
    return undefined
  }
  const bases = new Set([cwd])
  for (let pass = 0; pass < (mayRepeat ? 2 : 1); pass++) {
    for (const move of moves) {
      if (move === undefined) return undefined
      for (const base of [...bases]) {
        for (const next of movedTo(base, move, home)) bases.add(next)
        if (bases.size > maxBases) return undefined
      }
    }
  }
  return [...bases]
}

/**
 * Where one `cd` from `base` may lead (SPEC §26): the lexical place (`cd` as bash does it by
 * default, `..` taken off the path as written) and the physical one (`..` applied through links
 * as the kernel does: `cd -P`, and bash's own fallback when the lexical place does not exist).
 * One entry when they agree; more places only make a decision stricter.
 */
function movedTo(base: string, move: ShellPath, home: string): string[] {
  const target =
    move.anchor === 'absolute'
      ? move.path
      : move.anchor === 'home'
        ? `${home}/${move.path}`
        : `${base}/${move.path}`
  return candidatesOf(target)
}

/**
 * Where an absolute path (possibly with `..`) leads as the kernel resolves it (SPEC §26): each
 * component in turn, every symlink followed, a dangling one included (writing through it creates
 * its target), `..` applied to the place reached so far (through links, not lexically). Once a
 * component does not exist, the rest is applied as written (a folder made later is a folder).
 * Iterative, and bounded by the path's length and {@link maxLinks}. `lookups`, when given,
 * answers a path looked up before in the same check.
 */
export function physicalPath(path: string, lookups?: LinkLookups): string {
  return walkPath(path, lookups).place
}

/** {@link physicalPath}, and whether a link was met on the way (followed or not). */
function walkPath(path: string, lookups?: LinkLookups): { place: string; linked: boolean } {
  const pending = path.split('/').reverse()
  // The place reached, as its components (`..` pops one): joined only to look a component up,
  // and that only while every component so far exists, so the work stays linear in the path.
  const reached: string[] = []
  let exists = true
  let links = 0
  let linked = false
  while (pending.length > 0) {
    const part = pending.pop() ?? ''
    if (part === '' || part === '.') continue
    if (part === '..') {
      reached.pop()
      continue
    }
    if (exists) {
      const target = lookedUp(`/${[...reached, part].join('/')}`, lookups)
      if (target === null) {
        exists = false
      } else if (target !== undefined) {
        linked = true
        if (links++ < maxLinks) {
          if (target.startsWith('/')) reached.length = 0
          for (const piece of target.split('/').reverse()) pending.push(piece)
          continue
        }
      }
    }
    reached.push(part)
  }
  return { place: `/${reached.join('/')}`, linked }
}

/** {@link linkTarget}, answered from `lookups` when the check looked `path` up before. */
function lookedUp(path: string, lookups: LinkLookups | undefined): string | undefined | null {
  if (lookups === undefined) return linkTarget(path)
  if (lookups.has(path)) return lookups.get(path)
  const target = linkTarget(path)
  lookups.set(path, target)
  return target
}

/**
 * The target of a symlink; undefined for anything else that exists; null when nothing does. A
 * missing path is answered without an exception (most paths a line names do not exist yet, and
 * building the error and its stack was a tenth of a decision); any other failure (`ENOTDIR`, a
 * link removed before it is read) is one too.
 */
function linkTarget(path: string): string | undefined | null {
  try {
    const stats = lstatSync(path, { throwIfNoEntry: false })
    if (stats === undefined) return null
    return stats.isSymbolicLink() ? readlinkSync(path) : undefined
  } catch {
    return null
  }
}

/** Whether `path` is `folder` or inside it. */
export function isInside(path: string, folder: string): boolean {
  if (path === folder) return true
  const prefix = folder.endsWith('/') ? folder : `${folder}/`
  return path.startsWith(prefix)
}
