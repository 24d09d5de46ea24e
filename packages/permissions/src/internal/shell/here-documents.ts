import type { SyntaxNode } from './syntax-node.js'
import { isCodeVariable } from './arithmetic.js'

/** One here-document as bash reads it (bash(1), "Here Documents"). */
export interface HereDocument {
  readonly redirect: SyntaxNode
  /** The body bash reads (before expansion), lines as written. */
  readonly body: string
  /** Whether the delimiter was unquoted: then bash expands the body. */
  readonly expanded: boolean
}

/** The here-documents of a line, or where the parser and bash disagree about them. */
export interface HereDocuments {
  readonly documents: readonly HereDocument[]
  /** Set when the parser's body or end line is not bash's: the line cannot be read. */
  readonly misread: string | undefined
}

/**
 * Finds every here-document's body as bash does (SPEC §26) and checks the parser's tree against
 * it: bash gathers the pending bodies after the next newline token, each to the first line that
 * is exactly the delimiter (`<<-` strips leading tabs, only tabs); a line such as `E;`, `E `,
 * ` E`, `E#` or `E\r` does not end it. Where tree-sitter-bash ends a body elsewhere, the line is
 * misread (it then asks): the commands bash runs are not the ones the tree shows.
 */
export function readHereDocuments(root: SyntaxNode, line: string): HereDocuments {
  const redirects: SyntaxNode[] = []
  const opaque: SyntaxNode[] = []
  collect(root, redirects, opaque)
  if (redirects.length === 0) return { documents: [], misread: undefined }
  // Where a newline is text (inside a string, a comment, a body): marked once.
  const text = new Uint8Array(line.length)
  for (const node of opaque) text.fill(1, node.start, node.end)
  const documents: HereDocument[] = []
  let cursor = 0
  let pending: SyntaxNode[] = []
  let trigger = -1
  const flush = (): string | undefined => {
    let start = trigger + 1
    for (const redirect of pending) {
      const read = readBody(redirect, line, start)
      if (typeof read === 'string') return read
      documents.push(read.document)
      start = read.next
    }
    pending = []
    cursor = start
    return undefined
  }
  for (const redirect of redirects) {
    if (pending.length > 0 && redirect.start > trigger) {
      const problem = flush()
      if (problem !== undefined) return { documents, misread: problem }
    }
    if (redirect.start < cursor) {
      return { documents, misread: 'the parser read a here-document inside the body of another' }
    }
    if (pending.length === 0)
      trigger = newlineToken(line, Math.max(cursor, operatorEnd(redirect)), text)
    pending.push(redirect)
  }
  const problem = pending.length > 0 ? flush() : undefined
  return { documents, misread: problem }
}

/** Here-document redirects, and the nodes whose newlines are not newline tokens, in order. */
function collect(root: SyntaxNode, redirects: SyntaxNode[], opaque: SyntaxNode[]): void {
  const stack: SyntaxNode[] = [root]
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (node.type === 'heredoc_redirect') redirects.push(node)
    if (isOpaque(node.type)) {
      opaque.push(node)
      continue
    }
    for (let index = node.children.length - 1; index >= 0; index--) {
      const child = node.children[index]
      if (child !== undefined) stack.push(child)
    }
  }
  redirects.sort((a, b) => a.start - b.start)
}

/** Nodes inside which a newline is text, not a newline token. */
function isOpaque(type: string): boolean {
  return (
    type === 'string' ||
    type === 'raw_string' ||
    type === 'ansi_c_string' ||
    type === 'translated_string' ||
    type === 'comment' ||
    type === 'heredoc_body' ||
    type === 'heredoc_end'
  )
}

function operatorEnd(redirect: SyntaxNode): number {
  return redirect.children.find((child) => child.type === 'heredoc_start')?.end ?? redirect.end
}

/**
 * The first newline token at or after `from`: a newline outside every string, comment and
 * here-document body, and not a backslash-newline continuation. The line's length when there is
 * none (bash then reads the body to the end of the input).
 */
function newlineToken(line: string, from: number, text: Uint8Array): number {
  for (let index = from; index < line.length; index++) {
    if (line.charAt(index) !== '\n') continue
    if (index > 0 && line.charAt(index - 1) === '\\' && !escaped(line, index - 1)) continue
    if (text[index] === 1) continue
    return index
  }
  return line.length
}

function escaped(line: string, index: number): boolean {
  let count = 0
  for (let at = index - 1; at >= 0 && line.charAt(at) === '\\'; at--) count++
  return count % 2 === 1
}

