import { realpathSync } from 'node:fs'
import { basename, dirname, isAbsolute, join, resolve } from 'node:path'

/**
 * The paths a rule must consider for one file (SPEC §18.2): the path normalised (`..`, `.` and
 * duplicate slashes removed, as `src/../secrets/key` is `secrets/key`) and, when it differs,
 * where the file system really leads, symlinks resolved (a link's `..` is its target's parent,
 * as the kernel has it). A part that does not exist yet is kept as written.
 */
export function pathCandidates(path: string, base: string, home: string): string[] {
  const expanded = path === '~' ? home : path.startsWith('~/') ? home + path.slice(1) : path
  const lexical = resolve(base, expanded)
  const raw = isAbsolute(expanded) ? expanded : `${base}/${expanded}`
  const physical = physicalPath(raw, 0)
  return physical === lexical ? [lexical] : [lexical, physical]
}

/** Where `path` (absolute, possibly with `..`) leads, resolving every symlink that exists. */
export function physicalPath(path: string, depth: number): string {
  try {
    return realpathSync.native(path)
  } catch {
    // Missing (or unreadable): resolve the parent and add the last part as written.
  }
  const parent = dirname(path)
  if (parent === path || depth > 256) return resolve(path)
  const last = basename(path)
  const resolvedParent = physicalPath(parent, depth + 1)
  if (last === '..') return dirname(resolvedParent)
  if (last === '.' || last === '') return resolvedParent
  return join(resolvedParent, last)
}

/** Whether `path` is `folder` or inside it. */
export function isInside(path: string, folder: string): boolean {
  if (path === folder) return true
  const prefix = folder.endsWith('/') ? folder : `${folder}/`
  return path.startsWith(prefix)
}
