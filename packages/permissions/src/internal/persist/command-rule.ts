import type { SimpleCommand } from '../shell/analyze-shell.js'
import { basename } from '../shell/command-spellings.js'
import type { CommandWord } from '../shell/command-text.js'
import {
  destructivePrograms,
  destructiveSubcommands,
  subcommandPrograms,
} from '../security-tables.js'

/**
 * `Bash(npm run test *)` for `npm run test -- --watch`; the exact command for one that destroys
 * or escalates, and for an allow whose wide rule would also allow what destroys (`git push
 * origin main`: `Bash(git push origin *)` would allow `git push origin --force main`); or why no
 * rule can be said. A deny may be wide: it denies more, never allows more.
 */
export function commandRule(
  ruleName: string,
  command: SimpleCommand,
  list: 'allow' | 'deny' = 'allow',
): string | { readonly withheld: string } {
  const words = command.allowWords
  if (words === undefined) {
    return { withheld: 'it sets a variable (or runs through a wrapper) no allow rule may allow' }
  }
  const first = words[0]?.literal
  if (first === undefined || first === '' || !writable(first)) {
    return { withheld: 'its program is known only when it runs' }
  }
  if (isDestructive(words)) return exactRule(ruleName, words, 'it destroys or escalates')
  if (keepsWrapper(words, command.programWords)) {
    return exactRule(ruleName, words, 'a wider rule would let its wrapper run any program')
  }
  const parts = wideParts(first, words)
  if (!Array.isArray(parts)) return parts
  if (list === 'allow' && widensIntoDestruction(first, parts)) {
    return exactRule(ruleName, words, 'a wider rule would also allow what destroys')
  }
  return `${ruleName}(${parts.map(quoteWord).join(' ')} *)`
}

/** The exact command as a rule, or why it cannot be one (`why` says why it must be exact). */
function exactRule(
  ruleName: string,
  words: readonly CommandWord[],
  why: string,
): string | { readonly withheld: string } {
  const exact = words.map((word) => word.literal)
  if (exact.some((word) => word === undefined || !writable(word))) {
    return { withheld: `${why}, and part of it is known only when it runs` }
  }
  return `${ruleName}(${exact.map((word) => quoteWord(word ?? '')).join(' ')})`
}

/**
 * The words a wide rule keeps: the program, its subcommand, and for npm, git and the like (the
 * program read by its base name, `/usr/bin/npm` too) the subcommand's first argument when it is
 * not a flag; or why a word cannot be said.
 */
function wideParts(
  first: string,
  words: readonly CommandWord[],
): string[] | { readonly withheld: string } {
  const parts = [first]
  const second = words[1]
  if (second === undefined) return parts
  if (second.literal === undefined) return { withheld: unknownWord(second) }
  if (!isSubcommand(second.literal)) return parts
  parts.push(second.literal)
  const third = words[2]
  // The program by its base name (SPEC §18.3): `/usr/bin/npm run test` is npm's `run test`.
  if (!subcommandPrograms.has(basename(first)) || third === undefined) return parts
  if (third.literal === undefined) return { withheld: unknownWord(third) }
  if (third.literal !== '' && writable(third.literal) && !third.literal.startsWith('-')) {
    parts.push(third.literal)
  }
  return parts
}

/**
 * Whether the wide rule `parts *` of an allow answer would also allow a command that destroys
 * (SPEC §26): the program alone (`Bash(git *)`), or a subcommand one of its destructive forms
 * names (`Bash(git push origin *)` allows `git push origin --force main` and `git push origin
 * +main`; `Bash(git stash *)` allows `git stash drop`). Rule syntax cannot leave those out, so
 * such an answer is the exact command.
 */
function widensIntoDestruction(first: string, parts: readonly string[]): boolean {
  const program = basename(first)
  if (!Object.hasOwn(destructiveSubcommands, program)) return false
  const subcommand = parts[1]
  if (subcommand === undefined) return true
  return (destructiveSubcommands[program] ?? []).some((entry) => entry.split(' ')[0] === subcommand)
}

