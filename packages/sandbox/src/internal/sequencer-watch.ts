import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs'
import { basename, join } from 'node:path'
import type { SandboxRuntimeConfig } from '@anthropic-ai/sandbox-runtime'
import { quoteString } from '@toolpipe/core/internal'
import type { SandboxViolation } from '../sandbox-options.js'
import { identityOf, sequencerPaths } from './git-denials.js'
import type { GitEnvironment } from './git-folders.js'
import { isInside } from './runtime-config.js'

/** As much of a todo list as is read: git's own are a few kilobytes. */
const maxTodoBytes = 1024 * 1024

/** As many `exec` lines as a report quotes; it counts them all. */
const shownExecLines = 3

/**
 * What each sequencer entry is, how host git goes on with it and ends it (gitrepository-layout,
 * git-rebase(1), git-cherry-pick(1), git-am(1)), and the todo list it keeps, where it keeps one.
 */
interface SequencerKind {
  readonly what: string
  readonly abort: string
  readonly todo?: string
}

const kinds: Readonly<Record<string, SequencerKind>> = {
  'rebase-merge': {
    what: 'a rebase under way, which host git goes on with at `git rebase --continue`, running each `exec` (`x`) line of its todo on the host, unsandboxed',
    abort: '`git rebase --abort`',
    todo: 'git-rebase-todo',
  },
  sequencer: {
    what: 'a cherry-pick or revert of several commits under way, which host git goes on with at `git cherry-pick --continue` (`git revert --continue`) from its todo',
    abort: '`git cherry-pick --abort` (`git revert --abort`)',
    todo: 'todo',
  },
  'rebase-apply': {
    what: 'a `git am` or a rebase (apply backend) under way, which host git goes on with at `git am --continue` (`git rebase --continue`)',
    abort: '`git am --abort` (`git rebase --abort`)',
  },
}

/**
 * The rebase, `git am`, cherry-pick and revert state a run may make (SPEC §23). `gitDenials`
 * write-denies a `rebase-merge`, `rebase-apply` or `sequencer` only where it exists when a run's
 * config is derived: a missing one denied would get the runtime's placeholder for the whole run,
 * which git inside and on the host reads as a rebase under way. So one a command makes is its
 * own while the run is live — it could plant a todo whose `exec` lines host git runs at
 * `git rebase --continue` — and is reported when the run ends: {@link before} looks just before
 * the config is derived, {@link under} keeps what that config leaves writable, {@link appeared}
 * says, once every process of the run is gone, which came into being meanwhile and what their
 * todo holds. From the next run on an existing one is denied.
 */
export class SequencerWatch {
  /** Each path looked at, with its identity then (undefined: missing). */
  readonly #seen: ReadonlyMap<string, string | undefined>

  private constructor(seen: ReadonlyMap<string, string | undefined>) {
    this.#seen = seen
  }

  /** Looks at each sequencer entry of the git folders git reads in `projectRoot`. */
  static before(projectRoot: string, environment: GitEnvironment = process.env): SequencerWatch {
    const paths = sequencerPaths(projectRoot, environment)
    return new SequencerWatch(new Map(paths.map((path) => [path, identityOf(path)])))
  }

  /**
   * The entries a command of a run under `config` may make or write: in a writable folder, not
   * write-denied (missing when it was derived). Not those outside: the person's own rebase in a
   * monorepo's repository above the project is none of the run's.
   */
  under(config: SandboxRuntimeConfig): SequencerWatch {
    const pathOf = (entry: string | { path: string }): string =>
      typeof entry === 'string' ? entry : entry.path
    const denied = new Set(config.filesystem.denyWrite.map(pathOf))
    const roots = config.filesystem.allowWrite.map(pathOf)
    const writable = (path: string): boolean =>
      !denied.has(path) && roots.some((root) => isInside(path, root))
    return new SequencerWatch(new Map([...this.#seen].filter(([path]) => writable(path))))
  }

  /** One report (a violation of kind `other`) for each entry there now that was not then. */
  appeared(): SandboxViolation[] {
    const found: SandboxViolation[] = []
    for (const [path, then] of this.#seen) {
      const now = identityOf(path)
      if (now === undefined || now === then) continue
      found.push({ kind: 'other', target: path, detail: describeAppeared(path) })
    }
    return found
  }
}

/** What a report of `folder` says: which state it is, how git goes on with it, its `exec` lines. */
export function describeAppeared(folder: string): string {
  const kind = kinds[basename(folder)] ?? { what: 'git state under way', abort: '`--abort`' }
  const todo = kind.todo === undefined ? 'it keeps no todo list' : describeTodo(folder, kind.todo)
  return `${folder} came into being while this run was live (made by its command, or by git on the host meanwhile): ${kind.what}; ${todo}. Look at it before going on with it: ${kind.abort} ends it without running it`
}

/** Whether the todo `name` in `folder` holds `exec` lines, quoting the first few (git-rebase(1)). */
function describeTodo(folder: string, name: string): string {
  const read = readStart(join(folder, name))
  if (typeof read === 'string') return `its ${name} ${read}`
  const lines = execLines(read.text)
  const from = `its ${name}${read.cut ? ` (its first ${String(maxTodoBytes)} bytes read)` : ''}`
  if (lines.length === 0) return `${from} holds no exec line`
  const shown = lines.slice(0, shownExecLines).map(quoteString).join(', ')
  const more =
    lines.length > shownExecLines ? `, and ${String(lines.length - shownExecLines)} more` : ''
  const count = lines.length === 1 ? 'one exec line' : `${String(lines.length)} exec lines`
  return `${from} holds ${count}: ${shown}${more}`
}

/**
 * The lines of a todo list git reads as `exec` (or its short form `x`), as sequencer.c's
 * `is_command` does: the command word after spaces and tabs, then a space, a tab, a carriage
 * return or the line's end; a carriage return before the line end dropped. A comment (`#`)
 * starts with another word.
 */
export function execLines(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.replace(/\r$/u, ''))
    .filter((line) => /^[ \t]*(?:exec|x)(?:[ \t\r\0]|$)/u.test(line))
    .map((line) => line.replace(/^[ \t]+/u, ''))
}

/**
 * The first {@link maxTodoBytes} of `file` (followed through links, as git reads it), or why not:
 * only a regular file, opened without waiting (a FIFO there would block this, not git alone).
 */
function readStart(file: string): { text: string; cut: boolean } | string {
  let descriptor: number | undefined
  try {
    descriptor = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK)
    if (!fstatSync(descriptor).isFile()) return 'is not a regular file'
    const buffer = Buffer.alloc(maxTodoBytes + 1)
    let length = 0
    let got: number
    do {
      got = readSync(descriptor, buffer, length, buffer.length - length, length)
      length += got
    } while (got > 0 && length < buffer.length)
    const cut = length > maxTodoBytes
    return { text: buffer.subarray(0, Math.min(length, maxTodoBytes)).toString('utf8'), cut }
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code
    return code === 'ENOENT' ? 'is missing' : 'could not be read'
  } finally {
    if (descriptor !== undefined) closeSync(descriptor)
  }
}
