import { describe, expect, it } from 'vitest'
import { bashParser, firstNode, syntaxTree } from '../../__fixtures__/shell-words.js'
import { literalWord, unknownWord } from './command-text.js'
import { literalPath, readPathWord } from './path-word.js'
import { redirectDestination } from './syntax-node.js'

const parser = bashParser()

/** The path a `>` redirection to `target` names. */
function redirected(target: string) {
  const redirect = firstNode(syntaxTree(parser(), `echo > ${target}`), 'file_redirect')
  const destination = redirectDestination(redirect)
  if (destination === undefined) throw new Error('no destination')
  return readPathWord(destination)
}

describe('readPathWord', () => {
  it('anchors a path as bash expands it: absolute, the working directory, home', () => {
    expect(redirected('/etc/p')).toEqual({ anchor: 'absolute', path: '/etc/p' })
    expect(redirected('a/b')).toEqual({ anchor: 'cwd', path: 'a/b' })
    expect(redirected('~/x')).toEqual({ anchor: 'home', path: 'x' })
    expect(redirected('$HOME/a')).toEqual({ anchor: 'home', path: 'a' })
    expect(redirected('~+/y')).toEqual({ anchor: 'cwd', path: 'y' })
  })

  it('reads a quoted tilde as a file named ~, and leaves what bash alone knows unknown', () => {
    expect(redirected('"~"/x')).toEqual({ anchor: 'cwd', path: '~/x' })
    expect(redirected('~bob/x')).toBeUndefined()
    expect(redirected('$X')).toBeUndefined()
  })
})

describe('literalPath', () => {
  it('reads a cd target, ~/ as home; ~user and a word known only at run time are unknown', () => {
    expect(literalPath(literalWord('/etc/x'))).toEqual({ anchor: 'absolute', path: '/etc/x' })
    expect(literalPath(literalWord('~/x'))).toEqual({ anchor: 'home', path: 'x' })
    expect(literalPath(literalWord('a/../b'))).toEqual({ anchor: 'cwd', path: 'a/../b' })
    expect(literalPath(literalWord('~bob/x'))).toBeUndefined()
    expect(literalPath(unknownWord)).toBeUndefined()
  })
})
