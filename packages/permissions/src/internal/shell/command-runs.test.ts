import { describe, expect, it } from 'vitest'
import { bashParser, firstNode, syntaxTree } from '../../__fixtures__/shell-words.js'
import { readCommandRuns } from './command-runs.js'
import type { SyntaxNode } from './syntax-node.js'

const parser = bashParser()

/**
 * The runs bash reads out of the first `command` node of `line` (or the first whose text holds a
 * newline: one the parser folded the next line into), and any misreading.
 */
function runsOf(line: string, folded = false) {
  const misread: string[] = []
  const root = syntaxTree(parser(), line)
  const node = folded ? foldedCommand(root) : firstNode(root, 'command')
  const runs = readCommandRuns(node, (why) => {
    misread.push(why)
  })
  const read = runs.map((run) => ({
    source: run.source,
    words: run.words.map((word) => word.literal),
    assignments: run.assignments,
    first: run.first,
  }))
  return { read, misread }
}

/** The first `command` node whose text spans a newline. */
function foldedCommand(root: SyntaxNode): SyntaxNode {
  const stack = [root]
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (node.type === 'command' && node.text.includes('\n')) return node
    stack.push(...node.children)
  }
  throw new Error('the parser folded no line into a command')
}

describe('readCommandRuns', () => {
  it('reads a command: its words, its leading assignments apart, redirections left out', () => {
    expect(runsOf('FOO=1 BAR=2 ls -la > x')).toEqual({
      read: [
        {
          source: 'FOO=1 BAR=2 ls -la',
          words: ['ls', '-la'],
          assignments: ['FOO', 'BAR'],
          first: true,
        },
      ],
      misread: [],
    })
  })

  it('joins the tokens a backslash-newline splits, as bash does', () => {
    expect(runsOf('r\\\nm -rf /').read).toEqual([
      { source: 'r\\\nm -rf /', words: ['rm', '-rf', '/'], assignments: [], first: true },
    ])
  })

  it('reads a leading ! as the negation of the command after it, which still runs', () => {
    expect(runsOf('! curl x').read).toEqual([
      { source: 'curl x', words: ['curl', 'x'], assignments: [], first: true },
    ])
  })

  it('reads the leading NAME=value of a line the parser folded into the command before it', () => {
    // tree-sitter-bash reads `d` and the next line as one command (no ERROR node): `d FOO=1 rm
    // b`. Bash runs `d`, then `rm b` with FOO set. The property test against bash found it.
    expect(runsOf('a | c | d\nFOO=1 BAR+=2 rm b && e', true)).toEqual({
      read: [
        { source: 'd', words: ['d'], assignments: [], first: true },
        {
          source: 'FOO=1 BAR+=2 rm b',
          words: ['rm', 'b'],
          assignments: ['FOO', 'BAR'],
          first: false,
        },
      ],
      misread: [],
    })
    // Only an unquoted name makes an assignment, and only before the command's first word.
    expect(runsOf('a | c | d\n"FOO"=1 rm FOO=2 && e', true).read[1]).toEqual({
      source: '"FOO"=1 rm FOO=2',
      words: ['FOO=1', 'rm', 'FOO=2'],
      assignments: [],
      first: false,
    })
  })
})
