import { escapeLiteral, unknown } from './command-text.js'
import type { CommandWord } from './command-text.js'
import { assignmentName, assignmentOperator, assignmentValue } from './syntax-node.js'
import type { SyntaxNode } from './syntax-node.js'

/**
 * The word a syntax node stands for, unquoted and unescaped as bash would before running it:
 * `'r'"m"`, `r\m` and `$'\x72\x6d'` are all `rm`. Whatever is known only at run time — a
 * parameter or arithmetic expansion, a command or process substitution, a glob character, a
 * brace expansion — is unknown text.
 */
export function readWord(node: SyntaxNode, variables?: ReadonlyMap<string, string>): CommandWord {
  const builder: Builder = { text: [], known: true, unknownLast: false, unquoted: [], variables }
  appendNode(node, builder)
  if (hasBraceExpansion(builder.unquoted.join(''))) {
    return { text: unknown, literal: undefined, braces: builder.text.join('') }
  }
  const text = builder.text.join('')
  return { text, literal: builder.known ? text : undefined }
}

/** What a word is built of, in pieces joined once at the end (a word may be 100 KB long). */
interface Builder {
  readonly text: string[]
  known: boolean
  /** Whether the last piece was unknown (runs of unknown parts are one unknown). */
  unknownLast: boolean
  /** The unquoted characters seen, quoted ones as `_`: where a brace expansion could be. */
  readonly unquoted: string[]
  /** Variables whose value is known (`$HOME` in a path), read as quoted text. */
  readonly variables: ReadonlyMap<string, string> | undefined
}

function appendNode(node: SyntaxNode, out: Builder): void {
  switch (node.type) {
    case 'word':
    case 'number':
    case 'variable_name':
      appendUnquoted(node.text, out)
      return
    case 'raw_string':
      appendQuoted(node.text.slice(1, -1), out)
      return
    case 'ansi_c_string':
      appendQuoted(decodeAnsiC(node.text.slice(2, -1)), out)
      return
    case 'string':
    case 'translated_string':
      appendDoubleQuoted(node, out)
      return
    case 'variable_assignment': {
      const name = assignmentName(node)
      const value = assignmentValue(node)
      if (name === undefined) {
        appendUnknown(out)
        return
      }
      // `a+=(…)` appends: read as written, so that what its value hides is seen as in `a=(…)`.
      appendQuoted(`${name.text}${assignmentOperator(node)}`, out)
      if (value !== undefined) appendNode(value, out)
      return
    }
    case 'concatenation': {
      let at = node.start
      const source = node.text
      for (const child of node.children) {
        if (child.start > at)
          appendUnquoted(source.slice(at - node.start, child.start - node.start), out)
        appendNode(child, out)
        at = child.end
      }
      if (at < node.end) appendUnquoted(source.slice(at - node.start), out)
      return
    }
    case 'simple_expansion':
    case 'expansion': {
      const value = knownVariable(node, out.variables)
      if (value === undefined) appendUnknown(out)
      else appendQuoted(value, out)
      return
    }
    default:
      // Expansions, substitutions, brace expressions and anything else the grammar may add.
      appendUnknown(out)
  }
}

/** The value of `$NAME` or a plain `${NAME}` when `variables` knows it. */
function knownVariable(
  node: SyntaxNode,
  variables: ReadonlyMap<string, string> | undefined,
): string | undefined {
  if (variables === undefined) return undefined
  const named = node.children.filter((child) => child.named)
  const plain = node.type === 'simple_expansion' || node.children.length === 3
  const name = named[0]
  if (!plain || named.length !== 1 || name?.type !== 'variable_name') return undefined
  return variables.get(name.text)
}

function appendUnknown(out: Builder): void {
  if (!out.unknownLast) out.text.push(unknown)
  out.unknownLast = true
  out.known = false
  out.unquoted.push('_')
}

function appendQuoted(value: string, out: Builder): void {
  if (value === '') return
  const escaped = escapeLiteral(value)
  if (escaped !== value) out.known = false
  out.text.push(escaped)
  out.unknownLast = false
  out.unquoted.push('_'.repeat(value.length))
}

