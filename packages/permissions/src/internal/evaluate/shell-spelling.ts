import { unknown } from '../shell/command-text.js'
import { decodeAnsiC } from '../shell/read-word.js'
import { expandBraces } from './brace-words.js'

/** An expansion being read: what ends it, and how many of its own `(` are open inside. */
interface Open {
  readonly close: string
  depth: number
  text: string
}

/**
 * A string some later shell may run (an option value of a program no table knows: ssh's
 * `ProxyCommand`, socat's `SYSTEM:`), as that shell would spell its words: quotes, backslashes
 * and `\`-newlines gone (`r""m`, `r\m`, `\curl` are `rm`, `rm`, `curl`), `$"…"` and `$'…'` read
 * as the strings they are (`$'\x72m'` is `rm`), each expansion or substitution (`$x`, `${x}`,
 * `$(…)`, `` `…` ``) one {@link unknown} stretch, which may be any characters, blanks included
 * (`rm$IFS"x"` runs `rm x`; `${a}m` may be `rm`), and braces expanded into the words they make
 * (`{r,x}m` is `rm xm`, see `expandBraces`). What a substitution or a `${…}` holds is a command
 * line too (`'$(rm y)'`, `${x:-$(rm y)}`): each follows, on a line of its own. One pass, nested
 * substitutions on a stack (never recursion); an unclosed one runs to the end.
 */
export function shellSpelling(value: string): string {
  // Most words have nothing a shell would undo: read as they are.
  if (!/[\\'"`$\n{]/u.test(value)) return value
  let text = ''
  const open: Open[] = []
  const held: string[] = []
  const emit = (chars: string): void => {
    const inner = open.at(-1)
    if (inner === undefined) text += chars
    else inner.text += chars
  }
  for (let index = 0; index < value.length; index++) {
    const char = value[index] ?? ''
    const next = value[index + 1]
    const inner = open.at(-1)
    if (char === '\\') {
      // A `\`-newline joins the lines; any other escaped character is itself.
      if (next !== '\n') emit(next ?? '')
      index++
    } else if (char === "'" || char === '"') {
      // Dropped: a quote changes no name.
    } else if (char === inner?.close && (char !== ')' || inner.depth === 0)) {
      held.push(heldText(inner))
      open.pop()
    } else if (char === '`') {
      emit(unknown)
      open.push({ close: '`', depth: 0, text: '' })
    } else if (char === '$' && (next === '(' || next === '{')) {
      emit(unknown)
      open.push({ close: next === '(' ? ')' : '}', depth: 0, text: '' })
      index++
    } else if (char === '$' && next === "'") {
      const quoted = ansiString(value, index + 2)
      emit(quoted.text)
      index = quoted.end - 1
    } else if (char === '$' && next !== '"') {
      const end = expansionEnd(value, index + 1)
      emit(end === undefined ? char : unknown)
      if (end !== undefined) index = end - 1
    } else if (char !== '$') {
      if (inner?.close === ')' && char === '(') inner.depth++
      else if (inner?.close === ')' && char === ')') inner.depth--
      emit(char)
    }
  }
  for (let inner = open.pop(); inner !== undefined; inner = open.pop()) held.push(heldText(inner))
  return [text, ...held].map(expandBraces).join('\n')
}

/**
 * What a substitution or a `${…}` holds, as a command line of its own: a `${…}`'s parameter and
 * operator taken off (`${x:-rm}` may be `rm`), and an unknown stretch after it, since what it
 * makes runs on with the text around it (`$(echo rm) -rf y` runs `rm -rf y`).
 */
function heldText(inner: Open): string {
  const text = inner.close === '}' ? inner.text.replace(parameterOperator, ' ') : inner.text
  return `${text} ${unknown}`
}

/** A `${…}`'s parameter and its operator (bash(1) "Parameter Expansion"). */
const parameterOperator =
  /^[!#]?(?:\w+|[@*#?$!-])(?:\[[^\]]*\])?(?::?[-=+?]|##?|%%?|\/\/?|\^\^?|,,?|@)?/u

/** Where a `$x`, `$1` or `$?` after a `$` at `from - 1` ends; undefined for a plain `$`. */
function expansionEnd(value: string, from: number): number | undefined {
  const next = value[from] ?? ''
  if (/[A-Za-z_]/u.test(next)) {
    let end = from + 1
    while (end < value.length && /\w/u.test(value[end] ?? '')) end++
    return end
  }
  return /[0-9@*#?$!-]/u.test(next) ? from + 1 : undefined
}

/**
 * The text of a `$'…'` string whose body starts at `from`, read as bash reads it (`decodeAnsiC`,
 * the judge's own reading of one: `\x72`, `\162`, `\u0072`, `\n`, `\\`, `\'`). `end`: the
 * index after its closing quote (the end of `value` when none).
 */
function ansiString(value: string, from: number): { text: string; end: number } {
  for (let index = from; index < value.length; index++) {
    if (value[index] === '\\') index++
    else if (value[index] === "'")
      return { text: decodeAnsiC(value.slice(from, index)), end: index + 1 }
  }
  return { text: decodeAnsiC(value.slice(from)), end: value.length }
}
