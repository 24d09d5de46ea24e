import { unknownWord } from './command-text.js'
import type { CommandWord } from './command-text.js'

/** How a wrapper's own options are read: which take a value, which stand alone. */
interface OptionSpec {
  /** Options that take no value (`-p`, `--foreground`). */
  readonly flags?: readonly string[]
  /** Options that take a value, as the next word or attached (`-n 5`, `-n5`, `--signal=KILL`). */
  readonly withValue?: readonly string[]
  /** Options whose value can only be attached (`-i{}`, xargs' `-e`, `-i`, `-l`). */
  readonly attachedOnly?: readonly string[]
  /** Whether `-<number>` is an option (nice's `-10`). */
  readonly numeric?: boolean
  /** Positional words before the command (timeout's duration). */
  readonly positionals?: number
}

/**
 * The wrappers stripped before matching (SPEC §18.2), for allow rules and deny rules alike: each
 * runs the command after its own options unchanged.
 */
const wrappers: Readonly<Record<string, OptionSpec>> = {
  timeout: {
    flags: ['--preserve-status', '--foreground', '-v', '--verbose'],
    withValue: ['-s', '--signal', '-k', '--kill-after'],
    positionals: 1,
  },
  time: { flags: ['-p'] },
  nice: { withValue: ['-n', '--adjustment'], numeric: true },
  nohup: {},
  stdbuf: { withValue: ['-i', '-o', '-e', '--input', '--output', '--error'] },
  command: { flags: ['-p'] },
  builtin: {},
  noglob: {},
}

/**
 * Wrappers stripped for deny and ask rules only: they run the command, but a rule that allows
 * `npm test` does not allow `sudo npm test`.
 */
const denyOnlyWrappers: Readonly<Record<string, OptionSpec>> = {
  exec: { flags: ['-c', '-l'], withValue: ['-a'] },
  sudo: {
    flags: ['-A', '-b', '-E', '-H', '-k', '-K', '-n', '-P', '-S', '-B', '-N', '-V'],
    withValue: [
      '-C',
      '-D',
      '-g',
      '-h',
      '-p',
      '-r',
      '-R',
      '-t',
      '-T',
      '-U',
      '-u',
      '--chdir',
      '--group',
      '--host',
      '--prompt',
      '--role',
      '--type',
      '--user',
      '--other-user',
      '--close-from',
      '--chroot',
      '--command-timeout',
    ],
  },
  doas: { flags: ['-n'], withValue: ['-u', '-C'] },
  coproc: {},
}

const envSpec: OptionSpec = {
  flags: ['-i', '-0', '-v', '--ignore-environment', '--null', '--debug', '-'],
  withValue: ['-u', '--unset', '-C', '--chdir'],
  attachedOnly: ['--default-signal', '--ignore-signal', '--block-signal'],
}

const xargsSpec: OptionSpec = {
  flags: [
    '-0',
    '-o',
    '-p',
    '-r',
    '-t',
    '-x',
    '--null',
    '--open-tty',
    '--interactive',
    '--no-run-if-empty',
    '--verbose',
    '--exit',
  ],
  withValue: [
    '-a',
    '-d',
    '-E',
    '-I',
    '-L',
    '-n',
    '-P',
    '-s',
    '--arg-file',
    '--delimiter',
    '--max-lines',
    '--max-args',
    '--max-procs',
    '--max-chars',
    '--process-slot-var',
  ],
  attachedOnly: ['-e', '-i', '-l', '--eof', '--replace'],
}

/** What stripping one wrapper off the front of a command found. */
export type StripStep =
  /** The wrapped command starts at `next`; `assignments` are env's `NAME=value` words. */
  | {
      readonly kind: 'wrapped'
      readonly next: number
      readonly assignments: readonly string[]
      readonly appendUnknown?: boolean
    }
  /** Not a wrapper, or a wrapper with nothing after it: the command is what it is. */
  | { readonly kind: 'none' }
  /** A wrapper whose options cannot be read for sure: the command behind it is unknown. */
  | { readonly kind: 'unknown' }
  /** `env -S`: a string split into a command, as a shell would. */
  | { readonly kind: 'split-string'; readonly value: string | undefined }

/**
 * Strips the wrapper that `words[at]` names, if it is one. `name` is the literal command name
 * (its basename for deny rules). For allow rules only the wrappers of SPEC §18.2 are stripped,
 * and `xargs` only without flags.
 */
