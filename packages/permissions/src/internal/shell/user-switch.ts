import { literalWord, unknownWord } from './command-text.js'
import type { CommandWord } from './command-text.js'
import { userSwitchOptions } from '../security-tables.js'

/** What su(1) or runuser(1) runs, as deny rules read it. */
export type UserSwitch =
  /** The words of the command it runs (`runuser -u USER cmd…`, `su -s PROG USER args…`). */
  | { readonly kind: 'runs'; readonly words: readonly CommandWord[] }
  /** A login shell (or a `-c` string, read through `stringRunners`): no command of its words. */
  | { readonly kind: 'none' }
  /** An option that cannot be read for sure: what it runs is unknown. */
  | { readonly kind: 'unknown' }

/**
 * Reads `su`/`runuser` (at `at`) as util-linux's GNU getopt does (SPEC §26): options anywhere
 * before `--`, short ones bundled (`-ms /bin/rm`), values attached or as the next word. With
 * runuser's `-u USER` the words left are the command (runuser(1): `runuser [options] -u user
 * [[--] command [argument...]]`); otherwise the first is the user (after a lone `-`), and with
 * `-s PROG` PROG runs with the rest (su(1): "Additional arguments may be provided after the
 * username, in which case they are supplied to the user's login shell").
 */
export function readUserSwitch(words: readonly CommandWord[], at: number): UserSwitch {
  const positional: CommandWord[] = []
  const values = new Map<string, CommandWord>()
  for (let index = at + 1; index < words.length; index++) {
    const word = words[index] ?? unknownWord
    const literal = word.literal
    if (literal === undefined) return { kind: 'unknown' }
    if (literal === '--') {
      positional.push(...words.slice(index + 1))
      break
    }
    if (!literal.startsWith('-') || literal === '-') {
      positional.push(word)
      continue
    }
    const read = readSwitchOption(words, index, values)
    if (read === undefined) return { kind: 'unknown' }
    index = read
  }
  if (values.has('u')) return positional.length === 0 ? { kind: 'none' } : runs(positional)
  const shell = values.get('s')
  if (shell === undefined) return { kind: 'none' }
  if (shell.literal === undefined) return runs([unknownWord])
  const args = positional[0]?.literal === '-' ? positional.slice(2) : positional.slice(1)
  return runs([shell, ...args])
}

const runs = (words: readonly CommandWord[]): UserSwitch => ({ kind: 'runs', words })

/** Long options by the short letter they stand for (`--shell` is `-s`, `--user` is `-u`). */
const longLetters: Readonly<Record<string, string>> = { '--shell': 's', '--user': 'u' }

/**
 * Reads the option word at `index`, recording the values of `-s` and `-u` (by letter) in
 * `values`; the index of its last word, or undefined when it is not one su or runuser takes.
 */
function readSwitchOption(
  words: readonly CommandWord[],
  index: number,
  values: Map<string, CommandWord>,
): number | undefined {
  const literal = words[index]?.literal ?? ''
  const { flags = [], withValue = [] } = userSwitchOptions
  if (literal.startsWith('--')) {
    const equals = literal.indexOf('=')
    const name = equals < 0 ? literal : literal.slice(0, equals)
    if (flags.includes(literal)) return index
    if (!withValue.includes(name)) return undefined
    const value = equals < 0 ? words[index + 1] : literalWord(literal.slice(equals + 1))
    if (value === undefined) return undefined
    const letter = longLetters[name]
    if (letter !== undefined) values.set(letter, value)
    return equals < 0 ? index + 1 : index
  }
  for (let at = 1; at < literal.length; at++) {
    const option = `-${literal.charAt(at)}`
    if (flags.includes(option)) continue
    if (!withValue.includes(option)) return undefined
    const attached = literal.slice(at + 1)
    const value = attached === '' ? words[index + 1] : literalWord(attached)
    if (value === undefined) return undefined
    values.set(option.charAt(1), value)
    return attached === '' ? index + 1 : index
  }
  return index
}