function unknownWord(word: CommandWord): string {
  return `a rule would stand for ${JSON.stringify(word.text.replaceAll('\u0001', '…'))}, which is known only when it runs`
}

function isSubcommand(word: string): boolean {
  return (
    word !== '' &&
    writable(word) &&
    !word.startsWith('-') &&
    !word.includes('/') &&
    !word.includes('.')
  )
}

/**
 * Whether a command destroys or escalates (SPEC §26's table): it gets an exact rule. Read the
 * way the program reads it, erring towards exact: the program by its base name (`/bin/rm`), a
 * subcommand wherever it stands (`git --no-pager push`, `kubectl -n x delete`), an option also
 * in a bundle of short flags (`-fu`) or with its value (`--force-with-lease=main`). (A word known
 * only when it runs is no rule's: the general path withholds it.) A program with destructive
 * subcommands whose
 * subcommand cannot be read right after it (`git -C dir …`) gets an exact rule too: `git *`
 * would stand for `git push --force`.
 */
function isDestructive(words: readonly CommandWord[]): boolean {
  const first = basename(words[0]?.literal ?? '')
  if (destructivePrograms.has(first)) return true
  const entries = Object.hasOwn(destructiveSubcommands, first)
    ? destructiveSubcommands[first]
    : undefined
  if (entries === undefined) return false
  const literals = words.slice(1).map((word) => word.literal)
  const second = literals[0]
  if (second !== undefined && !isSubcommand(second)) return true
  return entries.some((entry) => {
    const [subcommand, ...options] = entry.split(' ')
    const at = literals.indexOf(subcommand)
    if (at < 0) return false
    const rest = literals.slice(at + 1)
    return options.every((option) => rest.some((word) => mayBeOption(word, option)))
  })
}

/**
 * Whether a wrapper is left in the allow spelling (`setsid rm …`, which no allow rule strips, or
 * `/usr/bin/timeout 5 ls`, a wrapper written as a path: it names a file, not surely the wrapper):
 * a wide rule naming it (`Bash(/usr/bin/timeout 5 *)`, `Bash(setsid rm *)`) would stand for any
 * program behind it, `rm -rf /` too, so the answer is the exact command (SPEC §26). The deny
 * spelling's last stage (`programWords`, every wrapper gone, read by basename) tells.
 */
function keepsWrapper(
  words: readonly CommandWord[],
  programWords: readonly CommandWord[],
): boolean {
  return programWords.length !== words.length || programWords[0]?.literal !== words[0]?.literal
}

/**
 * Whether `word` says `option`: itself, `--option=value`, a bundle of short flags holding it, or
 * for `+*` / `:*`, a word starting with `+` / `:` (a refspec that forces, or deletes).
 */
function mayBeOption(word: string | undefined, option: string): boolean {
  if (word === undefined) return false
  if (word === option) return true
  if (option.endsWith('*')) return word.startsWith(option.slice(0, -1))
  if (option.startsWith('--')) return word.startsWith(`${option}=`)
  if (/^-[A-Za-z]$/.test(option)) return /^-[A-Za-z]+$/.test(word) && word.includes(option[1] ?? '')
  return false
}

/** A word as rule syntax reads it back: quoted when it holds a space, `*`, a quote or `\`. */
function quoteWord(word: string): string {
  for (const char of word) {
    if (
      char === ' ' ||
      char === '\t' ||
      char === '*' ||
      char === '"' ||
      char === "'" ||
      char === '\\'
    ) {
      return `"${word.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`
    }
  }
  return word
}

/** Whether a word can be written in a rule (a rule holds no control characters). */
function writable(word: string): boolean {
  for (let index = 0; index < word.length; index++) {
    const code = word.charCodeAt(index)
    if (code < 0x20 || code === 0x7f) return false
  }
  return true
}
