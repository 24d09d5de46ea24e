import { existsSync, realpathSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, isAbsolute, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { SandboxRuntimeConfig } from '@anthropic-ai/sandbox-runtime'
import { SandboxError } from '../sandbox-error.js'
import { writableRoots } from './host-programs.js'

/**
 * The files of its own package the sandbox runtime's wrapped line runs (installed source,
 * 0.0.83): `vendor/seccomp/<arch>/apply-seccomp`, which the wrapped line starts inside the sandbox
 * to put the seccomp filter on (no unix sockets) before it starts the command — so it runs without
 * that filter, and a copy a command rewrote would start the next run's command without it —, and
 * the Java agent every JVM inside loads (`JAVA_TOOL_OPTIONS=-javaagent:…`). The runtime finds both
 * from its own folder (`generate-seccomp-filter.ts`, `java-proxy-agent.ts`).
 */
function packagedFiles(): string[] {
  const arch = process.arch === 'x64' || process.arch === 'arm64' ? process.arch : undefined
  const seccomp = arch === undefined ? [] : [join('vendor', 'seccomp', arch, 'apply-seccomp')]
  return [...seccomp, join('vendor', 'java-proxy-agent', 'srt-proxy-agent.jar')]
}

/**
 * The files of the sandbox runtime's own package that each wrapped line runs inside the sandbox
 * (SPEC §23: a sandboxed command can never rewrite what governs it). Where the runtime's package
 * lies in a folder commands may write (a project whose `node_modules` holds the harness), each is
 * write-denied (see `ConfigDeriver`): the ones its installed source names ({@link packagedFiles}),
 * and every other path of its package a wrapped line names ({@link named}), from the next run on.
 */
export class RuntimeFiles {
  /** The runtime's package folder (its real path); undefined where it cannot be found. */
  readonly folder: string | undefined
  /**
   * Whether the runtime, not finding one of the `seed` files in its package, looks for its global
   * install when it starts — by running `npm root -g` on this process's PATH, outside the sandbox.
   */
  readonly asksNpm: boolean
  readonly #files = new Set<string>()

  /** `seed`: the files named by the runtime's installed source, relative to its folder. */
  constructor(
    folder: string | undefined = packageFolderOf('@anthropic-ai/sandbox-runtime'),
    seed: readonly string[] = packagedFiles(),
  ) {
    this.folder = folder
    this.asksNpm = folder === undefined || seed.some((file) => !existsSync(join(folder, file)))
    if (folder === undefined) return
    for (const file of seed) {
      if (existsSync(join(folder, file))) this.#files.add(join(folder, file))
    }
  }

  /** The files run from the runtime's package, as far as known. */
  get files(): string[] {
    return [...this.#files]
  }

  /**
   * The files inside the runtime's package that `line` (a wrapped command line) names, each one
   * known from now on. Folders are left out: the line names the folders on the way to a denied
   * file (bubblewrap's mount points), and what it runs is a file.
   */
  named(line: string): string[] {
    if (this.folder === undefined) return []
    const found = new Set<string>()
    for (let at = line.indexOf(`${this.folder}/`); at !== -1;) {
      const path = /^[^\s'"\\;&|<>()`$]+/u.exec(line.slice(at))?.[0] ?? ''
      if (isFile(path)) found.add(path)
      at = line.indexOf(`${this.folder}/`, at + Math.max(path.length, 1))
    }
    for (const path of found) this.#files.add(path)
    return [...found]
  }

  /**
   * Of `files`, those that lie in a folder sandboxed commands may write under `config` and that
   * its write denials leave writable.
   */
  exposedIn(config: SandboxRuntimeConfig, files: readonly string[] = this.files): string[] {
    const roots = writableRoots(config.filesystem.allowWrite)
    const denied = config.filesystem.denyWrite.filter(
      (entry): entry is string => typeof entry === 'string',
    )
    return files.filter(
      (file) =>
        roots.some((root) => isAtOrInside(file, root)) &&
        !denied.some((path) => isAtOrInside(file, path)),
    )
  }
}

/**
 * Refuses (`SANDBOX_UNAVAILABLE`) a wrapped `line` that runs a file of the runtime's package
 * `config` leaves writable: one its installed source did not name, learnt now, so that the next
 * run's config denies it.
 */
export function assertRuntimeFilesDenied(
  line: string,
  config: SandboxRuntimeConfig,
  files: RuntimeFiles,
): void {
  const exposed = files.exposedIn(config, files.named(line))
  if (exposed.length === 0) return
  throw new SandboxError(
    `sandbox: the sandbox runtime runs ${exposed.join(', ')} of its own package inside the sandbox, in a folder sandboxed commands may write, and it was not write-denied for this run; the next run denies it`,
    'SANDBOX_UNAVAILABLE',
  )
}

/**
 * What code the host process runs lies in a folder sandboxed commands may write under `config`:
 * this package's own folder and the runtime's (their real paths). A command could rewrite it, and
 * this process — or the next one — loads it outside the sandbox. The warning, or undefined.
 */
export function ownInstallWarning(
  config: SandboxRuntimeConfig,
  runtimeFolder: string | undefined,
  ownFolder: string | undefined = packageFolderOfFile(fileURLToPath(import.meta.url)),
): string | undefined {
  const roots = writableRoots(config.filesystem.allowWrite)
  const exposed = [
    { name: '@toolpipe/sandbox', folder: ownFolder },
    { name: 'the sandbox runtime (@anthropic-ai/sandbox-runtime)', folder: runtimeFolder },
  ].flatMap(({ name, folder }) => {
    if (folder === undefined) return []
    // The folder inside a writable one, or a writable one inside it (`allowWrite: [<it>/dist]`).
    const root = roots.find((one) => isAtOrInside(folder, one) || isAtOrInside(one, folder))
    return root === undefined ? [] : [`${name} in ${folder} (commands may write ${root})`]
  })
  if (exposed.length === 0) return undefined
  return `toolpipe: sandbox: code this process loads lies where sandboxed commands may write: ${exposed.join('; ')}. A command could rewrite it, and this process loads it at its next start, outside the sandbox: install the harness outside the folders commands may write (not in the project's node_modules)`
}

/** The real path of the folder of the package `name` resolves to from here, or undefined. */
function packageFolderOf(name: string): string | undefined {
  try {
    return realpathSync(dirname(createRequire(import.meta.url).resolve(`${name}/package.json`)))
  } catch {
    return undefined
  }
}

/** The real path of the nearest folder holding a `package.json` at or above `file`'s folder. */
function packageFolderOfFile(file: string): string | undefined {
  try {
    let folder = dirname(realpathSync(file))
    while (!existsSync(join(folder, 'package.json'))) {
      if (dirname(folder) === folder) return undefined
      folder = dirname(folder)
    }
    return folder
  } catch {
    return undefined
  }
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile()
  } catch {
    return false
  }
}

function isAtOrInside(path: string, folder: string): boolean {
  const inside = relative(folder, path)
  return inside === '' || (!inside.startsWith('..') && !isAbsolute(inside))
}
