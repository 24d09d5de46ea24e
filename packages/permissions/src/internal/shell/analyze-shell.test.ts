import { describe, expect, it } from 'vitest'
import { bashParser } from '../../__fixtures__/shell-words.js'
import { analyzeShell, maxLineLength } from './analyze-shell.js'
import type { ShellAnalysis } from './analyze-shell.js'
import { displayText } from './command-text.js'

const parser = bashParser()

/** Each simple command as people read it: its source, allow spelling and deny spellings. */
function commandsOf(analysis: ShellAnalysis) {
  return analysis.commands.map((command) => ({
    source: command.source,
    allow: command.allowText === undefined ? undefined : displayText(command.allowText),
    deny: command.denyTexts.map(displayText),
    nested: command.nested,
  }))
}

describe('analyzeShell', () => {
  it('gives every simple command of a pipeline and a list, each spelled for allow and deny', () => {
    expect(commandsOf(analyzeShell(parser(), 'a | b'))).toEqual([
      { source: 'a', allow: 'a', deny: ['a'], nested: false },
      { source: 'b', allow: 'b', deny: ['b'], nested: false },
    ])
    const list = analyzeShell(parser(), 'npm test && rm -rf /')
    expect(list.commands.map((command) => command.source)).toEqual(['npm test', 'rm -rf /'])
    expect(list).toMatchObject({ hidingConstructs: [], redirects: [], unparseable: undefined })
  })

  it('strips allow-rule wrappers for every rule, and sudo for deny and ask rules only', () => {
    expect(commandsOf(analyzeShell(parser(), 'timeout 30 npm test'))).toEqual([
      {
        source: 'timeout 30 npm test',
        allow: 'npm test',
        deny: ['timeout 30 npm test', 'npm test'],
        nested: false,
      },
    ])
    expect(commandsOf(analyzeShell(parser(), 'sudo -Eu root rm -rf /'))[0]).toMatchObject({
      allow: 'sudo -Eu root rm -rf /',
      deny: ['sudo -Eu root rm -rf /', 'rm -rf /'],
    })
  })

  it('lets no allow rule match a command behind an assignment that is not on the safe list', () => {
    const [command] = commandsOf(analyzeShell(parser(), 'FOO=1 NODE_ENV=test npm test'))
    expect(command).toEqual({
      source: 'FOO=1 NODE_ENV=test npm test',
      allow: undefined,
      deny: ['npm test'],
      nested: false,
    })
  })

  it('reads a substitution as hiding a command, and still gives the command inside', () => {
    const analysis = analyzeShell(parser(), 'echo $(whoami) > out.txt')
    expect(analysis.hidingConstructs).toEqual(['a command substitution $(…)'])
    expect(commandsOf(analysis).map((command) => command.deny)).toEqual([['echo …'], ['whoami']])
    expect(analysis.redirects).toEqual([
      expect.objectContaining({ kind: 'edit', path: { anchor: 'cwd', path: 'out.txt' } }),
    ])
  })

  it('parses the string sh -c runs for deny rules only', () => {
    const analysis = analyzeShell(parser(), 'sh -c "rm -rf /"')
    expect(analysis.hidingConstructs).toEqual(['sh -c, which runs a string as commands'])
    expect(commandsOf(analysis)[0]).toEqual({
      source: 'rm -rf /',
      allow: undefined,
      deny: ['rm -rf /'],
      nested: true,
    })
  })

  it('says where cd moves later paths, and when a loop may move them again', () => {
    const moved = analyzeShell(parser(), 'cd src && cat a.ts > ../b.txt')
    expect(moved.directoryMoves).toEqual([{ anchor: 'cwd', path: 'src' }])
    expect(moved.movesMayRepeat).toBe(false)
    expect(analyzeShell(parser(), 'for x in a; do ls; done').movesMayRepeat).toBe(true)
  })

  it('says when a command of the line makes links, whose paths are then unknown', () => {
    expect(analyzeShell(parser(), 'ln -s /etc x; echo > x/y').linksMade).toBe(true)
    expect(analyzeShell(parser(), 'echo > x/y').linksMade).toBe(false)
  })

  it('reads a syntax error as unparseable, what the tree shows still read by deny rules', () => {
    const analysis = analyzeShell(parser(), 'echo hi; (')
    expect(analysis.unparseable).toBe('a syntax error at column 1 of line 1')
    expect(commandsOf(analysis)).toEqual([
      { source: 'echo hi', allow: undefined, deny: ['echo hi'], nested: true },
    ])
  })

  it('reads no line longer than the bound, and a shell fed by a pipe as hiding a command', () => {
    const long = analyzeShell(parser(), 'x'.repeat(maxLineLength + 1))
    expect(long).toMatchObject({ commands: [], unparseable: 'longer than 100000 characters' })
    expect(analyzeShell(parser(), 'echo ls | bash').hidingConstructs).toEqual([
      'bash reading commands from a pipe',
    ])
  })
})
