import { beforeAll } from 'vitest'
import { literalWord, unknownWord } from '../internal/shell/command-text.js'
import type { CommandWord } from '../internal/shell/command-text.js'
import { loadBashParser } from '../internal/shell/bash-parser.js'
import type { BashParser } from '../internal/shell/bash-parser.js'
import { copyTree } from '../internal/shell/syntax-node.js'
import type { SyntaxNode } from '../internal/shell/syntax-node.js'

/** Command words as the walk reads them: each string literal, each `undefined` unknown. */
export function words(...texts: readonly (string | undefined)[]): CommandWord[] {
  return texts.map((text) => (text === undefined ? unknownWord : literalWord(text)))
}

/** The bash parser, loaded once before the file's tests (`parser()` in a test). */
export function bashParser(): () => BashParser {
  let parser: BashParser | undefined
  beforeAll(async () => {
    parser = await loadBashParser()
  })
  return () => {
    if (parser === undefined) throw new Error('the parser is loaded in beforeAll')
    return parser
  }
}

/** The syntax tree of `line`, copied out of the parser as the walk reads it. */
export function syntaxTree(parser: BashParser, line: string): SyntaxNode {
  const tree = parser.parse(line)
  if (tree === undefined) throw new Error(`the parser gave up on ${JSON.stringify(line)}`)
  try {
    const root = copyTree(tree, line, parser.types, parser.named)
    if (root === undefined) throw new Error('no tree')
    return root
  } finally {
    tree.delete()
  }
}

/** The first node of `type` in the tree, depth first. */
export function firstNode(root: SyntaxNode, type: string): SyntaxNode {
  const stack = [root]
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (node.type === type) return node
    for (let index = node.children.length - 1; index >= 0; index--) {
      const child = node.children[index]
      if (child !== undefined) stack.push(child)
    }
  }
  throw new Error(`no ${type} node`)
}
