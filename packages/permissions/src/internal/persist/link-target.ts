import { readlink, realpath } from 'node:fs/promises'
import { basename, dirname, join, resolve } from 'node:path'

/** As many links as Linux follows in one path before ELOOP. */
const maxLinks = 40

/**
 * The file a write to `path` must replace so that a symlink at `path` stays a link: `path`
 * itself when it is no link (or missing), else the end of its chain of links — an existing
 * target, or the missing file a dangling link names (to be created). Each link is read relative
 * to the folder it really is in (its folder's symlinks resolved first), as the kernel reads it.
 */
export async function linkTarget(path: string): Promise<string> {
  try {
    return await realpath(path)
  } catch (error) {
    const code = (error as { code?: unknown }).code
    if (code === 'ELOOP') throw loop(path)
    if (code !== 'ENOENT') throw error
  }
  // Missing, or a dangling link: walk the chain to the missing end.
  let current = path
  for (let links = 0; links <= maxLinks; links++) {
    let folder: string
    try {
      folder = await realpath(dirname(current))
    } catch (error) {
      // A folder that does not exist holds no link: the file is created there.
      if ((error as { code?: unknown }).code === 'ENOENT') return current
      throw error
    }
    current = join(folder, basename(current))
    let next: string
    try {
      next = await readlink(current)
    } catch (error) {
      const code = (error as { code?: unknown }).code
      if (code === 'ENOENT' || code === 'EINVAL') return current
      throw error
    }
    current = resolve(folder, next)
  }
  throw loop(path)
}

function loop(path: string): Error {
  return new Error(`${path}: too many levels of symbolic links; it was left as it is`)
}
