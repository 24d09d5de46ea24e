import { basename } from './command-spellings.js'
import type { CommandWord } from './command-text.js'
import { gitSubcommandAt } from './git-strings.js'
import type { GitWrite } from './git-writes.js'
import type { ShellPath } from './path-word.js'
import { besideGitWord, gitWordInRepository, wordPaths } from './repository-words.js'
import {
  isGitConfigurationName,
  gitRepositoryMakers,
  programsWritingNoFiles,
} from '../security-tables.js'

/** Paths of a line's other programs kept for a look through symlinks; more hide (bounded work). */
const maxPaths = 128

/**
 * git running code from files the same line wrote (SPEC §26): git reads a repository's
 * configuration before it does anything, and `core.fsmonitor` there runs a command at the next
 * `git status` (git-config(1)), so `git init -q r; printf '[core]\n\tfsmonitor = id\n' >>
 * r/.git/config; git -C r status` runs `id`, and so does `sed -i 's/…/fsmonitor = id/'
 * .git/config && git status`. A git command in a line hides a command when the line writes a
 * path with a `.git` segment or a bare repository's file (`config`, `HEAD`, `commondir`,
 * `gitdir`, `config.worktree`) by a redirection or by git's own `--output`; when another command
 * of the line may write into a git folder by its words (repository-words.ts: a word naming such
 * a path, a word known only at run time, an archive or a folder copied whole — including another
 * git command's words); or beside another git command that makes a repository (`init`, `clone`,
 * `worktree add`, `submodule add`/`update`: its files may be written by the line's `cp`, `tee`
 * or `sed -i`, which no edit rule sees). What only the file system shows — a path that leads into
 * a git folder through a symlink, a `cd` into one — is looked up where the line is judged
 * (evaluate/repository-links.ts), from {@link LineRepositories.paths}. Where in the line does not
 * matter: a pipeline's programs run together, `&` sends one to the background, and a loop or a
 * function runs again.
 */
export class LineRepositories {
  #gitCommands = 0
  #made: string | undefined
  #written: string | undefined
  #named: string | undefined
  #gitNamed = 0
  readonly #paths: ShellPath[] = []

  /**
   * A simple command of the line: the program its wrappers run, with its words, and the files a
   * git command writes by its options (git-writes.ts). A word known only at run time that may be
   * such an option counts beside another git command only: git read its configuration before.
   */
  ran(words: readonly CommandWord[], writes: readonly GitWrite[] = []): void {
    const name = basename(words[0]?.literal ?? '')
    if (name !== 'git') {
      this.#named ??= besideGitWord(name, words)
      if (!programsWritingNoFiles.has(name) && this.#paths.length <= maxPaths) {
        this.#paths.push(...wordPaths(words))
      }
      return
    }
    this.#gitCommands++
    this.#made ??= repositoryMade(words)
    const at = gitSubcommandAt(words)
    const subcommand = typeof at === 'number' ? words[at]?.literal : undefined
    const mayWrite = writes.some((write) => write.maybe === true)
    if (mayWrite || gitWordInRepository(words, subcommand)) this.#gitNamed++
    for (const write of writes) if (write.maybe !== true) this.wrote(write.target.literal)
  }

  /** A file the line writes: its literal path (undefined: known at run time). */
  wrote(literal: string | undefined): void {
    if (this.#written === undefined && (literal === undefined || isRepositoryFile(literal))) {
      this.#written = literal ?? 'a file known only at run time'
    }
  }

  /** Why the line's git commands hide a command: each reason, none when they do not. */
  hiding(): string[] {
    if (this.#gitCommands === 0) return []
    const reasons: string[] = []
    const runs =
      "which git may read as a repository's configuration (core.fsmonitor runs a command)"
    if (this.#written !== undefined)
      reasons.push(`git in a line that writes ${this.#written}, ${runs}`)
    const writes =
      "which may write into a git folder (core.fsmonitor in a repository's configuration runs a command)"
    if (this.#named !== undefined) reasons.push(`git beside ${this.#named}, ${writes}`)
    if (this.#paths.length > maxPaths) {
      reasons.push(
        `git beside more than ${maxPaths} words that may name files, too many to look up through symlinks in bounded time`,
      )
    }
    if (this.#gitCommands > 1) {
      if (this.#gitNamed > 0) reasons.push(`git beside another git command, ${writes}`)
      if (this.#made !== undefined) {
        reasons.push(
          `git after git ${this.#made} in the same line, whose repository the line's other commands may have written (core.fsmonitor runs a command)`,
        )
      }
    }
    return reasons
  }

  /**
   * Where the line runs git: the paths its other programs' words may name, for a look through
   * symlinks; undefined when it runs no git.
   */
  paths(): readonly ShellPath[] | undefined {
    return this.#gitCommands === 0 ? undefined : this.#paths
  }
}

/** Whether a path may be a file git reads as a repository's configuration (any case: macOS). */
export function isRepositoryFile(literal: string): boolean {
  const segments = literal.toLowerCase().split('/')
  return segments.includes('.git') || isGitConfigurationName(segments.at(-1) ?? '')
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
