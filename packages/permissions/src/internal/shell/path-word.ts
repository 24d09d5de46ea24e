import type { CommandWord } from './command-text.js'
import { readWord } from './read-word.js'
import type { SyntaxNode } from './syntax-node.js'

/**
 * A path written in a command line, as bash expands it (SPEC §26): relative to the working
 * directory (which `cd` may move), to the home folder (`~/x`, `$HOME/x`), or absolute.
 */
export interface ShellPath {
  readonly anchor: 'cwd' | 'home' | 'absolute'
  /** The rest of the path, relative to the anchor (absolute: the whole path). */
  readonly path: string
}

/** Longer than PATH_MAX: no system call takes it, so it names no file the rules can judge. */
export const maxPathLength = 4096

const homeMark = '\u0004home\u0004'
const pwdMark = '\u0004pwd\u0004'
const marks: ReadonlyMap<string, string> = new Map([
  ['HOME', homeMark],
  ['PWD', pwdMark],
])

/**
 * The path a redirection target (a word node) names, or undefined when it is known only when
 * bash runs it: an expansion other than a leading `$HOME` or `$PWD`, a glob, `~user`, `~-`.
 * A leading unquoted `~` (and `~/…`) is the home folder, `~+` the working directory; a quoted
 * `"~"` is a file named `~`.
 */
export function readPathWord(node: SyntaxNode): ShellPath | undefined {
  const literal = readWord(node, marks).literal
  if (literal === undefined) return undefined
  if (literal.startsWith(homeMark)) return anchored('home', literal.slice(homeMark.length))
  if (literal.startsWith(pwdMark)) return anchored('cwd', literal.slice(pwdMark.length))
  if (literal.includes('\u0004')) return undefined
  if (node.text.startsWith('~') && !startsWithUnquotedTilde(node)) return undefined
  if (startsWithUnquotedTilde(node)) {
    const slash = literal.indexOf('/')
    const prefix = slash < 0 ? literal : literal.slice(0, slash)
    const rest = slash < 0 ? '' : literal.slice(slash)
    if (prefix === '~') return anchored('home', rest)
    if (prefix === '~+') return anchored('cwd', rest)
    // `~user`, `~-` (OLDPWD), `~N` (the directory stack): known only when bash runs it.
    return undefined
  }
  return literal.startsWith('/') ? checked('absolute', literal) : checked('cwd', literal)
}

/**
 * Whether bash tilde-expands the word: it starts with an unquoted `~` and no character up to
 * the first unquoted `/` is quoted (bash(1), "Tilde Expansion"): `~/"a b"` is expanded,
 * `~"/x"` is not (its tilde-prefix runs into a quoted part).
 */
function startsWithUnquotedTilde(node: SyntaxNode): boolean {
  const first = node.type === 'concatenation' ? node.children[0] : node
  if (first?.type !== 'word' || !first.text.startsWith('~')) return false
  const slash = first.text.indexOf('/')
  if (node !== first && slash < 0) return false
  // A backslash in the prefix quotes a character of it: then it is not expanded, and which
  // file is meant is left unknown rather than guessed.
  return !first.text.slice(0, slash < 0 ? undefined : slash).includes('\\')
}

/** The path of a literal word (a `cd` target, where quoting is gone): `~/x` is home-relative. */
export function literalPath(word: CommandWord): ShellPath | undefined {
  const literal = word.literal
  if (literal === undefined) return undefined
  if (literal === '~' || literal.startsWith('~/')) return anchored('home', literal.slice(1))
  if (literal.startsWith('~')) return undefined
  return literal.startsWith('/') ? checked('absolute', literal) : checked('cwd', literal)
}

/** A path after an anchor: `/x` or `` (the anchor itself). */
function anchored(anchor: ShellPath['anchor'], rest: string): ShellPath | undefined {
  if (rest !== '' && !rest.startsWith('/')) return undefined
  return checked(anchor, rest.replace(/^\/+/, ''))
}

function checked(anchor: ShellPath['anchor'], path: string): ShellPath | undefined {
  return path.length > maxPathLength ? undefined : { anchor, path }
}
