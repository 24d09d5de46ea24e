import { describe, expect, it } from 'vitest'
import { bashParser, firstNode, syntaxTree } from '../../__fixtures__/shell-words.js'
import { readWord } from './read-word.js'
import { namedChildren } from './syntax-node.js'

const parser = bashParser()

/** The word `text` as an argument of `echo`. */
function argument(text: string) {
  const word = namedChildren(firstNode(syntaxTree(parser(), `echo ${text}`), 'command'))[1]
  if (word === undefined) throw new Error('no argument')
  return readWord(word)
}

describe('readWord', () => {
  it("unquotes and unescapes as bash does: quotes, backslashes and $'…' strings", () => {
    expect(argument(`'r'"m"`)).toEqual({ text: 'rm', literal: 'rm' })
    expect(argument('r\\m')).toEqual({ text: 'rm', literal: 'rm' })
    expect(argument(`$'\\x72\\x6d'`)).toEqual({ text: 'rm', literal: 'rm' })
    expect(argument('"a b"')).toEqual({ text: 'a b', literal: 'a b' })
  })

  it('makes what is known only at run time unknown: expansions, globs, brace expansions', () => {
    expect(argument('"$HOME"/x')).toEqual({ text: '\u0001/x', literal: undefined })
    expect(argument('*.txt')).toEqual({ text: '\u0001.txt', literal: undefined })
    // Unknown as a whole; its spelling before the expansion is kept for readers that look inside.
    expect(argument('a{b,c}')).toEqual({ text: '\u0001', literal: undefined, braces: 'a{b,c}' })
  })
})
