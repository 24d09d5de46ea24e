import type { CommandWord } from './command-text.js'
import { isLongOptionOf } from './option-reader.js'
import { literalPath, maxPathLength } from './path-word.js'
import type { ShellPath } from './path-word.js'
import {
  directoryChangers,
  gitFileWritingSubcommands,
  isGitConfigurationName,
  programsWritingNoFiles,
  recursiveCopyOptions,
  subcommandPrograms,
  treeWritingPrograms,
} from '../security-tables.js'

/**
 * What a program beside git may write into a git folder, read from its words (SPEC §26; see
 * git-repositories.ts for why it matters): a word that names a path in one — `.git` ending a
 * segment anywhere in it (`.git/config`, `-o.git/config`, `of=.git/config`, `r.git`) or a bare
 * repository's file as its last segment (`config`, `HEAD`, …, also after an `=`) — or a word known
 * only at run time, which may be one; or a program that writes the files its input names (an
 * archive, a patch, a folder copied whole). A program that writes no file is not read, and a
 * `cd` target only for a `.git` in it (where a `cd` leads is also looked up through symlinks with
 * the line's paths: evaluate/repository-links.ts). What it found, as "`sed` names
 * `.git/config`", or undefined.
 */
export function besideGitWord(name: string, words: readonly CommandWord[]): string | undefined {
  if (programsWritingNoFiles.has(name)) return undefined
  if (treeWritingPrograms.has(name) || (name === 'cp' && copiesFolders(words))) {
    return `${name}, which writes the files its input names`
  }
  const moves = directoryChangers.has(name)
  for (let index = 1; index < words.length; index++) {
    const literal = words[index]?.literal
    if (literal === undefined) {
      if (moves) continue
      return `${name} with a word known only at run time`
    }
    // A subcommand (`npm config`, `kubectl config`) is no file; nor is a folder `cd` enters.
    const files = !moves && !(index === 1 && subcommandPrograms.has(name))
    if (namesRepositoryPath(literal, files)) return `${name} naming ${literal}`
  }
  return undefined
}

/**
 * Whether a word names a path in a git folder: `.git` ends one of its segments (any case: a macOS
 * disk), or (with `files`) its last segment, or that of what follows its first `=`, is a file git
 * reads as a bare repository's configuration.
 */
export function namesRepositoryPath(literal: string, files: boolean): boolean {
  const lower = literal.toLowerCase()
  if (/\.git(\/|$)/.test(lower)) return true
  if (!files) return false
  const value = lower.slice(lower.indexOf('=') + 1)
  return [lower, value].some((text) =>
    isGitConfigurationName(text.slice(text.lastIndexOf('/') + 1)),
  )
}

/**
 * Whether a git command's words may write into a git folder another git command of the line
 * reads: a path with a `.git` segment (`checkout-index --prefix=.git/`, `merge-file .git/config
 * …`), or a word known only at run time of a subcommand that writes files its words name.
 */
export function gitWordInRepository(
  words: readonly CommandWord[],
  subcommand: string | undefined,
): boolean {
  for (let index = 1; index < words.length; index++) {
    const literal = words[index]?.literal
    if (literal === undefined) {
      if (subcommand === undefined || gitFileWritingSubcommands.has(subcommand)) return true
      continue
    }
    const value = literal.slice(literal.indexOf('=') + 1)
    if ([literal, value].some((text) => /(^|\/)\.git(\/|$)/i.test(text))) return true
  }
  return false
}

/**
 * The paths a command's words may name, to be looked up through symlinks beside git: each
 * literal word, what follows its first `=` (`of=notes`), and what follows a short option's
 * letter (`-onotes`). No tilde is expanded after `=` or an option letter (bash expands none).
 */
export function wordPaths(words: readonly CommandWord[]): ShellPath[] {
  const paths: ShellPath[] = []
  for (let index = 1; index < words.length; index++) {
    const word = words[index]
    const literal = word?.literal
    if (word === undefined || literal === undefined) continue
    const whole = literalPath(word)
    if (whole !== undefined) paths.push(whole)
    const equals = literal.indexOf('=')
    const rest =
      equals > 0 ? literal.slice(equals + 1) : /^-[A-Za-z]./.test(literal) ? literal.slice(2) : ''
    if (rest !== '' && rest.length <= maxPathLength) {
      paths.push({ anchor: rest.startsWith('/') ? 'absolute' : 'cwd', path: rest })
    }
  }
  return paths
}

/** Whether `cp`'s words copy folders whole (`-r`, `-R`, `-a`, `--recursive`, `--archive`). */
function copiesFolders(words: readonly CommandWord[]): boolean {
  return words.some((word) => {
    const literal = word.literal ?? ''
    if (literal.startsWith('--')) return isLongOptionOf(literal, recursiveCopyOptions.long)
    return (
      literal.startsWith('-') &&
      recursiveCopyOptions.short.some((letter) => literal.includes(letter, 1))
    )
  })
}
