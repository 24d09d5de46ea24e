import type { CommandWord } from './command-text.js'
import {
  safeSetLetters,
  safeSetLongOptions,
  safeShoptOptions,
  shoptOptionsSafeToUnset,
} from '../security-tables.js'

/**
 * `set` options that change how bash reads what comes after, or what it exports (SPEC §26): `-k`
 * (keyword) makes `NAME=value` arguments assignments in the environment of the command (`set
 * -k; ls LD_PRELOAD=…`), `-H` (histexpand) makes `!!` read earlier text as code, `-a`
 * (allexport) exports every variable a later `read`, `for` or `printf -v` sets, and the like.
 * Only the options known to leave reading and the environment alone pass; a word known only at
 * run time may be any option. Operands (after `--`, or the first word that is no option) are
 * positional parameters.
 */
export function setOptionsHiding(words: readonly CommandWord[]): string[] {
  for (let index = 1; index < words.length; index++) {
    const literal = words[index]?.literal
    if (literal === undefined) return ['set options known only at run time']
    if (literal === '--' || literal === '-' || !/^[-+]/.test(literal)) return []
    // Each `o` of the word (`-o`, `-euo pipefail`, `-oo errexit keyword`) takes the next
    // word as an option's name, as bash's set.def reads a bundle letter by letter.
    let names = 0
    for (const letter of literal.slice(1)) {
      if (letter === 'o') names++
      else if (!safeSetLetters.includes(letter)) {
        return [`set ${literal}, which changes how bash reads later commands`]
      }
    }
    for (; names > 0; names--) {
      // With no word left, `set -o` lists the options.
      if (index + 1 >= words.length) return []
      const option = words[++index]?.literal
      if (option === undefined || !safeSetLongOptions.has(option)) {
        return [`set ${literal} ${option ?? '…'}, which changes how bash reads later commands`]
      }
    }
  }
  return []
}

/**
 * `shopt` as bash reads it (bash(1), SHELL BUILTIN COMMANDS, shopt `[-pqsu] [-o] [optname …]`):
 * its flags come first, bundled or not (`-qs`, `-s -q`), up to `--` or the first other word;
 * `-s` sets and `-u` unsets the names after them (`-o`: `set -o` names), which otherwise are
 * only listed or queried. Setting an option off the safe list (`expand_aliases`, `extglob`,
 * `lastpipe`, `nullglob`, `cdable_vars`, …) changes how bash reads, expands or runs later
 * commands: a hidden command. Unsetting one is so unless it is off when bash starts a script.
 */
export function shoptHiding(words: readonly CommandWord[]): string[] {
  let flags = ''
  let index = 1
  for (; index < words.length; index++) {
    const literal = words[index]?.literal
    if (literal === undefined) return ['shopt words known only at run time']
    if (literal === '--') {
      index++
      break
    }
    if (!literal.startsWith('-') || literal === '-') break
    if (!/^-[pqsuo]+$/.test(literal)) return [`shopt ${literal}, an option it cannot read`]
    flags += literal.slice(1)
  }
  const sets = flags.includes('s')
  const unsets = flags.includes('u')
  if (!sets && !unsets) return []
  const setOptions = flags.includes('o')
  for (const word of words.slice(index)) {
    const name = word.literal
    const safe =
      name !== undefined &&
      (setOptions
        ? safeSetLongOptions.has(name)
        : (!sets || safeShoptOptions.has(name)) &&
          (!unsets || safeShoptOptions.has(name) || shoptOptionsSafeToUnset.has(name)))
    if (!safe) {
      return [`shopt -${flags} ${name ?? '…'}, which changes how bash reads or runs later commands`]
    }
  }
  return []
}
