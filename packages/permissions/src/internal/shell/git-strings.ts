import type { CommandWord } from './command-text.js'
import { bundleHas, isLongOptionOf } from './option-reader.js'
import { listOf, none } from './program-strings-result.js'
import type { ProgramStrings } from './program-strings-result.js'
import { joinTexts } from './wrappers.js'
import {
  gitCommandOptions,
  gitFlagOptions,
  gitSubcommandCommandOptions,
  gitSubcommands,
  gitValueOptions,
} from '../security-tables.js'

/**
 * What git is given to run (SPEC §26): its own options that run code or read a configuration
 * the call controls (`-c`, `--exec-path`), a subcommand that may be an alias (a `!` alias runs a
 * shell command), and a subcommand's options that run a command (`rebase -x`, `fetch
 * --upload-pack`, in any abbreviation git takes).
 */
export function gitStrings(words: readonly CommandWord[]): ProgramStrings {
  const index = gitSubcommandAt(words)
  if (typeof index === 'string') return { hidingConstructs: [index], nested: [] }
  const subcommand = words[index]
  if (subcommand === undefined) return none
  const name = subcommand.literal
  if (name === undefined || !gitSubcommands.has(name)) {
    return {
      hidingConstructs: [
        'a git subcommand that may be an alias, which can run a shell command (!alias)',
      ],
      nested: [],
    }
  }
  const options = Object.hasOwn(gitSubcommandCommandOptions, name)
    ? gitSubcommandCommandOptions[name]
    : undefined
  if (options === undefined) return none
  if (options.includes('*'))
    return { hidingConstructs: [`git ${name}, which can make git run other code`], nested: [] }
  for (let at = index + 1; at < words.length; at++) {
    const literal = words[at]?.literal
    if (literal === undefined)
      return { hidingConstructs: [`git ${name} words known only at run time`], nested: [] }
    for (const option of options) {
      // git's parse-options takes any unambiguous abbreviation (`--upload-pa=…`, `--exe=…`).
      const long = option.startsWith('--') && isLongOptionOf(literal, [option.slice(2)])
      if (literal === option || long) {
        const equals = literal.indexOf('=')
        const value = equals < 0 ? words[at + 1]?.literal : literal.slice(equals + 1)
        const nested =
          option === 'run' || option === 'foreach' ? joinTexts(words.slice(at + 1)) : value
        return {
          hidingConstructs: [`git ${name} ${option}, which runs a command`],
          nested: listOf(nested),
        }
      }
      if (!option.startsWith('--') && option.startsWith('-') && bundleHas(literal, option)) {
        return { hidingConstructs: [`git ${name} ${literal}, which runs a command`], nested: [] }
      }
    }
  }
  return none
}

/**
 * Where git's subcommand is in its words, after git's own options (`-C dir`, `--bare`, …): its
 * index (the length when there is none), or why those options cannot be read.
 */
export function gitSubcommandAt(words: readonly CommandWord[]): number | string {
  let index = 1
  for (; index < words.length; index++) {
    const literal = words[index]?.literal
    if (literal === undefined) return 'git options known only at run time'
    if (!literal.startsWith('-')) break
    const option = literal.includes('=') ? literal.slice(0, literal.indexOf('=')) : literal
    if (gitCommandOptions.has(option) || option.startsWith('-c')) {
      return `git ${option}, which can make git run other code`
    }
    if (gitValueOptions.has(option)) {
      if (!literal.includes('=') && option !== '--list-cmds') index++
      continue
    }
    if (!gitFlagOptions.has(option)) return `git's option ${literal}, which it cannot read`
  }
  return index
}
