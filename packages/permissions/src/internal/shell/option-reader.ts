import type { CommandWord } from './command-text.js'
import type { OptionSpec } from '../security-tables.js'

/** Where reading a program's options stopped. */
export type OptionsEnd =
  /** The first word after the options (and positionals): the command, or the end. */
  | { readonly kind: 'end'; readonly next: number }
  /** An option that cannot be read for sure (unknown, or known only at run time). */
  | { readonly kind: 'unknown' }
  /** An option after which the command is a string or a shell (`sudo -s`, `flock -c`). */
  | { readonly kind: 'shell'; readonly option: string; readonly next: number }

/**
 * Reads a program's options from `from` as GNU getopt does: `--` ends them, a long option takes
 * its value attached (`--signal=KILL`) or as the next word, and short options may be bundled
 * (`sudo -Eu root`: `-E`, then `-u` with the value `root`; a value may also be attached, `-uroot`).
 * Then `spec.positionals` words. Anything it cannot read for sure makes the whole unknown.
 */
export function readOptions(
  words: readonly CommandWord[],
  from: number,
  spec: OptionSpec,
): OptionsEnd {
  let index = from
  while (index < words.length) {
    const literal = words[index]?.literal
    if (literal === undefined) return { kind: 'unknown' }
    if (literal === '--') {
      index++
      break
    }
    if (!literal.startsWith('-') || literal === '-') break
    if (spec.shellOptions?.some((option) => bundleHas(literal, option)) === true) {
      return { kind: 'shell', option: literal, next: index + 1 }
    }
    const next = readOption(words, index, spec)
    if (next === undefined) return { kind: 'unknown' }
    index = next
  }
  for (let count = 0; count < (spec.positionals ?? 0); count++) {
    if (index >= words.length || words[index]?.literal === undefined) return { kind: 'unknown' }
    index++
  }
  return { kind: 'end', next: index }
}

/** Reads the option word at `index`; the index after it (and its value), or undefined. */
export function readOption(
  words: readonly CommandWord[],
  index: number,
  spec: OptionSpec,
): number | undefined {
  const literal = words[index]?.literal ?? ''
  if (spec.flags?.includes(literal) === true) return index + 1
  // nice's obsolete `-10` and `--10` (an adjustment of -10).
  if (spec.numeric === true && isDigits(literal.replace(/^--?/, ''))) return index + 1
  if (literal.startsWith('--')) {
    const name = literal.includes('=') ? literal.slice(0, literal.indexOf('=')) : literal
    if (spec.withValue?.includes(name) === true) {
      if (literal !== name) return index + 1
      return index + 2 <= words.length ? index + 2 : undefined
    }
    if (spec.attachedOnly?.includes(name) === true) return index + 1
    return undefined
  }
  // A bundle of short options: each a flag, until one that takes the rest (or the next word).
  for (let at = 1; at < literal.length; at++) {
    const option = `-${literal.charAt(at)}`
    if (spec.flags?.includes(option) === true) continue
    if (spec.withValue?.includes(option) === true) {
      if (at + 1 < literal.length) return index + 1
      return index + 2 <= words.length ? index + 2 : undefined
    }
    if (spec.attachedOnly?.includes(option) === true) return index + 1
    return undefined
  }
  return index + 1
}

/** Whether an option word is `option` or, for a short one, a bundle holding it before any value. */
export function bundleHas(word: string, option: string): boolean {
  if (word === option) return true
  if (option.startsWith('--')) return word.startsWith(`${option}=`)
  if (word.startsWith('--') || !word.startsWith('-')) return false
  return word.slice(1).includes(option.slice(1))
}

/**
 * Whether a long option word (`--to-com=x`) is one of `names` or an abbreviation of one, as GNU
 * getopt accepts any unambiguous prefix.
 */
export function isLongOptionOf(word: string, names: readonly string[]): boolean {
  if (!word.startsWith('--') || word.length < 3) return false
  const equals = word.indexOf('=')
  const name = word.slice(2, equals < 0 ? undefined : equals)
  return names.some((candidate) => candidate.startsWith(name))
}

function isDigits(value: string): boolean {
  if (value === '') return false
  for (const char of value) if (char < '0' || char > '9') return false
  return true
}