/** Unquoted text: a backslash quotes the next character; `*`, `?` and `[` are globs. */
function appendUnquoted(raw: string, out: Builder): void {
  let run = 0
  const flush = (to: number) => {
    if (to > run) {
      const literal = raw.slice(run, to)
      appendQuoted(literal, out)
      // Unquoted, these characters may still form a brace expansion.
      out.unquoted[out.unquoted.length - 1] = literal
    }
  }
  for (let index = 0; index < raw.length; index++) {
    const char = raw.charAt(index)
    if (char !== '\\' && char !== '*' && char !== '?' && char !== '[') continue
    flush(index)
    if (char === '\\') {
      const next = raw[index + 1]
      index++
      if (next !== undefined && next !== '\n') appendQuoted(next, out)
    } else appendUnknown(out)
    run = index + 1
  }
  flush(raw.length)
}

/** Inside `"…"`: a backslash quotes only `$`, `` ` ``, `"`, `\` and a newline. */
function appendDoubleQuoted(node: SyntaxNode, out: Builder): void {
  const children = node.children
  let start = node.start
  let end = node.end
  const first = children[0]
  const last = children.at(-1)
  if (first !== undefined && !first.named) start = first.end
  if (last !== undefined && !last.named && children.length > 1) end = last.start
  const source = node.text
  let at = start
  const gap = (from: number, to: number) => {
    if (to > from) {
      appendQuoted(unescapeDoubleQuoted(source.slice(from - node.start, to - node.start)), out)
    }
  }
  for (const child of children) {
    if (!child.named || child.start < start || child.end > end) continue
    gap(at, child.start)
    if (child.type === 'string_content') gap(child.start, child.end)
    else if (child.type === 'simple_expansion' || child.type === 'expansion') {
      const value = knownVariable(child, out.variables)
      if (value === undefined) appendUnknown(out)
      else appendQuoted(value, out)
    } else appendUnknown(out)
    at = child.end
  }
  gap(at, end)
}

function unescapeDoubleQuoted(raw: string): string {
  let out = ''
  for (let index = 0; index < raw.length; index++) {
    const char = raw.charAt(index)
    const next = raw[index + 1]
    if (char === '\\' && next !== undefined && '$`"\\\n'.includes(next)) {
      if (next !== '\n') out += next
      index++
      continue
    }
    out += char
  }
  return out
}

const simpleEscapes: Record<string, string> = {
  a: '\u0007',
  b: '\b',
  e: '\u001b',
  E: '\u001b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '?': '?',
}

/** The value of `$'…'` (bash's ANSI-C quoting). */
export function decodeAnsiC(raw: string): string {
  let out = ''
  for (let index = 0; index < raw.length; index++) {
    const char = raw.charAt(index)
    if (char !== '\\' || index + 1 >= raw.length) {
      out += char
      continue
    }
    const kind = raw.charAt(index + 1)
    const simple = simpleEscapes[kind]
    if (simple !== undefined && Object.hasOwn(simpleEscapes, kind)) {
      out += simple
      index++
      continue
    }
    const digits = (from: number, max: number, radix: number) => {
      let end = from
      while (end < raw.length && end - from < max && isDigit(raw.charAt(end), radix)) end++
      return end
    }
    if (kind === 'x' || kind === 'u' || kind === 'U') {
      const end = digits(index + 2, kind === 'x' ? 2 : kind === 'u' ? 4 : 8, 16)
      if (end === index + 2) {
        out += char
        continue
      }
      const code = Number.parseInt(raw.slice(index + 2, end), 16)
      // A value beyond Unicode stays unknown rather than guessed.
      out += code <= 0x10ffff ? String.fromCodePoint(code) : unknown
      index = end - 1
      continue
    }
    if (isDigit(kind, 8)) {
      const end = digits(index + 1, 3, 8)
      out += String.fromCharCode(Number.parseInt(raw.slice(index + 1, end), 8) & 0xff)
      index = end - 1
      continue
    }
    if (kind === 'c' && index + 2 < raw.length) {
      out += String.fromCharCode((raw.charCodeAt(index + 2) & 0x1f) >>> 0)
      index += 2
      continue
    }
    out += char
  }
  return out
}

function isDigit(char: string, radix: number): boolean {
  return char !== '' && !Number.isNaN(Number.parseInt(char, radix))
}

/** Whether unquoted text holds `{…,…}` or `{…..…}`, which bash expands into several words. */
function hasBraceExpansion(unquoted: string): boolean {
  let open = -1
  for (let index = 0; index < unquoted.length; index++) {
    const char = unquoted[index]
    if (char === '{') open = index
    else if (char === '}' && open >= 0) {
      const inside = unquoted.slice(open + 1, index)
      if (inside.includes(',') || inside.includes('..')) return true
    }
  }
  return false
}
