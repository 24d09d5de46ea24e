import { literalWord } from './command-text.js'
import type { CommandWord } from './command-text.js'
import { isLongOptionOf, readOption } from './option-reader.js'
import { literalPath } from './path-word.js'
import type { ShellPath } from './path-word.js'
import { denyOnlyWrappers, envOptions, wrapperDirectoryOptions } from '../security-tables.js'

/**
 * Where a wrapper runs its command (SPEC §26: a relative path the command opens is relative to
 * there): the folder each of its {@link wrapperDirectoryOptions} names (`env -C dir`, `env
 * --chdir=dir`, `sudo -D dir`), its options read as getopt reads them (bundled: `env -iC dir`; a
 * long one in any abbreviation). Undefined for a folder known only at run time (or written
 * `~…` after `=`, which bash does not expand).
 */
export function wrapperDirectories(
  name: string,
  words: readonly CommandWord[],
): (ShellPath | undefined)[] {
  const options = Object.hasOwn(wrapperDirectoryOptions, name) ? wrapperDirectoryOptions[name] : []
  const spec =
    name === 'env'
      ? envOptions
      : Object.hasOwn(denyOnlyWrappers, name)
        ? denyOnlyWrappers[name]
        : undefined
  if (options === undefined || options.length === 0 || spec === undefined) return []
  const long = options.filter((option) => option.startsWith('--')).map((option) => option.slice(2))
  const short = options
    .filter((option) => !option.startsWith('--'))
    .map((option) => option.slice(1))
  const found: (ShellPath | undefined)[] = []
  for (let index = 1; index < words.length;) {
    const literal = words[index]?.literal
    if (literal === undefined || literal === '--' || literal === '-' || !literal.startsWith('-'))
      break
    const value = directoryValue(literal, long, short, spec.withValue ?? [])
    if (value === '') found.push(pathOf(words[index + 1]))
    else if (value !== undefined)
      found.push(value.startsWith('~') ? undefined : literalPath(literalWord(value)))
    const next = readOption(words, index, spec)
    if (next === undefined) break
    index = next
  }
  return found
}

/**
 * The folder an option word gives, when it is one of the directory options: attached (`-Cdir`,
 * `--chdir=dir`), '' when it is the next word, undefined when the word gives none.
 */
function directoryValue(
  literal: string,
  long: readonly string[],
  short: readonly string[],
  withValue: readonly string[],
): string | undefined {
  if (literal.startsWith('--')) {
    if (!isLongOptionOf(literal, long)) return undefined
    const equals = literal.indexOf('=')
    return equals < 0 ? '' : literal.slice(equals + 1)
  }
  for (let at = 1; at < literal.length; at++) {
    const letter = literal.charAt(at)
    if (short.includes(letter)) return literal.slice(at + 1)
    // Another option that takes a value takes the rest of the bundle.
    if (withValue.includes(`-${letter}`)) return undefined
  }
  return undefined
}

function pathOf(word: CommandWord | undefined): ShellPath | undefined {
  return word === undefined ? undefined : literalPath(word)
}
