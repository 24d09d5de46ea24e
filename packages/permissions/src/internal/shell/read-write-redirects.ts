import type { SyntaxNode } from './syntax-node.js'

/** A line whose `<>` operators are written `< `, and where each of them starts. */
export interface ReadWriteLine {
  readonly line: string
  readonly operators: ReadonlySet<number>
}

/**
 * tree-sitter-bash has no `<>` (bash(1), "Opening File Descriptors for Reading and Writing"):
 * it reads `<` and an ERROR, so a line with one cannot be parsed. This is the line with every
 * `<>` written as `< ` — the same length, so every offset stays — to parse again; undefined
 * when it has none, or one that is not bash's operator (`<<>`, or right before `(`, `&`, `|`,
 * `;`, `<`, `>`, a newline or the end, where bash has a syntax error). Whether each one is a
 * redirection in the new tree (not text in quotes, a here-document or a comment) is
 * {@link readWriteOperatorsHold}'s to say.
 */
export function withReadWriteAsRead(line: string): ReadWriteLine | undefined {
  const operators = new Set<number>()
  const parts: string[] = []
  let from = 0
  for (let at = line.indexOf('<>'); at >= 0; at = line.indexOf('<>', at + 2)) {
    const next = line.charAt(at + 2)
    if (line.charAt(at - 1) === '<' || next === '' || '()<>&|;\n'.includes(next)) return undefined
    operators.add(at)
    parts.push(line.slice(from, at), '< ')
    from = at + 2
  }
  if (operators.size === 0) return undefined
  parts.push(line.slice(from))
  return { line: parts.join(''), operators }
}

/**
 * Whether every operator of {@link withReadWriteAsRead} is, in the tree of the line it gave, the
 * `<` of a file redirection with a file to open: then the tree reads the line as bash does, each
 * of those redirections opening its file for reading and writing.
 */
export function readWriteOperatorsHold(root: SyntaxNode, operators: ReadonlySet<number>): boolean {
  let held = 0
  const stack: SyntaxNode[] = [root]
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (node.type === 'file_redirect') {
      const operator = node.children.find((child) => !child.named)
      const destination = node.children.some(
        (child) => child.named && child.type !== 'file_descriptor',
      )
      if (operator?.type === '<' && operators.has(operator.start) && destination) held++
    }
    for (const child of node.children) stack.push(child)
  }
  return held === operators.size
}
