import { unknown } from '../shell/command-text.js'

/** An expansion being read: what ends it, and how many of its own `(` are open inside. */
interface Open {
  readonly close: string
  depth: number
  text: string
}

/**
 * A string some later shell may run (an option value of a program no table knows: ssh's
 * `ProxyCommand`, socat's `SYSTEM:`), as that shell would spell its words: quotes and
 * backslashes gone (`r""m`, `r\m`, `\curl` are `rm`, `rm`, `curl`), and each expansion or
 * substitution (`$x`, `${x}`, `$(…)`, `` `…` ``, `$'…'`) one {@link unknown} stretch, which may
 * be any characters, blanks included (`rm$IFS"x"` runs `rm x`; `${a}m` may be `rm`). What a
 * substitution or a `${…}` holds is a command line too (`'$(rm y)'`, `${x:-$(rm y)}`): each
 * follows, on a line of its own. One pass, nested substitutions on a stack (never recursion);
 * an unclosed one runs to the end.
 */
export function shellSpelling(value: string): string {
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
    const inner = open.at(-1)
    if (char === '\\') {
      emit(value[++index] ?? '')
    } else if (char === "'" || char === '"') {
      // Dropped: a quote changes no name.
    } else if (char === inner?.close && (char !== ')' || inner.depth === 0)) {
      held.push(inner.text)
      open.pop()
    } else if (char === '`') {
      emit(unknown)
      open.push({ close: '`', depth: 0, text: '' })
    } else if (char === '$' && (value[index + 1] === '(' || value[index + 1] === '{')) {
      emit(unknown)
      open.push({ close: value[++index] === '(' ? ')' : '}', depth: 0, text: '' })
    } else if (char === '$') {
      const end = expansionEnd(value, index + 1)
      emit(end === undefined ? char : unknown)
      if (end !== undefined) index = end - 1
    } else {
      if (inner?.close === ')' && char === '(') inner.depth++
      else if (inner?.close === ')' && char === ')') inner.depth--
      emit(char)
    }
  }
  while (open.length > 0) held.push(open.pop()?.text ?? '')
  return held.length === 0 ? text : [text, ...held].join('\n')
}

/** Where a `$x`, `$1`, `$?` or `$'…'` after a `$` at `from - 1` ends; undefined for a plain `$`. */
function expansionEnd(value: string, from: number): number | undefined {
  const next = value[from] ?? ''
  if (next === "'") {
    // `$'…'`: its escapes may spell anything; the whole string is unknown.
    for (let index = from + 1; index < value.length; index++) {
      if (value[index] === '\\') index++
      else if (value[index] === "'") return index + 1
    }
    return value.length
  }
  if (/[A-Za-z_]/u.test(next)) {
    let end = from + 1
    while (end < value.length && /\w/u.test(value[end] ?? '')) end++
    return end
  }
  return /[0-9@*#?$!-]/u.test(next) ? from + 1 : undefined
}
