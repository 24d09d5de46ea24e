import { lstatSync, readlinkSync, realpathSync } from 'node:fs'
import { dirname, isAbsolute, join, relative, sep } from 'node:path'
import { SandboxError } from '../sandbox-error.js'

/** As many links as one path is followed through (the kernel's own bound): past it, no more. */
const maxLinks = 40

/**
 * The folders to write-deny besides so that no link on the way to a governing path can be
 * replaced (SPEC §23). The runtime denies a path at its target, resolving every link: the link's
 * own name stays in its folder, and where that folder is writable a command removes the link and
 * makes a folder or file of its own there (`rm .toolpipe; mkdir .toolpipe`). The runtime cannot
 * deny a link's own name, so the folder that holds the link is denied whole instead. Where that
 * folder is a writable root itself (a `.toolpipe` link in the project root) it cannot be, and the
 * sandbox refuses to start: a {@link SandboxError} `SANDBOX_UNAVAILABLE` naming the link.
 */
export function linkFolders(governing: readonly string[], writable: readonly string[]): string[] {
  const roots = writableRoots(writable)
  const folders = new Set<string>()
  for (const path of governing) {
    for (const link of linksAlong(path)) {
      const folder = dirname(link)
      if (!roots.some((root) => isAtOrInside(folder, root))) continue
      if (roots.includes(folder)) {
        throw new SandboxError(
          `sandbox: ${path}, which governs the sandbox, is reached through the symlink ${link} in ${folder}, a folder commands may write: a command could replace the link, so no command runs sandboxed (make ${link} a real folder or file, or the symlink's folder not writable)`,
          'SANDBOX_UNAVAILABLE',
        )
      }
      folders.add(folder)
    }
  }
  return [...folders]
}

/** Every symlink the kernel follows on the way to `path` (as far as it exists), in order. */
export function linksAlong(path: string): string[] {
  const links: string[] = []
  let pending = names(path)
  let current: string = sep
  while (pending.length > 0) {
    const [name = '', ...rest] = pending
    pending = rest
    if (name === '..') {
      current = dirname(current)
      continue
    }
    const next = join(current, name)
    let target: string | undefined
    try {
      target = lstatSync(next).isSymbolicLink() ? readlinkSync(next) : undefined
    } catch {
      break
    }
    if (target === undefined) {
      current = next
      continue
    }
    links.push(next)
    if (links.length >= maxLinks) break
    pending = [...names(target), ...pending]
    if (isAbsolute(target)) current = sep
  }
  return links
}

function names(path: string): string[] {
  return path.split(sep).filter((name) => name !== '' && name !== '.')
}

/** The writable roots as given and as resolved through links, where they exist. */
function writableRoots(writable: readonly string[]): string[] {
  const roots = new Set<string>()
  for (const root of writable) {
    roots.add(root)
    try {
      roots.add(realpathSync(root))
    } catch {
      // Missing: only the given spelling.
    }
  }
  return [...roots]
}

function isAtOrInside(path: string, folder: string): boolean {
  const inside = relative(folder, path)
  return inside === '' || (!inside.startsWith('..') && !isAbsolute(inside))
}
