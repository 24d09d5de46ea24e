import { accessSync, constants, realpathSync, statSync } from 'node:fs'
import { delimiter, isAbsolute, join, relative, resolve } from 'node:path'
import { getDefaultWritePaths, SandboxManager } from '@anthropic-ai/sandbox-runtime'
import type { SandboxRuntimeConfig } from '@anthropic-ai/sandbox-runtime'
import { SandboxError } from '../sandbox-error.js'

/**
 * The programs the sandbox runtime runs on the host (SPEC §23: `bwrap`, `socat`, `rg` on Linux),
 * the shell it runs commands with, and perl (for how a command ended, see `exit-report`), each by
 * the absolute path of its real file. Given to the runtime by path, so that nothing is looked up
 * on a PATH a sandboxed command could plant a program in (`npm run` puts the project's
 * `node_modules/.bin` first).
 */
export interface HostPrograms {
  readonly bwrap: string
  readonly socat: string
  readonly rg: string
  readonly bash: string
  /** Absent where there is none: commands run, and a signal reads as its exit code 128 + n. */
  readonly perl: string | undefined
}

/** The programs found, or why the sandbox cannot start: the runtime's own words for each. */
export type HostProgramsFound = HostPrograms | { readonly missing: string }

/**
 * Finds each program on `path` (this process's PATH) with every entry left out that is empty,
 * relative or inside a folder a sandboxed command may write (`writable`, with the runtime's own
 * default writable paths); a file whose real path lies in such a folder is passed over too. The
 * shell is `/bin/bash`, which runs every command here.
 */
export function findHostPrograms(
  writable: SandboxRuntimeConfig['filesystem']['allowWrite'],
  path: string | undefined = process.env.PATH,
): HostProgramsFound {
  const roots = writableRoots(writable)
  const find = (name: string): string | undefined => findProgram(name, roots, path)
  const missing: string[] = []
  const need = (name: string, why: string): string => {
    const file = find(name)
    if (file !== undefined) return file
    const exposed = plantedLookup(name, roots, path)
    missing.push(
      exposed === undefined
        ? why
        : `${why} outside the folders sandboxed commands may write (there is ${exposed})`,
    )
    return name
  }
  const bwrap = need('bwrap', 'bubblewrap (bwrap) not installed')
  const socat = need('socat', 'socat not installed')
  const rg = need('rg', 'ripgrep (rg) not found')
  const bash = executable('/bin/bash')
  if (bash === undefined || isWithin(bash, roots)) missing.push('bash not found at /bin/bash')
  if (missing.length > 0 || bash === undefined) return { missing: missing.join('; ') }
  return { bwrap, socat, rg, bash, perl: find('perl') }
}

/**
 * The first executable `name` on `path` in an entry that is absolute and outside `roots` (see
 * {@link writableRoots}), by the real path of its file, which lies outside them too.
 */
export function findProgram(
  name: string,
  roots: readonly string[],
  path: string | undefined = process.env.PATH,
): string | undefined {
  for (const folder of (path ?? '').split(delimiter)) {
    if (!isAbsolute(folder) || isWithin(folder, roots)) continue
    const file = executable(join(folder, name))
    if (file !== undefined && !isWithin(file, roots)) return file
  }
  return undefined
}

/**
 * The programs the runtime is to be given for `config` (Linux; none elsewhere), found without
 * running anything — the runtime's own dependency check looks them up on the PATH and runs them.
 * Throws a {@link SandboxError} saying why the sandbox cannot start here: the platform, a program
 * missing.
 */
export function hostProgramsFor(config: SandboxRuntimeConfig): HostPrograms | undefined {
  const refuse = (why: string): never => {
    throw new SandboxError(`sandbox: ${why}`, 'SANDBOX_UNAVAILABLE')
  }
  if (!SandboxManager.isSupportedPlatform()) {
    refuse(`the sandbox runtime does not support this platform (${process.platform})`)
  }
  if (process.platform !== 'linux') return undefined
  const found = findHostPrograms(config.filesystem.allowWrite)
  return 'missing' in found ? refuse(found.missing) : found
}

/** `config` with the programs given by path: the runtime looks none of them up on the PATH. */
export function withHostPrograms(
  config: SandboxRuntimeConfig,
  programs: HostPrograms | undefined,
): SandboxRuntimeConfig {
  if (programs === undefined) return config
  return {
    ...config,
    bwrapPath: programs.bwrap,
    socatPath: programs.socat,
    ripgrep: { command: programs.rg },
  }
}

/**
 * What the runtime runs by name on the host, found on this process's PATH: `which`, on every wrap
 * (to look its shell up) and at each start.
 */
export const runByName: readonly string[] = ['which']

