import { readlinkSync, realpathSync } from 'node:fs'
import { basename, dirname, resolve } from 'node:path'

/** An entry of a folder that a settings file's content depends on. */
export interface LinkChainEntry {
  readonly folder: string
  readonly name: string
}

/**
 * How many links one chain follows at most: Linux's own limit (`MAXSYMLINKS`), past which opening
 * the file fails with ELOOP anyway.
 */
export const maxLinksFollowed = 40

/**
 * The entries a settings file's content depends on (SPEC §18.3, §26): the file as given and,
 * while it is a symbolic link, each link's target in turn, down to the file the chain ends at
 * (which need not exist: a dangling link, a file that appears later). A relative target is
 * resolved against its link's folder as the kernel does (through that folder's own links, not
 * lexically). A loop, or a chain longer than {@link maxLinksFollowed}, ends the list: the file
 * then cannot be read, which its reading reports. Never throws.
 *
 * @example
 * // settings.json → ../team/real.json
 * linkChainOf('/p/.toolpipe/settings.json')
 * // [{ folder: '/p/.toolpipe', name: 'settings.json' }, { folder: '/p/team', name: 'real.json' }]
 */
export function linkChainOf(path: string): LinkChainEntry[] {
  const chain: LinkChainEntry[] = []
  const seen = new Set<string>()
  let current = path
  while (!seen.has(current) && chain.length <= maxLinksFollowed) {
    seen.add(current)
    const folder = dirname(current)
    chain.push({ folder, name: basename(current) })
    let target: string
    try {
      target = readlinkSync(current)
    } catch {
      // Not a link (EINVAL), missing (ENOENT), or unreadable: the chain ends here.
      break
    }
    current = resolve(physicalPath(folder), target)
  }
  return chain
}

/** The folder with its own links resolved, or as it is when that fails (it may be missing). */
function physicalPath(folder: string): string {
  try {
    return realpathSync(folder)
  } catch {
    return folder
  }
}
