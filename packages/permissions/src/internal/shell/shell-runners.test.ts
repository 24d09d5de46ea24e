import { describe, expect, it } from 'vitest'
import { words } from '../../__fixtures__/shell-words.js'
import { displayText, joinWords, literalWord } from './command-text.js'
import { commandStrings, findExecCommands, readShellInvocation, replaced } from './shell-runners.js'

describe('readShellInvocation', () => {
  it('finds the string a shell runs with -c, bundled or after options that take a value', () => {
    expect(readShellInvocation(words('bash', '-lc', 'ls'))).toEqual({
      kind: 'string',
      command: literalWord('ls'),
    })
    expect(readShellInvocation(words('bash', '-o', 'posix', '-c', 'ls'))).toEqual({
      kind: 'string',
      command: literalWord('ls'),
    })
  })

  it('tells a script from a shell reading its input', () => {
    expect(readShellInvocation(words('sh', 'script.sh'))).toEqual({ kind: 'script' })
    expect(readShellInvocation(words('bash'))).toEqual({ kind: 'stdin' })
    expect(readShellInvocation(words('bash', '-s'))).toEqual({ kind: 'stdin' })
  })
})

describe('commandStrings', () => {
  it('gives the strings eval, trap, watch, su -c and mapfile -C run', () => {
    expect(commandStrings('eval', words('eval', 'rm', '-rf', '/'))).toEqual([{ text: 'rm -rf /' }])
    expect(commandStrings('trap', words('trap', 'rm x', 'EXIT'))).toEqual([{ text: 'rm x' }])
    expect(commandStrings('watch', words('watch', '-n', '5', 'rm', 'x'))).toEqual([
      { text: 'rm x' },
    ])
    expect(commandStrings('su', words('su', '--command=rm x'))).toEqual([{ text: 'rm x' }])
    expect(commandStrings('mapfile', words('mapfile', '-C', 'cb', 'lines'))).toEqual([
      { text: 'cb' },
    ])
  })

  it('gives none for a trap that resets, or for a program that runs no string', () => {
    expect(commandStrings('trap', words('trap', '-', 'EXIT'))).toBeUndefined()
    expect(commandStrings('trap', words('trap', 'EXIT'))).toBeUndefined()
    expect(commandStrings('ls', words('ls', '-la'))).toBeUndefined()
  })
})

describe('findExecCommands', () => {
  it('gives each command -exec and -ok run, the words holding {} known only when they run', () => {
    const line = words('find', '.', '-exec', 'rm', '{}', ';', '-ok', 'cat', 'x{}', '+')
    expect(findExecCommands(line).map((command) => displayText(joinWords(command)))).toEqual([
      'rm …',
      'cat x…',
    ])
    expect(findExecCommands(words('find', '.', '-name', 'x'))).toEqual([])
  })

  it('makes every occurrence of the replaced string unknown, and leaves other words alone', () => {
    expect(replaced(literalWord('a{}b{}'), '{}')).toEqual({
      text: 'a\u0001b\u0001',
      literal: undefined,
    })
    expect(replaced(literalWord('ab'), '{}')).toEqual(literalWord('ab'))
    expect(replaced(literalWord('ab'), '')).toEqual(literalWord('ab'))
  })
})