/**
 * Refuses (`SANDBOX_UNAVAILABLE`) a config under which a command could rewrite a program the
 * runtime runs on the host: one lies in a folder it makes writable (an `allowWrite` or rule added
 * since the programs were found), or one it runs by name on this process's PATH would be one in
 * such a folder, or in an empty or relative entry — {@link runByName}, and with `npm`, `npm`: the
 * runtime runs `npm root -g` once per process, when it starts, where its package lacks its own
 * helper files (see `RuntimeFiles.asksNpm`).
 */
export function assertHostProgramsSafe(
  config: SandboxRuntimeConfig,
  programs: HostPrograms | undefined,
  npm = false,
): void {
  const roots = writableRoots(config.filesystem.allowWrite)
  const exposed = Object.entries(programs ?? {}).find(
    ([, file]) => typeof file === 'string' && isWithin(file, roots),
  )
  if (exposed !== undefined) {
    throw new SandboxError(
      `sandbox: ${exposed[0]} (${String(exposed[1])}) lies in a folder sandboxed commands may write, and the sandbox runtime runs it outside the sandbox`,
      'SANDBOX_UNAVAILABLE',
    )
  }
  for (const name of npm ? [...runByName, 'npm'] : runByName) {
    const planted = plantedLookup(name, roots)
    if (planted === undefined) continue
    throw new SandboxError(
      `sandbox: ${planted} is the first \`${name}\` on this process's PATH, in a folder sandboxed commands may write (or an empty or relative PATH entry), and the sandbox runtime runs it outside the sandbox; remove it, or leave that folder off the PATH`,
      'SANDBOX_UNAVAILABLE',
    )
  }
}

/**
 * Where a program the runtime runs by name ({@link runByName}) could be planted while a run is
 * live: `<entry>/which` for each entry of this process's PATH (an empty or relative one resolved
 * against the current folder, as a lookup does) that lies in a folder a sandboxed command may
 * write. Write-denied in the config of every run, so that no live command can create or replace
 * one while another run is wrapped — the runtime runs `which` after its own search, so a check
 * before the wrap could not close that window. Where one is missing, the runtime's placeholder is
 * an empty read-only file (not executable: a lookup passes it by) or, where its folder is missing
 * too, an empty read-only folder at the first missing one (see the README).
 */
export function lookupDenials(
  allowWrite: SandboxRuntimeConfig['filesystem']['allowWrite'],
  path: string | undefined = process.env.PATH,
): string[] {
  const roots = writableRoots(allowWrite)
  const entries = (path ?? '').split(delimiter).map((entry) => resolve(process.cwd(), entry))
  const exposed = [...new Set(entries)].filter((entry) => isWithin(entry, roots))
  return exposed.flatMap((entry) => runByName.map((name) => join(entry, name)))
}

/**
 * The first `name` on this process's PATH, as a program started by name finds it (execvp: the
 * first regular file this user may execute; an empty read-only placeholder is passed by), when
 * it lies in a folder a sandboxed command may write or came from an empty or relative entry (the
 * current folder); undefined when the first one is elsewhere, or there is none.
 */
export function plantedLookup(
  name: string,
  roots: readonly string[],
  path: string | undefined = process.env.PATH,
): string | undefined {
  for (const entry of (path ?? '').split(delimiter)) {
    const candidate = join(resolve(process.cwd(), entry), name)
    const file = executable(candidate)
    if (file === undefined) continue
    return !isAbsolute(entry) || isWithin(candidate, roots) || isWithin(file, roots)
      ? candidate
      : undefined
  }
  return undefined
}

/**
 * The folders a sandboxed command may write, each as given and resolved through symlinks: the
 * literal `allowWrite` paths and the runtime's own default writable paths (its temporary folder
 * and home folders, write-denied here but counted in case they are not).
 */
export function writableRoots(
  allowWrite: SandboxRuntimeConfig['filesystem']['allowWrite'],
): string[] {
  const given = [
    ...allowWrite.map((entry) => (typeof entry === 'string' ? entry : entry.path)),
    ...getDefaultWritePaths().filter((path) => !path.startsWith('/dev/')),
  ].filter((path) => isAbsolute(path) && !/[*?[\]]/u.test(path))
  return [...new Set([...given, ...given.map(realPathOrSelf)])]
}

/** The real path of an executable regular file at `file`, or undefined. */
function executable(file: string): string | undefined {
  try {
    const real = realpathSync(file)
    if (!statSync(real).isFile()) return undefined
    accessSync(real, constants.X_OK)
    return real
  } catch {
    return undefined
  }
}

function isWithin(path: string, roots: readonly string[]): boolean {
  const real = realPathOrSelf(path)
  return roots.some((root) =>
    [path, real].some((form) => {
      const inside = relative(root, form)
      return inside === '' || (!inside.startsWith('..') && !isAbsolute(inside))
    }),
  )
}

function realPathOrSelf(path: string): string {
  try {
    return realpathSync(path)
  } catch {
    return path
  }
}
