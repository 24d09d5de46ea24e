import { spawnSync } from 'node:child_process'
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative } from 'node:path'

/** The real bash the differential tests run lines with. */
export const bash = ['/bin/bash', '/usr/bin/bash'].find((path) => existsSync(path)) ?? 'bash'

/** What bash did with one line in a scratch root. */
export interface BashRun {
  /** The stub programs it ran (name and arguments). */
  readonly ran: readonly string[]
  /** The files it created or changed, relative to the scratch root. */
  readonly wrote: readonly string[]
}

/** What a scratch root holds beyond its stubs. */
export interface BashScratchOptions {
  /** Real programs on its PATH (besides cat, true, the wrappers and sed). */
  readonly programs?: readonly string[]
  /** Files each fresh project starts with, by relative path; one starting `#!` is executable. */
  readonly files?: Readonly<Record<string, string>>
  /** Symbolic links each fresh project starts with: relative path → what the link holds. */
  readonly links?: Readonly<Record<string, string>>
}

/** A commit needs an author; git reads no configuration of the machine's. */
const gitEnvironment = {
  ...{ GIT_CONFIG_NOSYSTEM: '1', GIT_AUTHOR_NAME: 'a', GIT_AUTHOR_EMAIL: 'a@example.com' },
  ...{ GIT_COMMITTER_NAME: 'a', GIT_COMMITTER_EMAIL: 'a@example.com' },
}

/**
 * A scratch root for running hostile lines with real bash (SPEC §26): no network, a PATH of stub
 * programs that log their name and arguments (`alpha` and `beta` succeed, `delta` fails), a
 * project at `w1/w2/w3/work` (deep enough that a `cd ..` stays inside) with `src/`, `protected/`,
 * a link to `protected`, a dangling link into it, and a home folder with `.ssh/`. Each run starts
 * from a fresh copy of the project and home.
 */
export class BashScratch {
  readonly root: string
  readonly project: string
  readonly home: string
  readonly #bin: string
  readonly #log: string
  readonly #projectFiles: Readonly<Record<string, string>>
  readonly #projectLinks: Readonly<Record<string, string>>

  constructor(
    stubs: readonly string[] = ['alpha', 'beta', 'gamma', 'delta'],
    options: BashScratchOptions = {},
  ) {
    this.#projectFiles = options.files ?? {}
    this.#projectLinks = options.links ?? {}
    this.root = realpathSync(mkdtempSync(join(tmpdir(), 'toolpipe-bash-')))
    this.#bin = join(this.root, 'bin')
    this.#log = join(this.root, 'stub.log')
    this.project = join(this.root, 'w1', 'w2', 'w3', 'work')
    this.home = join(this.root, 'home')
    mkdirSync(this.#bin)
    for (const name of stubs) {
      const status = name === 'beta' || name === 'delta' ? 1 : 0
      const path = join(this.#bin, name)
      writeFileSync(path, `#!/bin/sh\necho "${name} $*" >> "$STUB_LOG"\nexit ${status}\n`)
      chmodSync(path, 0o755)
    }
    const programs = ['cat', 'true', 'timeout', 'nice', 'nohup', 'env', 'xargs', 'sed']
    for (const name of [...programs, ...(options.programs ?? [])]) {
      const real = ['/usr/bin', '/bin', '/usr/sbin', '/sbin']
        .map((dir) => join(dir, name))
        .find((path) => existsSync(path))
      if (real !== undefined) symlinkSync(real, join(this.#bin, name))
    }
  }

  /** A fresh project and home, then the line run by bash in the project. */
  run(line: string): BashRun {
    for (const folder of ['w1', 'home', 'stub.log']) {
      rmSync(join(this.root, folder), { recursive: true, force: true })
    }
    mkdirSync(join(this.project, 'src'), { recursive: true })
    mkdirSync(join(this.project, 'protected'))
    mkdirSync(join(this.home, '.ssh'), { recursive: true })
    symlinkSync('protected', join(this.project, 'link-protected'))
    symlinkSync('protected/created-through-link', join(this.project, 'dangling'))
    for (const [path, text] of Object.entries(this.#projectFiles)) {
      mkdirSync(dirname(join(this.project, path)), { recursive: true })
      writeFileSync(join(this.project, path), text, { mode: text.startsWith('#!') ? 0o755 : 0o644 })
    }
    for (const [path, target] of Object.entries(this.#projectLinks)) {
      mkdirSync(dirname(join(this.project, path)), { recursive: true })
      symlinkSync(target, join(this.project, path))
    }
    const before = new Set(this.#files())
    const result = spawnSync(bash, ['-c', line], {
      env: { PATH: this.#bin, STUB_LOG: this.#log, HOME: this.home, ...gitEnvironment },
      cwd: this.project,
      timeout: 10_000,
      stdio: 'ignore',
    })
    if (result.error !== undefined) throw result.error
    const ran = existsSync(this.#log)
      ? readFileSync(this.#log, 'utf8')
          .split('\n')
          .filter((entry) => entry !== '')
      : []
    const wrote = this.#files().filter((file) => !before.has(file) && file !== 'stub.log')
    return { ran, wrote }
  }

  /** Every file under the root (not folders, not the stub programs), relative to it. */
  #files(): string[] {
    const found: string[] = []
    const stack = [this.root]
    for (let folder = stack.pop(); folder !== undefined; folder = stack.pop()) {
      for (const entry of readdirSync(folder)) {
        const path = join(folder, entry)
        if (path === this.#bin) continue
        const stat = lstatSync(path)
        if (stat.isDirectory()) stack.push(path)
        else if (!stat.isSymbolicLink()) found.push(relative(this.root, path))
      }
    }
    return found
  }

  dispose(): void {
    rmSync(this.root, { recursive: true, force: true })
  }
}
