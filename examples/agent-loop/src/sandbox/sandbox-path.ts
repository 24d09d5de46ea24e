import { realpath } from 'node:fs/promises'
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path'

/**
 * Where `path` (as a model wrote it) lands inside `root`, or `undefined` when it leaves the
 * sandbox: an absolute path elsewhere, `..` past the root, `~`, or a NUL byte. Purely lexical, so
 * a guard can call it synchronously; {@link resolveRealPathInSandbox} also follows links.
 */
export function resolveInSandbox(root: string, path: string): string | undefined {
  if (path === '' || path.startsWith('~') || path.includes('\0')) return undefined
  const absolute = resolve(root, path)
  return isInside(root, absolute) ? absolute : undefined
}

/**
 * Like {@link resolveInSandbox}, but also refuses a path whose nearest existing ancestor is a
 * symbolic link out of the sandbox. Throws an `Error` the model reads as the tool's error result.
 */
export async function resolveRealPathInSandbox(root: string, path: string): Promise<string> {
  const absolute = resolveInSandbox(root, path)
  if (absolute === undefined) throw new Error(`path "${path}" is outside the sandbox`)
  const realRoot = await realpath(root)
  let existing = absolute
  for (;;) {
    try {
      const real = await realpath(existing)
      if (!isInside(realRoot, real)) throw new Error(`path "${path}" leads outside the sandbox`)
      return absolute
    } catch (error) {
      if (!isMissing(error) || existing === root) throw error
      existing = dirname(existing)
    }
  }
}

function isInside(root: string, absolute: string): boolean {
  const fromRoot = relative(root, absolute)
  return fromRoot !== '..' && !fromRoot.startsWith(`..${sep}`) && !isAbsolute(fromRoot)
}

function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT'
}
