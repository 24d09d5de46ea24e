import { describe, expect, it } from 'vitest'
import { bashParser, syntaxTree } from '../../__fixtures__/shell-words.js'
import { displayText } from './command-text.js'
import type { ShellAnalysis } from './shell-analysis.js'
import { Walk } from './walk.js'

const parser = bashParser()

const nothing: ShellAnalysis = {
  commands: [],
  redirects: [],
  hidingConstructs: [],
  unparseable: undefined,
  directoryMoves: [],
  movesMayRepeat: false,
  linksMade: false,
  repositoryPaths: undefined,
}

/** The walk over `line` at the top level; strings it would parse are recorded, not parsed. */
function walked(line: string) {
  const nested: string[] = []
  const walk = new Walk(
    (text, depth) => {
      nested.push(`${depth}: ${text}`)
      return nothing
    },
    0,
    false,
    new Map(),
  )
  walk.visit(syntaxTree(parser(), line))
  return {
    commands: walk.commands.map((command) => [
      command.source,
      command.allowText === undefined ? undefined : displayText(command.allowText),
    ]),
    redirects: walk.redirects.map((redirect) => [redirect.kind, redirect.target.literal]),
    hiding: walk.hidingConstructs,
    nested,
    walk,
  }
}

describe('Walk', () => {
  it('reads redirections: > and <> edit, < reads, a descriptor duplicated is no file', () => {
    expect(walked('echo a > f 2>&1 < g').redirects).toEqual([
      ['edit', 'f'],
      ['read', 'g'],
    ])
    expect(walked('cat <> f').redirects).toEqual([['edit', 'f']])
    expect(walked('echo >&2').redirects).toEqual([])
    expect(walked('echo >& out').redirects).toEqual([['edit', 'out']])
  })

  it('judges the commands find -exec and xargs run as commands of their own', () => {
    expect(walked('xargs -0 rm').commands).toEqual([
      ['xargs -0 rm', 'xargs -0 rm'],
      ['rm …', 'rm …'],
    ])
    expect(walked('find . -exec rm {} \\;').commands).toEqual([
      ['find . -exec rm {} \\;', 'find . -exec rm {} ;'],
      ['rm …', 'rm …'],
    ])
  })

  it('hands the string sh -c runs to the nested analyzer, one level deeper', () => {
    const shell = walked('sh -c "rm x"')
    expect(shell.nested).toEqual(['1: rm x'])
    expect(shell.hiding).toEqual(['sh -c, which runs a string as commands'])
  })

  it('hides process substitutions, prompt expansions and assignments to PATH', () => {
    expect(walked('diff <(ls) <(ls a)')).toMatchObject({
      hiding: ['a process substitution'],
      commands: [
        ['diff <(ls) <(ls a)', 'diff … …'],
        ['ls', 'ls'],
        ['ls a', 'ls a'],
      ],
    })
    expect(walked('echo ${x@P}').hiding).toEqual(['a prompt expansion ${…@P}'])
    expect(walked('PATH=. ls')).toMatchObject({
      hiding: ['an assignment to PATH, which changes what runs'],
      commands: [['PATH=. ls', undefined]],
    })
  })

  it('records where cd moves, and that a loop may run it again', () => {
    const { walk } = walked('while true; do cd ..; done')
    expect(walk.moves).toEqual([{ anchor: 'cwd', path: '..' }])
    expect(walk.repeats).toBe(true)
    expect(walk.misread).toBeUndefined()
  })
})