export function stripWrapper(
  words: readonly CommandWord[],
  at: number,
  name: string,
  forAllow: boolean,
): StripStep {
  if (name === 'env') return stripEnv(words, at)
  if (name === 'xargs') {
    const hasFlags = words[at + 1]?.literal?.startsWith('-') ?? words[at + 1] !== undefined
    if (forAllow && hasFlags) return { kind: 'none' }
    const step = skipOptions(words, at + 1, xargsSpec)
    if (step === undefined) return { kind: 'unknown' }
    if (step >= words.length) return { kind: 'none' }
    return { kind: 'wrapped', next: step, assignments: [], appendUnknown: true }
  }
  const spec = Object.hasOwn(wrappers, name)
    ? wrappers[name]
    : !forAllow && Object.hasOwn(denyOnlyWrappers, name)
      ? denyOnlyWrappers[name]
      : undefined
  if (spec === undefined) return { kind: 'none' }
  if (name === 'command') {
    const option = words[at + 1]?.literal
    // `command -v name` and `command -V name` look a name up; they run nothing.
    if (
      option !== undefined &&
      option.startsWith('-') &&
      (option.includes('v') || option.includes('V'))
    ) {
      return { kind: 'none' }
    }
  }
  if (name === 'sudo' || name === 'doas') {
    for (let index = at + 1; index < words.length; index++) {
      const literal = words[index]?.literal
      if (literal === undefined || !literal.startsWith('-') || literal === '--') break
      if (literal === '-s' || literal === '-i' || literal === '--shell' || literal === '--login') {
        return { kind: 'unknown' }
      }
    }
  }
  const next = skipOptions(words, at + 1, spec)
  if (next === undefined) return { kind: 'unknown' }
  if (next >= words.length) return { kind: 'none' }
  return { kind: 'wrapped', next, assignments: [] }
}

function stripEnv(words: readonly CommandWord[], at: number): StripStep {
  let index = at + 1
  while (index < words.length) {
    const literal = words[index]?.literal
    if (literal === undefined) return { kind: 'unknown' }
    if (literal === '-S' || literal === '--split-string') {
      return { kind: 'split-string', value: words[index + 1]?.literal }
    }
    if (literal.startsWith('--split-string=') || (literal.startsWith('-S') && literal.length > 2)) {
      return { kind: 'split-string', value: literal.slice(literal.startsWith('-S') ? 2 : 15) }
    }
    if (!literal.startsWith('-') || literal === '-') break
    if (literal === '--') {
      index++
      break
    }
    const consumed = readOption(words, index, envSpec)
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

/** The index after a wrapper's options and positionals, or undefined when one is unreadable. */
function skipOptions(
  words: readonly CommandWord[],
  from: number,
  spec: OptionSpec,
): number | undefined {
  let index = from
  while (index < words.length) {
    const literal = words[index]?.literal
    if (literal === undefined) return undefined
    if (literal === '--') {
      index++
      break
    }
    if (!literal.startsWith('-') || literal === '-') break
    const next = readOption(words, index, spec)
    if (next === undefined) return undefined
    index = next
  }
  for (let count = 0; count < (spec.positionals ?? 0); count++) {
    if (index >= words.length || words[index]?.literal === undefined) return undefined
    index++
  }
  return index
}

/** Reads the option at `index`; the index after it (and its value), or undefined if unknown. */
function readOption(
  words: readonly CommandWord[],
  index: number,
  spec: OptionSpec,
): number | undefined {
  const literal = words[index]?.literal ?? ''
  if (spec.flags?.includes(literal) === true) return index + 1
  if (spec.numeric === true && literal.length > 1 && isDigits(literal.slice(1))) return index + 1
  for (const option of spec.withValue ?? []) {
    if (literal === option) return index + 2 <= words.length ? index + 2 : undefined
    if (option.startsWith('--') ? literal.startsWith(`${option}=`) : literal.startsWith(option)) {
      return index + 1
    }
  }
  for (const option of spec.attachedOnly ?? []) {
    if (literal === option || literal.startsWith(option.startsWith('--') ? `${option}=` : option)) {
      return index + 1
    }
  }
  return undefined
}

function isDigits(value: string): boolean {
  if (value === '') return false
  for (const char of value) if (char < '0' || char > '9') return false
  return true
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

/** Where the command of `xargs <options> command …` starts, or undefined when unreadable. */
export function xargsCommandStart(words: readonly CommandWord[], at: number): number | undefined {
  return skipOptions(words, at + 1, xargsSpec)
}
