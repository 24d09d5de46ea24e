import { beforeAll, describe, expect, it } from 'vitest'
import { analyzeShell } from './analyze-shell.js'
import { loadBashParser } from './bash-parser.js'
import { displayText } from './command-text.js'
import type { BashParser } from './bash-parser.js'

let parser: BashParser
beforeAll(async () => {
  parser = await loadBashParser()
})
const hiding = (line: string) => analyzeShell(parser, line).hidingConstructs

// SPEC §26 (arithmetic contexts; assignments to what decides which code runs), bash(1) REDIRECTION.
describe('a {name} word before a redirection (SPEC §26)', () => {
  it('hides a command where bash evaluates the subscript of {name[…]} as arithmetic', () => {
    const why = 'a {a[x]} redirection, whose subscript bash evaluates as arithmetic'
    for (const operator of ['>/dev/null', '>>f', '<f', '>&2', '<&0', '>|f', '>&-', '<<<x']) {
      expect(hiding(`read x <<< 'a[$(rm -rf ~)]'; echo {a[x]}${operator}`), operator).toContain(why)
    }
    expect(hiding('echo hi {a[x]}<<E\nx\nE')).toContain(why)
    expect(hiding('echo {a[$i]}>&2')).toContain(
      'a {a[$i]} redirection, whose subscript bash evaluates as arithmetic',
    )
  })

  it('hides an assignment to a variable that decides what runs', () => {
    expect(hiding('echo x {PATH}>/dev/null; ls')).toEqual([
      'a {PATH} redirection, which assigns PATH and changes what later commands run',
    ])
    expect(hiding('echo x {BASH_CMDS[1]}>/dev/null')).toEqual([
      'a {BASH_CMDS[1]} redirection, which assigns BASH_CMDS[1] and changes what later commands run',
    ])
  })

  it('reads a plain name, a literal subscript, and a word bash does not take so, as harmless', () => {
    for (const line of [
      'exec {fd}>/dev/null',
      'echo {a[1]}>/dev/null',
      'echo {a[x]} >/dev/null',
      'echo {a[x]}&>/dev/null',
      'echo "{a[x]}">/dev/null',
      'echo {a,b}>/dev/null',
    ]) {
      expect(hiding(line), line).toEqual([])
    }
  })

  it('reads the {name} word as no argument of the command, as bash passes none', () => {
    const program = (line: string) =>
      analyzeShell(parser, line).commands.map((command) =>
        displayText(command.denyTexts.at(-1) ?? ''),
      )
    expect(program('git push {fd}>/dev/null')).toEqual(['git push'])
    expect(program('cat {a[1]}<<<x')).toEqual(['cat'])
    expect(program('echo {fd} >/dev/null')).toEqual(['echo {fd}'])
    // A brace expansion is an argument, known only when bash expands it.
    expect(program('echo {a,b}>/dev/null')).toEqual(['echo …'])
  })
})
