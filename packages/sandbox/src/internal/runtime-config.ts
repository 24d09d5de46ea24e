import { existsSync } from 'node:fs'
import { dirname, isAbsolute, join, relative } from 'node:path'
import type { SandboxRuntimeConfig } from '@anthropic-ai/sandbox-runtime'
import type { SandboxRuleView } from '../sandbox-options.js'
import { gitDenials, withFolderPlaceholders } from './git-denials.js'
import { linkFolders, linksAlong } from './governing-links.js'
import { lookupDenials } from './host-programs.js'
import { realPath } from './read-options.js'
import type { ResolvedSandboxSettings } from './settings-in-force.js'

/**
 * What no sandboxed command may rewrite, under the project root (SPEC §23): Claude Code's and
 * toolpipe's settings folders whole (settings, hook scripts, commands, the persisted rules), and
 * git's hooks and configs (see `gitDenials`).
 */
const governingFolders = ['.claude', '.toolpipe']

/**
 * The sandbox runtime's configuration, Claude Code's merge (SPEC §23): the project root
 * writable and everything else read-only; `sandbox.filesystem` and the rules' `Edit(…)` allows
 * add writable paths, their denies and every file that governs the sandbox (each settings
 * source, the persisted-rules file, Claude Code's and toolpipe's settings files under the
 * project root, git's hooks and configs, where a program the runtime runs by name on the host
 * could be planted on this process's PATH) are write-denied, whatever the allows say; `Read(…)`
 * denies are unreadable; domains come from the settings and the `WebFetch(domain:…)` rules.
 * `alsoDenied` are literal paths write-denied besides: every source file (Gemini policy files
 * included) and the existing matches of the write-deny patterns (see `ConfigDeriver`).
 * `sourceFiles` are the settings sources: with the folders and git's files, each governs the
 * sandbox, so every symlink on the way to one is kept too (see `linkFolders`, which throws where
 * one cannot be). `warn` is told what of git's configs could not be read (see `gitDenials`).
 */
export function runtimeConfig(
  projectRoot: string,
  settings: ResolvedSandboxSettings,
  rules: SandboxRuleView | undefined,
  alsoDenied: readonly string[],
  sourceFiles: readonly string[] = [],
  warn: (message: string) => void = () => undefined,
): SandboxRuntimeConfig {
  const unique = (...lists: (readonly string[] | undefined)[]): string[] => [
    ...new Set(lists.flatMap((list) => list ?? [])),
  ]
  const network: SandboxRuntimeConfig['network'] = {
    allowedDomains: unique(settings.allowedDomains, rules?.allowedDomains),
    deniedDomains: unique(settings.deniedDomains, rules?.deniedDomains),
    allowLocalBinding: settings.allowLocalBinding,
    allowAllUnixSockets: settings.allowAllUnixSockets,
  }
  if (settings.allowUnixSockets.length > 0)
    network.allowUnixSockets = [...settings.allowUnixSockets]
  const denyRead = unique(settings.denyRead, rules?.denyRead)
  const allowWrite = writableRoots(
    unique([projectRoot], settings.allowWrite, rules?.allowWrite).filter(
      (root) => !readDenied(root, denyRead, settings.allowRead),
    ),
  )
  const filesystem: SandboxRuntimeConfig['filesystem'] = { allowWrite, denyWrite: [], denyRead }
  const governing = unique(
    governingFolders.map((folder) => join(projectRoot, folder)),
    gitDenials(projectRoot, process.env, warn),
    lookupDenials(allowWrite),
  )
  const links = linkFolders([...sourceFiles, ...governing], allowWrite)
  filesystem.denyWrite = withFolderPlaceholders(
    writeDenials(
      unique(settings.denyWrite, rules?.denyWrite, alsoDenied, governing, links),
      allowWrite,
    ),
  )
  if (settings.allowRead.length > 0) filesystem.allowRead = [...settings.allowRead]
  return { network, filesystem }
}

/**
 * The write denials the runtime is given. The runtime makes a placeholder on the host, for the
 * time of a run, where a denied path does not exist (an empty file, read-only): a settings file
 * watched by the rules would read as empty meanwhile. So a path inside another denied one is left
 * to it (`.toolpipe/settings.local.json` to `.toolpipe`) — unless a symlink on the way to it
 * leads elsewhere —, and a missing path no command could
 * create — outside every writable root — is left out. Patterns are kept as they are.
 */
export function writeDenials(paths: readonly string[], writable: readonly string[]): string[] {
  const literal = paths.filter((path) => !isPattern(path))
  return paths.filter((path) => {
    if (isPattern(path)) return true
    // Not where a link on the way leads elsewhere: the runtime denies a path at its target.
    const nested = literal.some((other) => other !== path && isInside(path, other))
    if (nested && linksAlong(path).length === 0) return false
    return existsSync(path) || writable.some((root) => isInside(path, root))
  })
}

/**
 * The writable paths, each resolved through symlinks where it exists: the runtime skips a
 * writable path that is a link. Not where a link on the way lies in a writable folder: a command
 * could point that link anywhere, and the next run would make its target writable.
 */
function writableRoots(paths: readonly string[]): string[] {
  const given = [...paths, ...paths.map(realPath)]
  return [
    ...new Set(
      paths.map((path) => {
        const movable = linksAlong(path).some((link) =>
          given.some((root) => dirname(link) === root || isInside(dirname(link), root)),
        )
        return movable ? path : realPath(path)
      }),
    ),
  ]
}

/**
 * Whether a writable root is itself a path a read denial names (its spelling or where its links
 * lead), and no `allowRead` at or under that denial re-opens it. The runtime binds writable
 * roots again over a denied folder's empty mount, which made `Edit(/x/**)` beside
 * `Read(/x/**)` — or `Read(./**)` denying the project root — readable: the deny wins there
 * (SPEC §23: "a denied read reads as missing"). A denial above a writable root stays the
 * runtime's: the more specific root is open (`Read(~/**)` with a project in the home folder).
 */
function readDenied(
  root: string,
  denyRead: readonly string[],
  allowRead: readonly string[],
): boolean {
  const places = new Set([root, realPath(root)])
  return denyRead.some((given) => {
    const denied = deniedFolder(given)
    if (denied === undefined) return false
    if (!places.has(denied) && !places.has(realPath(denied))) return false
    return !allowRead.some((open) => atOrInside(open, denied) && atOrInside(root, open))
  })
}

/**
 * The folder a read denial names whole: itself, or what is left of a pattern once its trailing
 * `/**` are taken off (`/x/**`, or with `/**` twice: the runtime reads either as the folder `/x`);
 * undefined for any other pattern (left to the runtime). A path that exists as written is
 * literal, brackets and all (a project under `w[1]`).
 */
function deniedFolder(denied: string): string | undefined {
  let folder = denied
  while (folder.endsWith('/**') && folder.length > 3) folder = folder.slice(0, -3)
  if (folder !== denied && folder.endsWith('/') && folder.length > 1) folder = folder.slice(0, -1)
  return isPattern(folder) && !existsSync(folder) ? undefined : folder
}

function atOrInside(path: string, folder: string): boolean {
  return path === folder || isInside(path, folder)
}

function isPattern(path: string): boolean {
  return /[*?[\]]/u.test(path)
}

/** Whether `path` lies inside `folder` (not `folder` itself), as spelled. */
export function isInside(path: string, folder: string): boolean {
  const inside = relative(folder, path)
  return inside !== '' && !inside.startsWith('..') && !isAbsolute(inside)
}
