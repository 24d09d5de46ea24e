import { describe, expect, it } from 'vitest'
import { words } from '../../__fixtures__/shell-words.js'
import { nameWordsHiding } from './name-words.js'

describe('nameWordsHiding', () => {
  it('hides a name whose subscript bash evaluates, and arithmetic on anything but numbers', () => {
    expect(nameWordsHiding('printf', words('printf', '-v', 'a[$(rm x)]', '%s', '1'))).toEqual([
      'printf of "a[$(rm x)]", whose subscript bash evaluates',
    ])
    expect(nameWordsHiding('let', words('let', 'x+1'))).toEqual([
      'let on a value, which bash evaluates as arithmetic',
    ])
    expect(nameWordsHiding('let', words('let', '1+2'))).toEqual([])
  })

  it('hides an assignment to a variable that decides what runs, and a name reference', () => {
    expect(nameWordsHiding('read', words('read', 'PATH'))).toEqual([
      'read of PATH, which changes what later commands run',
    ])
    // An export reaches every later command: only §18.2's safe list passes (SPEC §26).
    expect(nameWordsHiding('export', words('export', 'NODE_ENV=test'))).toEqual([])
    expect(nameWordsHiding('export', words('export', 'FOO=1'))).toEqual([
      'export of FOO, which later commands get in their environment',
    ])
    expect(nameWordsHiding('declare', words('declare', '-gx', 'FOO=1'))).toEqual([
      'export of FOO, which later commands get in their environment',
    ])
    expect(nameWordsHiding('declare', words('declare', 'FOO=1'))).toEqual([])
    expect(nameWordsHiding('declare', words('declare', '-n', 'ref=x'))).toEqual([
      'declare -n, a name reference',
    ])
  })

  it('hides builtins that change what later commands run, only where they define something', () => {
    expect(nameWordsHiding('hash', words('hash', '-p', '/bin/sh', 'ls'))).toEqual([
      'hash, which can make a command name run another program',
    ])
    expect(nameWordsHiding('hash', words('hash'))).toEqual([])
    expect(nameWordsHiding('alias', words('alias', 'ls=rm'))).toEqual([
      'alias, which can make a command name run other commands',
    ])
    expect(nameWordsHiding('alias', words('alias', 'ls'))).toEqual([])
  })
})
