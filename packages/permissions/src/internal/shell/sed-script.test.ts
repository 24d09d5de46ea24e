import { describe, expect, it } from 'vitest'
import { scanSedScript } from './sed-script.js'

describe('scanSedScript', () => {
  it('finds nothing in a script that only edits the stream', () => {
    expect(scanSedScript('s/a/b/g;p')).toEqual({ hidingConstructs: [], commands: [] })
  })

  it('finds the commands e runs, and the s///e flag that runs the pattern space', () => {
    expect(scanSedScript('1e rm -rf /')).toEqual({
      hidingConstructs: ["sed's e command, which runs a command"],
      commands: ['rm -rf /'],
    })
    expect(scanSedScript('s/a/b/e').hidingConstructs).toEqual([
      "sed's s///e flag, which runs the pattern space as a command",
    ])
  })

  it('finds the files w writes, and a script it cannot read', () => {
    expect(scanSedScript('w out.txt').hidingConstructs).toEqual([
      "sed's w command, which writes a file",
    ])
    expect(scanSedScript('s/a').hidingConstructs).toEqual([
      'a sed script it cannot read (an unterminated / at character 4)',
    ])
  })

  // SPEC §26: GNU sed does not end a regex at a delimiter inside a bracket expression.
  it('reads past a delimiter inside a bracket expression, and finds the flag behind it', () => {
    expect(scanSedScript('s/.*[/]*/g;rm -rf x;/e')).toEqual({
      hidingConstructs: ["sed's s///e flag, which runs the pattern space as a command"],
      commands: [],
    })
    expect(scanSedScript('/[/]/e id').commands).toEqual(['id'])
    expect(scanSedScript('\\%[%]%e id').commands).toEqual(['id'])
    expect(scanSedScript('s/[^/]*$//;s/[]/]/x/g')).toEqual({ hidingConstructs: [], commands: [] })
    // `y` and a replacement have no bracket expressions: `[` there is a character.
    expect(scanSedScript('y/[/x/;s/a/[/e').hidingConstructs).toEqual([
      "sed's s///e flag, which runs the pattern space as a command",
    ])
  })

  it('cannot read a bracket expression seds end differently, or one left open', () => {
    expect(scanSedScript('s/[[:alpha:]/]/X/').hidingConstructs).toEqual([
      'a sed script it cannot read (a bracket expression seds end differently at character 3)',
    ])
    expect(scanSedScript('s/[a/b/').hidingConstructs).toEqual([
      'a sed script it cannot read (an unterminated bracket expression at character 6)',
    ])
  })
})
