import type { CommandWord } from './command-text.js'
import { gitSubcommandAt } from './git-strings.js'
import { gitRepositoryFiles, gitRepositoryMakers } from '../security-tables.js'

/**
 * git running code from files the same line wrote (SPEC §26): git reads a repository's
 * configuration before it does anything, and `core.fsmonitor` there runs a command at the next
 * `git status` (git-config(1)), so `git init -q r; printf '[core]\n\tfsmonitor = id\n' >>
 * r/.git/config; git -C r status` runs `id`. Within one line, a git command beside a write to a
 * path with a `.git` segment, or to a file git reads as a bare repository's configuration
 * (`config`, `HEAD`, `commondir`, `gitdir`, `config.worktree`), or beside another git command
 * that makes a repository (`init`, `clone`, `worktree add`, `submodule add`/`update`: its files
 * may be written by the line's `cp`, `tee` or `sed -i`, which no edit rule sees), is a hidden
 * command. Where in the line does not matter: a pipeline's programs run together, `&` sends one
 * to the background, and a loop or a function runs again.
 */
export class LineRepositories {
  #gitCommands = 0
  #made: string | undefined
  #written: string | undefined

  /** A git command of the line: its words, from `git` on. */
  ranGit(words: readonly CommandWord[]): void {
    this.#gitCommands++
    this.#made ??= repositoryMade(words)
  }

  /** A file the line writes by a redirection: its literal path (undefined: known at run time). */
  wrote(literal: string | undefined): void {
    if (this.#written === undefined && isRepositoryFile(literal)) {
      this.#written = literal ?? 'a file known only at run time'
    }
  }

  /** Why the line's git commands hide a command, or undefined. */
  hiding(): string | undefined {
    if (this.#gitCommands === 0) return undefined
    if (this.#written !== undefined) {
      return `git in a line that writes ${this.#written}, which git may read as a repository's configuration (core.fsmonitor runs a command)`
    }
    if (this.#made !== undefined && this.#gitCommands > 1) {
      return `git after git ${this.#made} in the same line, whose repository the line's other commands may have written (core.fsmonitor runs a command)`
    }
    return undefined
  }
}

/** Whether a path may be a file git reads as a repository's configuration (any case: macOS). */
function isRepositoryFile(literal: string | undefined): boolean {
  if (literal === undefined) return true
  const segments = literal.toLowerCase().split('/')
  return segments.includes('.git') || gitRepositoryFiles.has(segments.at(-1) ?? '')
}

/** The subcommand (and action) by which a git command makes a repository, or undefined. */
function repositoryMade(words: readonly CommandWord[]): string | undefined {
  const at = gitSubcommandAt(words)
  // Options it cannot read: gitStrings hides this command; here it may make one.
  if (typeof at === 'string') return 'with options it cannot read'
  if (at >= words.length) return undefined
  const name = words[at]?.literal
  if (name === undefined) return '…'
  if (!Object.hasOwn(gitRepositoryMakers, name)) return undefined
  const actions = gitRepositoryMakers[name]
  if (actions === undefined) return name
  const action = words.slice(at + 1).find((word) => word.literal?.startsWith('-') !== true)
  if (action === undefined) return undefined
  if (action.literal !== undefined && !actions.includes(action.literal)) return undefined
  return `${name} ${action.literal ?? '…'}`
}
