import { unknownWord } from './command-text.js'
import type { CommandWord } from './command-text.js'
import { readOption, readOptions } from './option-reader.js'
import { readUserSwitch } from './user-switch.js'
import { allowWrappers, denyOnlyWrappers, envOptions, xargsOptions } from '../security-tables.js'

/** What stripping one wrapper off the front of a command found. */
export type StripStep =
  /** The wrapped command starts at `next`; `assignments` are env's `NAME=value` words. */
  | {
      readonly kind: 'wrapped'
      readonly next: number
      readonly assignments: readonly string[]
      /** xargs: unknown words are appended to the command. */
      readonly appendUnknown?: boolean
      /** xargs -I: words holding this string are known only when it runs. */
      readonly replaces?: string
      /**
       * The wrapped command's words when they are not the words from `next` on (`su -s PROG`
       * runs PROG; su's options may follow its user): the command is these, from their start.
       */
      readonly words?: readonly CommandWord[]
    }
  /** Not a wrapper, or a wrapper with nothing after it: the command is what it is. */
  | { readonly kind: 'none' }
  /** A wrapper whose options cannot be read for sure: the command behind it is unknown. */
  | { readonly kind: 'unknown' }
  /**
   * The command behind the wrapper is a string a shell runs (`env -S`, `flock -c`, `sudo -s`):
   * `value` is the string when it is one word, undefined when it is the rest of the words.
   */
  | { readonly kind: 'split-string'; readonly value: string | undefined; readonly next: number }

/**
 * Strips the wrapper that `words[at]` names, if it is one (SPEC §18.2, §26; the tables are in
 * `security-tables.ts`). `name` is the literal command name (its basename for deny rules). For
 * allow rules only the wrappers of SPEC §18.2 are stripped, and `xargs` only without flags.
 */
export function stripWrapper(
  words: readonly CommandWord[],
  at: number,
  name: string,
  forAllow: boolean,
): StripStep {
  if (name === 'env') return stripEnv(words, at)
  if (name === 'xargs') return stripXargs(words, at, forAllow)
  if (!forAllow && (name === 'su' || name === 'runuser')) return userSwitchStep(words, at)
  const spec = Object.hasOwn(allowWrappers, name)
    ? allowWrappers[name]
    : !forAllow && Object.hasOwn(denyOnlyWrappers, name)
      ? denyOnlyWrappers[name]
      : undefined
  if (spec === undefined) return { kind: 'none' }
  if (name === 'jobs' && !jobsRunsCommand(words, at)) return { kind: 'none' }
  if (name === 'command') {
    const option = words[at + 1]?.literal
    // `command -v name` and `command -V name` look a name up; they run nothing.
    if (option?.startsWith('-') === true && (option.includes('v') || option.includes('V'))) {
      return { kind: 'none' }
    }
  }
  const end = readOptions(words, at + 1, spec)
  if (end.kind === 'unknown') return end
  if (end.kind === 'shell') {
    // `flock -c 'string'` runs one word; `sudo -s cmd args` runs the rest through a shell.
    const oneWord = end.option === '-c' || end.option === '--command'
    return {
      kind: 'split-string',
      value: oneWord ? wordText(words[end.next]) : joinTexts(words.slice(end.next)),
      next: end.next,
    }
  }
  if (end.next >= words.length) return { kind: 'none' }
  // `flock FILE -c 'string'`: the string option may follow the positional.
  const after = words[end.next]?.literal
  if (after !== undefined && spec.shellOptions?.includes(after) === true) {
    return { kind: 'split-string', value: wordText(words[end.next + 1]), next: end.next + 1 }
  }
  // sudo takes `NAME=value` words before the command, as env does.
  const assignments: string[] = []
  let next = end.next
  if (name === 'sudo') {
    for (; next < words.length; next++) {
      const text = words[next]?.text ?? ''
      const equals = text.indexOf('=')
      if (equals <= 0 || !isName(text.slice(0, equals))) break
      assignments.push(text.slice(0, equals))
    }
    if (next >= words.length) return { kind: 'none' }
  }
  // `jobs -x`: a word starting with `%` is a job spec bash replaces by a process group id; any
  // word holding a `%` is read as known only at run time (which errs the safe way).
  return name === 'jobs'
    ? { kind: 'wrapped', next, assignments, replaces: '%' }
    : { kind: 'wrapped', next, assignments }
}

/** su's and runuser's command, for deny rules: `runuser -u USER cmd…`, `su -s PROG USER…`. */
function userSwitchStep(words: readonly CommandWord[], at: number): StripStep {
  const found = readUserSwitch(words, at)
  return found.kind === 'runs'
    ? { kind: 'wrapped', next: 0, assignments: [], words: found.words }
    : found
}

