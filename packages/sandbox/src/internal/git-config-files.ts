import { closeSync, constants, fstatSync, openSync, readSync, realpathSync } from 'node:fs'
import { readFileSync } from 'node:fs'
import { userInfo } from 'node:os'
import { dirname, isAbsolute, resolve } from 'node:path'
import type { GitEnvironment } from './git-folders.js'
import { parseGitConfig } from './git-config-syntax.js'
import type { GitConfigEntry } from './git-config-syntax.js'

/** A config file git reads, and the git folder it is the config of (none: global, system). */
export interface GitConfigSource {
  readonly file: string
  readonly gitFolder?: string | undefined
}

/** A config file to read, and how deep in includes git reaches it. */
interface PendingFile extends GitConfigSource {
  readonly depth: number
}

/** Where entries come from: a file (none: the environment) at a depth. */
interface EntriesFrom {
  readonly file?: string
  readonly gitFolder?: string | undefined
  readonly depth: number
}

/** What the configs git reads name for it to run or read (see {@link readGitConfigs}). */
export interface GitConfigReading {
  /** Every file an include names, resolved (as spelled, and through links where they differ). */
  readonly included: readonly string[]
  /** Each `core.hooksPath`, expanded: absolute, or relative to where hooks run. */
  readonly hooksPaths: readonly string[]
  /** Each `core.worktree`, with the git folder whose config set it (relative to that folder). */
  readonly worktrees: readonly { readonly path: string; readonly gitFolder?: string | undefined }[]
  /** What could not be read, resolved or followed, one sentence each. */
  readonly warnings: readonly string[]
}

/** git's own bound (config.c `MAX_INCLUDE_DEPTH`): past it, git refuses to run. */
export const maxIncludeDepth = 10
/** As many config files as are read in all, and as many bytes of one and of all of them. */
const maxFiles = 256
const maxFileBytes = 1024 * 1024
const maxTotalBytes = 8 * 1024 * 1024
/** As many `GIT_CONFIG_KEY_<n>` entries as are read. */
const maxEnvironmentEntries = 1000

const optional = ':(optional)'

/**
 * Reads the `sources` (and the entries `GIT_CONFIG_COUNT` gives, git-config(1) "ENVIRONMENT") as
 * git does, following every include — `include.path` and `includeIf.<condition>.path` whatever
 * the condition, a relative path relative to the including file's folder, `~/` and `~user/`
 * expanded — up to git's depth of {@link maxIncludeDepth}, nearest first. A file that is missing
 * is read as empty, as git does; one that cannot be read, or that git cannot parse (the entries
 * before the bad line are kept), is warned about.
 */
export function readGitConfigs(
  sources: readonly GitConfigSource[],
  environment: GitEnvironment,
): GitConfigReading {
  const found = new Findings(environment)
  const pending: PendingFile[] = sources.map((source) => ({ ...source, depth: 0 }))
  pending.push(...found.take(environmentEntries(environment, found.warnings), { depth: 0 }))
  const seen = new Set<string>()
  let bytes = 0
  for (let next = pending.shift(); next !== undefined; next = pending.shift()) {
    if (seen.has(next.file)) continue
    seen.add(next.file)
    if (seen.size > maxFiles || bytes > maxTotalBytes) {
      found.warnings.push(
        `toolpipe: sandbox: git's configs include more than ${String(maxFiles)} files or ${String(maxTotalBytes)} bytes; ${next.file} and the files it includes are not read (each file included so far is write-denied)`,
      )
      break
    }
    const read = readConfigFile(next.file, found.warnings)
    if (read === undefined) continue
    bytes += read.byteLength
    const parsed = parseGitConfig(read)
    if (parsed.badLine !== undefined) {
      found.warnings.push(
        `toolpipe: sandbox: git cannot parse ${next.file} (line ${String(parsed.badLine)}); what it names before that line is write-denied`,
      )
    }
    pending.push(...found.take(parsed.entries, next))
  }
  return found.reading()
}

