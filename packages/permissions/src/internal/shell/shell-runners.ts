import { unknownWord } from './command-text.js'
import type { CommandWord } from './command-text.js'

/** The shells whose `-c` string, or whose input, is a command line nobody has seen yet. */
export const shells: ReadonlySet<string> = new Set([
  'sh',
  'bash',
  'zsh',
  'dash',
  'ksh',
  'mksh',
  'ash',
  'yash',
  'fish',
  'csh',
  'tcsh',
])

/** How a shell was started: with `-c` and its string, with a script, or reading its input. */
export type ShellInvocation =
  | { readonly kind: 'string'; readonly command: CommandWord | undefined }
  | { readonly kind: 'script' }
  | { readonly kind: 'stdin' }

/** Options of bash and its kin that take the next word as their value. */
const valueOptions = new Set(['-o', '+o', '-O', '+O', '--rcfile', '--init-file'])

/** Reads a shell's options (`bash -lc '…'`, `sh -e -c '…'`, `zsh script.zsh`, `bash -s`). */
export function readShellInvocation(words: readonly CommandWord[]): ShellInvocation {
  let string = false
  let stdin = false
  let index = 1
  for (; index < words.length; index++) {
    const literal = words[index]?.literal
    // An option known only at run time could be `-c`: treat the rest as a string to run.
    if (literal === undefined) return { kind: 'string', command: undefined }
    if (literal === '--' || literal === '-') {
      index++
      break
    }
    if (valueOptions.has(literal)) {
      index++
      continue
    }
    if (literal.startsWith('--')) continue
    if ((literal.startsWith('-') || literal.startsWith('+')) && literal.length > 1) {
      if (literal.includes('c')) string = true
      if (literal.includes('s')) stdin = true
      if (literal.endsWith('o') || literal.endsWith('O')) index++
      continue
    }
    break
  }
  if (string) return { kind: 'string', command: words[index] }
  if (stdin || index >= words.length) return { kind: 'stdin' }
  return { kind: 'script' }
}

/**
 * Commands other than shells that run a string as a command line (SPEC §18.2's `eval`, and its
 * kin): which of their words is that string. Each makes the call unallowable; deny rules read
 * the string.
 */
export function commandStrings(
  name: string,
  words: readonly CommandWord[],
): CommandWord[] | undefined {
  switch (name) {
    case 'eval':
      return [joinLiterals(words.slice(1))]
    case 'trap': {
      const action = words[1]
      if (action === undefined || words.length < 3) return undefined
      if (
        action.literal === '-' ||
        action.literal === '' ||
        action.literal?.startsWith('-') === true
      ) {
        return undefined
      }
      return [action]
    }
    case 'watch':
      return [joinLiterals(words.slice(1).filter((word) => word.literal?.startsWith('-') !== true))]
    case 'su':
    case 'script':
    case 'flock': {
      const found: CommandWord[] = []
      for (let index = 1; index < words.length; index++) {
        const literal = words[index]?.literal
        if (literal === '-c' || literal === '--command') {
          found.push(words[index + 1] ?? { text: '', literal: '' })
        } else if (literal?.startsWith('--command=') === true) {
          found.push({ text: literal.slice(10), literal: literal.slice(10) })
        }
      }
      return found.length === 0 ? undefined : found
    }
    default:
      return undefined
  }
}

/** `source`, `.`: they run a file's commands, which no rule has seen. */
export const sourcing: ReadonlySet<string> = new Set(['source', '.'])

function joinLiterals(words: readonly CommandWord[]): CommandWord {
  let literal = ''
  for (let index = 0; index < words.length; index++) {
    const value = words[index]?.literal
    if (value === undefined) return { text: '', literal: undefined }
    literal += (index > 0 ? ' ' : '') + value
  }
  return { text: literal, literal }
}

/** The commands `find … -exec cmd … ;` (and `-execdir`, `-ok`, `-okdir`) runs, `{}` unknown. */
export function findExecCommands(words: readonly CommandWord[]): CommandWord[][] {
  const found: CommandWord[][] = []
  for (let index = 1; index < words.length; index++) {
    const literal = words[index]?.literal
    if (
      literal !== '-exec' &&
      literal !== '-execdir' &&
      literal !== '-ok' &&
      literal !== '-okdir'
    ) {
      continue
    }
    const command: CommandWord[] = []
    index++
    for (; index < words.length; index++) {
      const word = words[index] ?? unknownWord
      if (word.literal === ';' || word.literal === '+') break
      command.push(word.literal === '{}' ? { text: '\u0001', literal: undefined } : word)
    }
    if (command.length > 0) found.push(command)
  }
  return found
}
