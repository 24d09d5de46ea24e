import { describe, expect, it } from 'vitest'
import { bashParser, syntaxTree } from '../../__fixtures__/shell-words.js'
import { analyzeShell } from './analyze-shell.js'
import { displayText } from './command-text.js'
import { openCompounds, openPrefixedCompounds } from './compound-prefixes.js'

const parser = bashParser()

/** One pass over `line` (undefined: nothing to write again). */
const opened = (line: string) => openPrefixedCompounds(syntaxTree(parser(), line), line)

/** Every simple command bash runs in `line`, with its allow spelling. */
function commandsOf(line: string) {
  return analyzeShell(parser(), line).commands.map((command) => ({
    source: command.source,
    allow: command.allowText === undefined ? undefined : displayText(command.allowText),
  }))
}

// SPEC §18.2: "any simple command that is denied denies the call"; bash(1), "Coprocesses" and
// "Pipelines": `coproc [NAME] compound-command`, `time [-p] pipeline`, `! pipeline`.
describe('a compound command after coproc, time or ! (SPEC §18.2, §26)', () => {
  it('is written so the parser reads it: the prefix blanked, every other offset kept', () => {
    expect(opened('coproc { rm x; }')).toEqual({ line: '       { rm x; }', coprocess: true })
    expect(opened('time -p -- { rm x; }')).toEqual({
      line: '           { rm x; }',
      coprocess: false,
    })
    expect(opened('! for f in x; do rm "$f"; done')?.line).toBe(
      ' '.repeat(2) + 'for f in x; do rm "$f"; done',
    )
    expect(opened('a && ! if true; then rm x; fi')?.line).toBe('a &&   if true; then rm x; fi')
    expect(opened('coproc ( rm x ) > out')?.line).toBe('       ( rm x ) > out')
  })

  it("keeps a coprocess's NAME as a word bash expands, not a program", () => {
    expect(opened('coproc NAME { rm x; }')).toEqual({
      line: ': NAME;     { rm x; }',
      coprocess: true,
    })
    expect(opened('coproc $(rm y) while true; do id; done')?.line).toBe(
      `: $(rm y);${' '.repeat(5)}while true; do id; done`,
    )
    // tree-sitter reads `coproc NAME (` as an ERROR before a subshell.
    expect(opened('coproc NAME ( rm x )')?.line).toBe(': NAME;     ( rm x )')
  })

  it('leaves what bash reads as a simple command, or as no reserved word, alone', () => {
    for (const line of [
      'coproc rm x',
      'coproc NAME rm x',
      'time rm x',
      'time -p npm test',
      '! rm x',
      '! ( rm x )',
      'x=1 time { rm x; }',
      "'coproc' { rm x; }",
      'echo coproc { rm x; }',
      'coproc {a,b}',
      'time [[x',
      // After a pipe bash reads no `time` (parse.y, `time_command_acceptable`): the program.
      'echo | time ! echo hi',
      'echo |& time [[ -n x ]]',
      'echo |\n time { rm x; }',
    ]) {
      expect(opened(line), line).toBeUndefined()
    }
  })

  // bash(1), "Definitions": a `\` + newline is removed before the word is read.
  it('reads a prefix word split by a backslash-newline as bash does', () => {
    expect(opened('ti\\\nme { rm x; }')?.line).toBe(`${' '.repeat(6)} { rm x; }`)
    expect(opened('cop\\\nroc { rm x; }')).toEqual({
      line: `${' '.repeat(8)} { rm x; }`,
      coprocess: true,
    })
    expect(opened('time -\\\np { rm x; }')?.line).toBe(`${' '.repeat(9)} { rm x; }`)
    // The outer `time` goes first; the inner one on the next pass.
    expect(opened('time ti\\\nme { rm x; }')?.line).toBe(`${' '.repeat(5)}ti\\\nme { rm x; }`)
  })

  it('takes off a prefix the misread words hid on the next pass, up to eight passes', () => {
    const nested = 'time coproc { coproc NAME { rm x; }; wait; }'
    const parsed = { root: syntaxTree(parser(), nested) }
    const result = openCompounds(nested, parsed, (line) => ({ root: syntaxTree(parser(), line) }))
    expect(result).toMatchObject({ coprocess: true, unfinished: undefined })
    expect(result?.line).toBe(`${' '.repeat(12)}{ : NAME;     { rm x; }; wait; }`)
    const deep = `${'! '.repeat(40)}{ rm x; }`
    const last = openCompounds(deep, { root: syntaxTree(parser(), deep) }, (line) => ({
      root: syntaxTree(parser(), line),
    }))
    expect(last?.unfinished).toMatch(/more than 8/)
    expect(
      openCompounds('ls', { root: syntaxTree(parser(), 'ls') }, () => undefined),
    ).toMatchObject({ line: 'ls', coprocess: false, unfinished: undefined })
  })

  it("judges the compound's commands as the line's own; no allow rule allows a coprocess's", () => {
    expect(commandsOf('coproc NAME { rm x; } > out')).toEqual([
      { source: ': NAME', allow: undefined },
      { source: 'rm x', allow: undefined },
    ])
    expect(commandsOf('coproc NAME for f in x; do rm "$f"; done').map((c) => c.source)).toEqual([
      ': NAME',
      'rm "$f"',
    ])
    // `time` and `!` change nothing an allow rule reads: `time { npm test; }` is `npm test`.
    expect(commandsOf('time -p { npm test; }')).toEqual([{ source: 'npm test', allow: 'npm test' }])
    expect(commandsOf('! { git status; }')).toEqual([{ source: 'git status', allow: 'git status' }])
    const analysis = analyzeShell(parser(), 'coproc NAME ( rm x )')
    expect(analysis.unparseable).toBeUndefined()
    expect(analyzeShell(parser(), `${'! '.repeat(40)}{ rm x; }`).unparseable).toMatch(
      /more than 8 compound commands/,
    )
  })
})
