import { basename } from './command-spellings.js'
import { literalWord, unknown } from './command-text.js'
import type { CommandWord } from './command-text.js'
import { gitSubcommandAt } from './git-strings.js'
import { isLongOptionOf } from './option-reader.js'
import { literalPath, maxPathLength } from './path-word.js'
import type { ShellPath } from './path-word.js'
import { gitOutputOptions, gitOutputSubcommands } from '../security-tables.js'

/** A file (or a folder of files) a git command writes by an option, as a redirection's is. */
export interface GitWrite {
  /** What the line says it writes: the path as given (after `-C`), or unknown. */
  readonly target: CommandWord
  /** The path git opens, or undefined when it is known only when git runs. */
  readonly path: ShellPath | undefined
  /** A word known only at run time that may be an output option, or may not. */
  readonly maybe?: true
}

/**
 * The files a git command writes by its options (SPEC §18.2, §26): `git log --output=<file>`
 * writes its file with no redirection to show it, so each is an edit subject as a redirection's
 * file is — relative to where git runs (`-C dir`), with no tilde expanded after `=` or `-o`. A
 * word known only at run time may be such an option (unless its known start names another
 * option): a file known only at run time. The options are in security-tables.ts
 * (`gitOutputSubcommands`); words after `--` are paths.
 */
export function gitWrites(words: readonly CommandWord[]): GitWrite[] {
  if (basename(words[0]?.literal ?? '') !== 'git') return []
  const at = gitSubcommandAt(words)
  if (typeof at === 'string') return []
  const subcommand = words[at]?.literal
  if (subcommand === undefined || !Object.hasOwn(gitOutputSubcommands, subcommand)) return []
  const short = gitOutputSubcommands[subcommand]
  const base = gitDirectory(words.slice(1, at))
  const writes: GitWrite[] = []
  for (let index = at + 1; index < words.length; index++) {
    const word = words[index]
    const literal = word?.literal
    if (word === undefined || literal === '--') break
    if (literal === undefined) {
      if (mayBeOutputOption(word.text)) writes.push({ target: word, path: undefined, maybe: true })
      continue
    }
    const value = outputValue(literal, short)
    if (value === undefined) continue
    if (value !== '') {
      writes.push(written(base, plainPath(value)))
      continue
    }
    const next = words[++index]
    writes.push(written(base, next === undefined ? undefined : literalPath(next)))
  }
  return writes
}

/**
 * The value an output option holds in `literal` ('' when it is the next word), or undefined
 * when `literal` is no output option.
 */
function outputValue(literal: string, short: 'o' | undefined): string | undefined {
  if (literal.startsWith('--')) {
    if (!isLongOptionOf(literal, gitOutputOptions)) return undefined
    const equals = literal.indexOf('=')
    return equals < 0 ? '' : literal.slice(equals + 1)
  }
  if (short === undefined || !literal.startsWith('-')) return undefined
  // parse-options: the letter takes the rest of its bundle as its value, or the next word.
  const letter = literal.indexOf(short, 1)
  return letter < 0 ? undefined : literal.slice(letter + 1)
}

/** Whether a word with parts known only at run time may be an output option. */
function mayBeOutputOption(text: string): boolean {
  const known = text.slice(0, Math.max(0, text.indexOf(unknown)))
  // `HEAD~$n` is no option; `--author=$name` is another option whatever the rest.
  if (known !== '' && !known.startsWith('-')) return false
  const equals = known.indexOf('=')
  return !(known.startsWith('--') && equals > 0 && !isLongOptionOf(known, gitOutputOptions))
}

/** Where git runs after its `-C` options, relative to the line's working directory. */
function gitDirectory(options: readonly CommandWord[]): ShellPath | undefined {
  let base: ShellPath | undefined = { anchor: 'cwd', path: '' }
  for (let index = 0; index < options.length; index++) {
    if (options[index]?.literal !== '-C') continue
    const next = options[++index]
    const directory = next === undefined ? undefined : literalPath(next)
    base = directory === undefined || base === undefined ? undefined : joined(base, directory)
  }
  return base
}

function written(base: ShellPath | undefined, path: ShellPath | undefined): GitWrite {
  const at = base === undefined || path === undefined ? undefined : joined(base, path)
  if (at === undefined || at.path.length > maxPathLength)
    return { target: unknownTarget, path: undefined }
  const shown = at.anchor === 'home' ? `~/${at.path}` : at.path === '' ? '.' : at.path
  return { target: literalWord(shown), path: at }
}

const unknownTarget: CommandWord = { text: unknown, literal: undefined }

/** `path` taken from `base` (an absolute or home path stands alone). */
function joined(base: ShellPath, path: ShellPath): ShellPath {
  if (path.anchor !== 'cwd') return path
  if (base.path === '' || path.path === '')
    return { anchor: base.anchor, path: base.path + path.path }
  const separator = base.path.endsWith('/') ? '' : '/'
  return { anchor: base.anchor, path: `${base.path}${separator}${path.path}` }
}

/** A path as git takes it from an option's value: no tilde, no quoting. */
function plainPath(value: string): ShellPath {
  return value.startsWith('/')
    ? { anchor: 'absolute', path: value }
    : { anchor: 'cwd', path: value }
}
