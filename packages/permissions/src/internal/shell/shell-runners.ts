import { unknown, unknownWord } from './command-text.js'
import type { CommandWord } from './command-text.js'
import { bundleHas } from './option-reader.js'
import { joinTexts, wordText } from './wrappers.js'
import {
  findExecActions,
  shellValueOptions,
  stringRunners,
  watchValueOptions,
} from '../security-tables.js'

/** How a shell was started: with `-c` and its string, with a script, or reading its input. */
export type ShellInvocation =
  | { readonly kind: 'string'; readonly command: CommandWord | undefined }
  | { readonly kind: 'script' }
  | { readonly kind: 'stdin' }

/** Reads a shell's options (`bash -lc '…'`, `sh -e -c '…'`, `zsh script.zsh`, `bash -s`). */
export function readShellInvocation(words: readonly CommandWord[]): ShellInvocation {
  let string = false
  let stdin = false
  let index = 1
  for (; index < words.length; index++) {
    const literal = words[index]?.literal
    // A word known only at run time: the string after `-c`, or an option that could be `-c`
    // (then the rest is a string to run). Either way deny rules read it.
    if (literal === undefined) return { kind: 'string', command: words[index] }
    if (literal === '--' || literal === '-') {
      index++
      break
    }
    if (shellValueOptions.has(literal)) {
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
 * A string a builtin or program runs as a command line: its text, the parts known only at run
 * time marked unknown (a parse reads them as unknown words), or undefined when there is none.
 */
export interface RunString {
  readonly text: string | undefined
}

/**
 * The strings a builtin or program other than a shell runs as command lines (SPEC §18.2's
 * `eval`, and its kin in `stringRunners`), or undefined when `name` runs none in these words.
 * Each makes the call unallowable; deny rules read the strings.
 */
export function commandStrings(
  name: string,
  words: readonly CommandWord[],
): RunString[] | undefined {
  if (!Object.hasOwn(stringRunners, name)) return undefined
  const where = stringRunners[name]
  if (where === undefined) return undefined
  if ('options' in where) {
    const found: RunString[] = []
    for (let index = 1; index < words.length; index++) {
      const literal = words[index]?.literal
      if (literal === undefined) {
        found.push({ text: wordText(words[index]) })
        continue
      }
      for (const option of where.options) {
        if (literal === option) found.push({ text: wordText(words[index + 1]) })
        else if (option.startsWith('--') && literal.startsWith(`${option}=`))
          found.push({ text: literal.slice(option.length + 1) })
        else if (!option.startsWith('--') && bundleHas(literal, option))
          found.push({ text: undefined })
      }
    }
    return found.length === 0 ? undefined : found
  }
  if (where.at === 'all') {
    const rest = name === 'watch' ? watchCommand(words) : words.slice(1)
    return rest.length === 0 ? undefined : [{ text: joinTexts(rest) }]
  }
  return trapAction(words)
}

/** `trap [-lp] [--] action signal…`: the action, when there is one to run. */
function trapAction(words: readonly CommandWord[]): RunString[] | undefined {
  let index = 1
  for (; index < words.length; index++) {
    const literal = words[index]?.literal
    if (literal === undefined) return [{ text: wordText(words[index]) }]
    if (literal === '--') {
      index++
      break
    }
    // `-l` and `-p` list; anything else starting with `-` is the action `-` (reset) or a signal.
    if (literal === '-l' || literal === '-p' || literal === '-lp' || literal === '-pl') continue
    break
  }
  const action = words[index]
  // With one word it is a signal to reset; `-` and `''` reset or ignore: nothing runs.
  if (action === undefined || index + 1 >= words.length) return undefined
  if (action.literal === '-' || action.literal === '') return undefined
  return [{ text: wordText(action) }]
}

/** `watch [options] command…`: the words it runs (joined by a shell unless `-x`). */
function watchCommand(words: readonly CommandWord[]): CommandWord[] {
  let index = 1
  while (index < words.length) {
    const literal = words[index]?.literal
    if (literal === undefined) return [unknownWord]
    if (literal === '--') {
      index++
      break
    }
    if (!literal.startsWith('-')) break
    index += watchValueOptions.has(literal) ? 2 : 1
  }
  return words.slice(index)
}

/**
 * The commands `find … -exec cmd … ;` (and `-execdir`, `-ok`, `-okdir`) runs. find replaces
 * `{}` wherever it appears in a word, so such a word is known only when it runs.
 */
export function findExecCommands(words: readonly CommandWord[]): CommandWord[][] {
  const found: CommandWord[][] = []
  for (let index = 1; index < words.length; index++) {
    const literal = words[index]?.literal
    if (literal === undefined || !findExecActions.has(literal)) continue
    const command: CommandWord[] = []
    index++
    for (; index < words.length; index++) {
      const word = words[index] ?? unknownWord
      if (word.literal === ';' || word.literal === '+') break
      command.push(replaced(word, '{}'))
    }
    if (command.length > 0) found.push(command)
  }
  return found
}

/** A word with every occurrence of `pattern` made unknown (what find and xargs -I replace). */
export function replaced(word: CommandWord, pattern: string): CommandWord {
  if (pattern === '' || !word.text.includes(pattern)) return word
  return { text: word.text.split(pattern).join(unknown), literal: undefined }
}
