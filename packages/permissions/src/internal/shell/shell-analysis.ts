import type { CommandWord } from './command-text.js'
import type { ShellPath } from './path-word.js'

/** One simple command of a command line, as rules see it. */
export interface SimpleCommand {
  /** The command as written. */
  readonly source: string
  /**
   * What allow rules match: the words after the wrappers of SPEC §18.2 and safe `NAME=value`
   * assignments are stripped. Undefined when no allow rule can allow this command.
   */
  readonly allowText: string | undefined
  readonly allowWords: readonly CommandWord[] | undefined
  /** What deny and ask rules match: the command at each stripping stage, and by basename. */
  readonly denyTexts: readonly string[]
  /** Found in a string a shell would run (`sh -c`, `eval`): only deny and ask rules read it. */
  readonly nested: boolean
  /** The program the wrappers run, with its words (the last stripping stage). */
  readonly programWords: readonly CommandWord[]
}

/** A file a redirection writes (`>`, `>>`, `&>`, `>|`, `<>`) or reads (`<`). */
export interface ShellRedirect {
  readonly kind: 'edit' | 'read'
  readonly target: CommandWord
  /** The path bash opens, or undefined when it is known only when bash runs it. */
  readonly path: ShellPath | undefined
  /** Found in a string a shell would run: only deny and ask rules read it. */
  readonly nested: boolean
}

/** What a command line holds, for rules (SPEC §18.2, §26). */
export interface ShellAnalysis {
  readonly commands: readonly SimpleCommand[]
  readonly redirects: readonly ShellRedirect[]
  /**
   * What in the line hides a command from the rules (a substitution, `eval`, `sh -c`, …), so no
   * rule may allow it; empty when nothing does.
   */
  readonly hidingConstructs: readonly string[]
  /** Why the line (or part of it) cannot be read; the call then asks. */
  readonly unparseable: string | undefined
  /**
   * Where `cd`/`pushd` in the line may move the base of relative paths: each target (undefined:
   * known only when it runs). Every one applies to every relative path (loops and functions make
   * source order no guide), which only adds candidates.
   */
  readonly directoryMoves: readonly (ShellPath | undefined)[]
  /** The line has a loop or a function: a `cd` in it may run any number of times. */
  readonly movesMayRepeat: boolean
  /** A command of the line makes links or moves files: its paths are unknown (SPEC §26). */
  readonly linksMade: boolean
  /**
   * Where the line runs git: the paths its other programs' words may name, looked up through
   * symlinks with its written files and `cd` targets (SPEC §26: a write into a git folder there
   * hides a command; git-repositories.ts). Undefined when the line runs no git.
   */
  readonly repositoryPaths: readonly ShellPath[] | undefined
}