/** Reads one body from `start` as bash does and compares the parser's. */
function readBody(
  redirect: SyntaxNode,
  line: string,
  start: number,
): { document: HereDocument; next: number } | string {
  const startNode = redirect.children.find((child) => child.type === 'heredoc_start')
  const stripTabs = redirect.children.some((child) => child.type === '<<-')
  const delimiter = startNode === undefined ? undefined : unquoteDelimiter(startNode.text)
  if (delimiter === undefined) return 'a here-document delimiter it cannot read'
  let at = Math.min(start, line.length)
  let bodyEnd = line.length
  let endLine: { start: number; end: number } | undefined
  while (at < line.length) {
    const newline = line.indexOf('\n', at)
    const lineEnd = newline < 0 ? line.length : newline
    let contentStart = at
    if (stripTabs) while (line.charAt(contentStart) === '\t') contentStart++
    if (line.slice(contentStart, lineEnd) === delimiter.word) {
      bodyEnd = at
      endLine = { start: contentStart, end: lineEnd }
      break
    }
    at = newline < 0 ? line.length : newline + 1
  }
  const parserEnd = redirect.children.find((child) => child.type === 'heredoc_end')
  const parserBody = redirect.children.find((child) => child.type === 'heredoc_body')
  const agrees =
    endLine === undefined
      ? parserEnd === undefined
      : parserEnd?.start === endLine.start && parserEnd.end === endLine.end
  const bodyAgrees =
    parserBody === undefined ||
    (parserBody.start >= start && parserBody.start <= firstContent(line, start, stripTabs))
  if (!agrees || !bodyAgrees) {
    return `the parser ended a here-document where bash does not (delimiter ${JSON.stringify(delimiter.word)})`
  }
  const body = line.slice(Math.min(start, line.length), bodyEnd)
  const next = endLine === undefined ? line.length : Math.min(line.length, endLine.end + 1)
  return { document: { redirect, body, expanded: !delimiter.quoted }, next }
}

function firstContent(line: string, start: number, stripTabs: boolean): number {
  let at = start
  if (stripTabs) while (line.charAt(at) === '\t') at++
  return at
}

/**
 * The delimiter bash compares lines with: the word after quote removal (no expansion), and
 * whether any part was quoted (then the body is not expanded). `$'…'` and `$"…"` are refused.
 */
export function unquoteDelimiter(text: string): { word: string; quoted: boolean } | undefined {
  let word = ''
  let quoted = false
  for (let index = 0; index < text.length; index++) {
    const char = text.charAt(index)
    if (char === '$' && (text[index + 1] === "'" || text[index + 1] === '"')) return undefined
    if (char === '\\') {
      quoted = true
      word += text.charAt(++index)
    } else if (char === "'") {
      quoted = true
      const close = text.indexOf("'", index + 1)
      if (close < 0) return undefined
      word += text.slice(index + 1, close)
      index = close
    } else if (char === '"') {
      quoted = true
      let close = index + 1
      for (; close < text.length && text.charAt(close) !== '"'; close++) {
        if (text.charAt(close) === '\\' && '$`"\\\n'.includes(text.charAt(close + 1))) close++
        word += text.charAt(close)
      }
      if (close >= text.length) return undefined
      index = close
    } else word += char
  }
  return { word, quoted }
}

/**
 * Why an expanded body hides a command (SPEC §26): bash expands it as a word in double quotes,
 * so a backtick, `$(…)`, `$((…))`, `$[…]` and `${…}` with a subscript, an indirection, a
 * substring offset, `@P` or an assignment to a variable that decides which code runs all run
 * or may run code. Only `$name`, `${name}` and `${name<operator>word}` are plain.
 */
export function bodyHiding(body: string): string[] {
  const reasons = new Set<string>()
  for (let index = 0; index < body.length; index++) {
    const char = body.charAt(index)
    if (char === '\\') {
      index++
      continue
    }
    if (char === '`') reasons.add('a backtick substitution in a here-document')
    if (char !== '$') continue
    const next = body.charAt(index + 1)
    if (next === '(') reasons.add('a substitution $(…) in a here-document')
    if (next === '[') reasons.add('arithmetic $[…] in a here-document')
    if (next === '{') {
      const head = /^\{(#?)([A-Za-z_][A-Za-z0-9_]*|[0-9]|[@*#?$!-])(.?.?)/.exec(
        body.slice(index + 1),
      )
      const operator = head?.[3] ?? ''
      if (head === null || !plainOperator(operator)) {
        reasons.add('an expansion ${…} in a here-document that bash evaluates')
      } else if (/^:?=/.test(operator) && isCodeVariable(head[2] ?? '')) {
        reasons.add(`an assignment to ${head[2] ?? ''} in a here-document`)
      }
    }
  }
  return [...reasons]
}

/** What may follow `${name` without bash evaluating anything of its own. */
function plainOperator(operator: string): boolean {
  if (operator === '' || operator.startsWith('}')) return true
  if (operator.startsWith('@')) return operator !== '@P' && operator.length === 2
  if (operator.startsWith(':')) return /^:[-=+?]$/.test(operator)
  return /^[-=+?#%/^,]/.test(operator)
}