/** The paths and warnings gathered so far. */
class Findings {
  readonly warnings: string[] = []
  readonly #included = new Set<string>()
  readonly #hooksPaths = new Set<string>()
  readonly #worktrees: { path: string; gitFolder?: string | undefined }[] = []
  readonly #environment: GitEnvironment

  constructor(environment: GitEnvironment) {
    this.#environment = environment
  }

  /** Takes `entries` read from `from`; the included files to read next (within git's depth). */
  take(entries: readonly GitConfigEntry[], from: EntriesFrom): PendingFile[] {
    const next: PendingFile[] = []
    for (const entry of entries) {
      const kind = kindOf(entry.key)
      if (kind === undefined || entry.value === null) continue
      if (entry.undecodable === true) {
        this.warnings.push(
          `toolpipe: sandbox: ${entry.key} in ${from.file ?? 'the environment'} is not UTF-8, so the path it names is not write-denied`,
        )
      }
      const values = [entry.value, ...(entry.olderValue === undefined ? [] : [entry.olderValue])]
      if (kind === 'worktree') {
        // Taken as written (setup.c): git expands no `~` in it.
        for (const path of values) this.#worktrees.push({ path, gitFolder: from.gitFolder })
        continue
      }
      for (const path of values.flatMap((value) => this.#expanded(value, entry.key))) {
        if (kind === 'hooks') this.#hooksPaths.add(path)
        else next.push(...this.#include(path, from))
      }
    }
    return next
  }

  reading(): GitConfigReading {
    return {
      included: [...this.#included],
      hooksPaths: [...this.#hooksPaths],
      worktrees: this.#worktrees,
      warnings: this.warnings,
    }
  }

  #include(path: string, from: EntriesFrom): PendingFile[] {
    // git: "relative config includes must come from files" — one from the environment fails.
    if (!isAbsolute(path) && from.file === undefined) return []
    const spelled = isAbsolute(path) ? path : `${dirname(from.file ?? '/')}/${path}`
    const files = pathForms(spelled)
    for (const file of files) this.#included.add(file)
    // An include in a file at git's depth makes git refuse to run: denied, not read.
    if (from.depth >= maxIncludeDepth) return []
    return files.map((file) => ({ file, gitFolder: from.gitFolder, depth: from.depth + 1 }))
  }

  /** `value` as git's `interpolate_path` expands it, with and without `:(optional)`. */
  #expanded(value: string, key: string): string[] {
    const forms = value.startsWith(optional) ? [value, value.slice(optional.length)] : [value]
    return forms.flatMap((form) => {
      if (form.startsWith('%(prefix)/')) {
        this.warnings.push(
          `toolpipe: sandbox: ${key} names ${form}, under git's installation prefix, which is not looked up; it is not write-denied`,
        )
        return []
      }
      if (!form.startsWith('~')) return [form]
      const slash = form.indexOf('/')
      const user = form.slice(1, slash === -1 ? undefined : slash)
      const home = user === '' ? this.#environment.HOME : homeOf(user)
      if (home === undefined) {
        // git fails on it too (`~` without HOME, a user it cannot find) and refuses to run.
        if (user !== '') this.warnings.push(`toolpipe: sandbox: ${key} names ${form}: no such user`)
        return []
      }
      return [home + (slash === -1 ? '' : form.slice(slash))]
    })
  }
}

/** What a key names for git: an include, the hooks folder, the work tree; or nothing here. */
function kindOf(key: string): 'include' | 'hooks' | 'worktree' | undefined {
  if (key === 'core.hookspath') return 'hooks'
  if (key === 'core.worktree') return 'worktree'
  if (key === 'include.path') return 'include'
  // `includeIf.<condition>.path` (any condition, an empty one too: git's `parse_config_key`).
  const first = key.indexOf('.')
  const last = key.lastIndexOf('.')
  const conditional = first !== last && key.slice(0, first) === 'includeif'
  return conditional && key.slice(last + 1) === 'path' ? 'include' : undefined
}

/**
 * `spelled` resolved as the kernel resolves it (a `..` after a link leads out of its target) and
 * as written, where they differ: the runtime is given both.
 */
export function pathForms(spelled: string): string[] {
  const written = resolve(spelled)
  const physical = physicalPath(spelled)
  return physical === written ? [written] : [written, physical]
}

/** The real path of the longest part of `spelled` that exists, the rest after it as written. */
function physicalPath(spelled: string): string {
  const names = spelled.split('/')
  for (let end = names.length; end > 0; end--) {
    const head = names.slice(0, end).join('/') || '/'
    try {
      return resolve(realpathSync.native(head), ...names.slice(end))
    } catch {
      // Missing (or unreadable) here: one name shorter.
    }
  }
  return resolve(spelled)
}

/** The entries `GIT_CONFIG_COUNT`, `GIT_CONFIG_KEY_<n>` and `GIT_CONFIG_VALUE_<n>` give. */
function environmentEntries(environment: GitEnvironment, warnings: string[]): GitConfigEntry[] {
  const count = Number(environment.GIT_CONFIG_COUNT ?? '0')
  if (!Number.isSafeInteger(count) || count <= 0) return []
  if (count > maxEnvironmentEntries) {
    warnings.push(
      `toolpipe: sandbox: GIT_CONFIG_COUNT is ${String(count)}; only the first ${String(maxEnvironmentEntries)} entries are read`,
    )
  }
  const entries: GitConfigEntry[] = []
  for (let index = 0; index < Math.min(count, maxEnvironmentEntries); index++) {
    const key = environment[`GIT_CONFIG_KEY_${String(index)}`]
    const value = environment[`GIT_CONFIG_VALUE_${String(index)}`]
    if (key === undefined || value === undefined) break
    entries.push({ key: canonicalKey(key), value })
  }
  return entries
}

/** A key as git's `git_config_parse_key` writes it: section and name lower-cased. */
function canonicalKey(key: string): string {
  const first = key.indexOf('.')
  const last = key.lastIndexOf('.')
  if (first === -1) return key.toLowerCase()
  return `${key.slice(0, first).toLowerCase()}${key.slice(first, last)}.${key.slice(last + 1).toLowerCase()}`
}

/**
 * A config file's bytes (at most {@link maxFileBytes}, with a warning past it); undefined where
 * it is missing, a folder (git reads either as empty), or cannot be read (warned about).
 */
function readConfigFile(file: string, warnings: string[]): Buffer | undefined {
  let descriptor: number | undefined
  try {
    // Without waiting: a FIFO put there would block git, not this.
    descriptor = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK)
    const stat = fstatSync(descriptor)
    // git reads a folder, and `/dev/null` (GIT_CONFIG_GLOBAL's usual value), as empty.
    if (stat.isDirectory() || stat.isCharacterDevice()) return undefined
    if (!stat.isFile()) throw new Error('not a regular file')
    const buffer = Buffer.alloc(Math.min(stat.size, maxFileBytes))
    const length = readSync(descriptor, buffer, 0, buffer.length, 0)
    if (stat.size > maxFileBytes) {
      warnings.push(
        `toolpipe: sandbox: ${file}, a git config, is larger than ${String(maxFileBytes)} bytes; only its start is read`,
      )
    }
    return buffer.subarray(0, length)
  } catch (error) {
    const code = (error as { code?: unknown }).code
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined
    warnings.push(
      `toolpipe: sandbox: ${file}, a git config, could not be read (${typeof code === 'string' ? code : 'not a regular file'}); it is write-denied, but what it includes is not known`,
    )
    return undefined
  } finally {
    if (descriptor !== undefined) closeSync(descriptor)
  }
}

/** The home folder of `user`: this process's user's, or as /etc/passwd gives it. */
function homeOf(user: string): string | undefined {
  try {
    const own = userInfo()
    if (own.username === user) return own.homedir
  } catch {
    // No user name for this process's uid: /etc/passwd below.
  }
  try {
    const passwd = readFileSync('/etc/passwd', 'utf8').slice(0, maxFileBytes)
    const line = passwd.split('\n').find((each) => each.split(':')[0] === user)
    return line?.split(':')[5]
  } catch {
    return undefined
  }
}
