import { describe, expect, it } from 'vitest'
import { words } from '../../__fixtures__/shell-words.js'
import { basename, spellCommand } from './command-spellings.js'
import { displayText, joinWords } from './command-text.js'

describe('spellCommand', () => {
  it('spells deny texts at every wrapper stage and by basename; xargs runs a command of its own', () => {
    const spelled = spellCommand(words('sudo', '/usr/bin/xargs', 'rm'), [])
    expect(spelled.denyTexts.map(displayText)).toEqual([
      'sudo /usr/bin/xargs rm',
      '/usr/bin/xargs rm',
      'xargs rm',
      'rm …',
    ])
    expect(spelled.stages.map((stage) => displayText(joinWords(stage)))).toEqual([
      'sudo /usr/bin/xargs rm',
      '/usr/bin/xargs rm',
      'rm …',
    ])
    expect(spelled.ownCommands.map((stage) => displayText(joinWords(stage)))).toEqual(['rm …'])
    // sudo is not stripped for allow rules: the allow spelling is the command as written.
    expect(displayText(joinWords(spelled.allowWords ?? []))).toBe('sudo /usr/bin/xargs rm')
  })

  it('lets no allow rule match behind an assignment to a variable that decides what runs', () => {
    const spelled = spellCommand(words('npm', 'test'), ['PATH'])
    expect(spelled.allowWords).toBeUndefined()
    expect(spelled.denyTexts.map(displayText)).toEqual(['npm test'])
    expect(spelled.hidingConstructs).toEqual(['an assignment to PATH, which changes what runs'])
    expect(
      displayText(joinWords(spellCommand(words('npm', 'test'), ['CI']).allowWords ?? [])),
    ).toBe('npm test')
  })

  it('hides a command whose name is known only at run time, or a string a wrapper runs', () => {
    expect(spellCommand(words(undefined, 'x'), [])).toMatchObject({
      allowWords: undefined,
      hidingConstructs: ['a command name known only at run time'],
    })
    expect(spellCommand(words('env', '-S', 'rm -rf /'), []).strings).toEqual([
      { text: 'rm -rf /', reason: 'env, which runs a string as commands' },
    ])
  })

  it('names a program given as a path by its last segment', () => {
    expect(basename('/usr/bin/rm')).toBe('rm')
    expect(basename('rm')).toBe('rm')
  })
})

// SPEC §18.2: wrappers are stripped before matching; SPEC §26: never allow what cannot be known.
// A wrapper written as a path names a file: `./nice npm test` runs a local `nice`, whatever it is.
describe('spellCommand: a wrapper written as a path (SPEC §18.2, §26)', () => {
  it('is stripped for deny rules by its basename, and kept for allow rules', () => {
    for (const wrapper of ['/usr/bin/env', '/usr/bin/nice', './nice', '/tmp/x/nohup']) {
      const spelled = spellCommand(words(wrapper, 'rm', 'old.log'), [])
      expect(displayText(joinWords(spelled.allowWords ?? []))).toBe(`${wrapper} rm old.log`)
      expect(spelled.denyTexts.map(displayText), wrapper).toContain('rm old.log')
    }
  })
})
