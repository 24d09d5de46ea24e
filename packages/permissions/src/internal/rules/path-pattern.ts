import { isAbsolute, relative, sep } from 'node:path'
import ignore from 'ignore'
import type { Ignore } from 'ignore'

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
  /** The gitignore pattern under `base` (`/src/**`, `.env`); undefined with `base`. */
  readonly pattern?: string | undefined
  /** The gitignore matcher, made on first use (most rules of a large file never meet a path). */
  matcher(): Ignore | undefined
}

/** Every path. */
export const everyPath: PathPattern = Object.freeze({ base: undefined, matcher: () => undefined })

/**
 * Compiles a path specifier: `//p` absolute, `~/p` under the home folder, `/p` under the
 * project root, `p` or `./p` under the working directory, each a gitignore pattern there (read
 * by `ignore`). `ignoreCase`: deny and ask rules match regardless of case (stricter on
 * case-insensitive file systems), allow rules exactly.
 */
export function compilePathPattern(
  specifier: string,
  roots: PathRoots,
  ignoreCase: boolean,
): PathPattern | string {
  if (specifier.startsWith('!')) return 'a path rule cannot be a negation ("!")'
  let base: string
  let pattern: string
  if (specifier.startsWith('//')) {
    base = '/'
    pattern = specifier.slice(1)
  } else if (specifier === '~' || specifier.startsWith('~/')) {
    base = roots.home
    pattern = specifier === '~' ? '**' : specifier.slice(1)
  } else if (specifier.startsWith('/')) {
    base = roots.root
    pattern = specifier
  } else if (specifier.startsWith('./')) {
    base = roots.cwd
    pattern = specifier.slice(1)
  } else {
    base = roots.cwd
    pattern = specifier
  }
  if (pattern === '/' || pattern === '') pattern = '**'
  let made: Ignore | undefined
  const gitignore = pattern
  return {
    base,
    pattern: gitignore,
    matcher: () => (made ??= ignore({ ignorecase: ignoreCase }).add(gitignore)),
  }
}

/** Whether `path` (absolute and normalised) matches. */
export function matchesPath(pattern: PathPattern, path: string): boolean {
  const matcher = pattern.matcher()
  if (pattern.base === undefined || matcher === undefined) return true
  const inside = relative(pattern.base, path)
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) return false
  return matcher.ignores(sep === '/' ? inside : inside.split(sep).join('/'))
}