/**
 * Whether `jobs` (at `at`) runs its words as a command: `-x` among its options, bundled too
 * (bash(1), "Job Control Builtins": `jobs -x command [args]`). A word known only at run time may
 * be `-x`.
 */
export function jobsRunsCommand(words: readonly CommandWord[], at = 0): boolean {
  for (let index = at + 1; index < words.length; index++) {
    const literal = words[index]?.literal
    if (literal === undefined) return true
    if (literal === '--' || literal === '-' || !literal.startsWith('-')) return false
    if (!literal.startsWith('--') && literal.includes('x')) return true
  }
  return false
}

function stripXargs(words: readonly CommandWord[], at: number, forAllow: boolean): StripStep {
  const hasFlags = words[at + 1]?.literal?.startsWith('-') ?? words[at + 1] !== undefined
  if (forAllow && hasFlags) return { kind: 'none' }
  const end = readOptions(words, at + 1, xargsOptions)
  if (end.kind !== 'end') return { kind: 'unknown' }
  if (end.next >= words.length) return { kind: 'none' }
  const replaces = xargsReplaceString(words, at + 1, end.next)
  return {
    kind: 'wrapped',
    next: end.next,
    assignments: [],
    appendUnknown: true,
    ...(replaces === undefined ? {} : { replaces }),
  }
}

/** xargs' `-I R`, `-iR`, `-i` or `--replace[=R]`: the string its command's words replace. */
function xargsReplaceString(
  words: readonly CommandWord[],
  from: number,
  to: number,
): string | undefined {
  for (let index = from; index < to; index++) {
    const literal = words[index]?.literal ?? ''
    if (literal === '-I') return words[index + 1]?.literal ?? ''
    if (literal.startsWith('-I')) return literal.slice(2)
    if (literal === '-i' || literal === '--replace') return '{}'
    if (literal.startsWith('-i')) return literal.slice(2)
    if (literal.startsWith('--replace=')) return literal.slice(10)
  }
  return undefined
}

function stripEnv(words: readonly CommandWord[], at: number): StripStep {
  let index = at + 1
  while (index < words.length) {
    const literal = words[index]?.literal
    if (literal === undefined) return { kind: 'unknown' }
    if (literal === '-S' || literal === '--split-string') {
      return { kind: 'split-string', value: wordText(words[index + 1]), next: index + 1 }
    }
    if (literal.startsWith('--split-string=') || (literal.startsWith('-S') && literal.length > 2)) {
      const value = literal.slice(literal.startsWith('-S') ? 2 : 15)
      return { kind: 'split-string', value, next: index }
    }
    if (!literal.startsWith('-') || literal === '-') break
    if (literal === '--') {
      index++
      break
    }
    // A bundle of flags ending in -S (`-vS 'cmd'`, `-iS'cmd'`) splits a string too.
    if (!literal.startsWith('--') && literal.includes('S')) {
      const at = literal.indexOf('S')
      if (!/^-[i0v]*$/.test(literal.slice(0, at))) return { kind: 'unknown' }
      return at + 1 < literal.length
        ? { kind: 'split-string', value: literal.slice(at + 1), next: index }
        : { kind: 'split-string', value: wordText(words[index + 1]), next: index + 1 }
    }
    const consumed = readOption(words, index, envOptions)
    if (consumed === undefined) return { kind: 'unknown' }
    index = consumed
  }
  if (words[index]?.literal === '-') index++
  const assignments: string[] = []
  for (; index < words.length; index++) {
    const word = words[index] ?? unknownWord
    const equals = word.text.indexOf('=')
    if (equals <= 0 || !isName(word.text.slice(0, equals))) break
    assignments.push(word.text.slice(0, equals))
  }
  if (index >= words.length) return { kind: 'none' }
  return { kind: 'wrapped', next: index, assignments }
}

/**
 * What a word says, as text a shell would be given: its literal value, or its spelling with the
 * parts known only at run time as {@link unknown} (which a parse of the text reads as unknown).
 */
export function wordText(word: CommandWord | undefined): string | undefined {
  return word === undefined ? undefined : (word.literal ?? word.text)
}

/** The words joined by spaces as a shell would be given them (`eval`), unknown parts marked. */
export function joinTexts(words: readonly CommandWord[]): string {
  return words.map((word) => word.literal ?? word.text).join(' ')
}

/** The words joined by spaces, or undefined when any is known only at run time. */
export function joinLiterals(words: readonly CommandWord[]): string | undefined {
  let out = ''
  for (let index = 0; index < words.length; index++) {
    const value = words[index]?.literal
    if (value === undefined) return undefined
    out += (index > 0 ? ' ' : '') + value
  }
  return out
}

/** Whether `value` is a shell variable name. */
export function isName(value: string): boolean {
  if (value === '') return false
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index)
    const letter = (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95
    if (!letter && !(index > 0 && code >= 48 && code <= 57)) return false
  }
  return true
}
