import { describe, expect, it } from 'vitest'
import { scanAwkProgram } from './awk-program.js'

describe('scanAwkProgram', () => {
  it('finds nothing in a program that only prints to its output', () => {
    expect(scanAwkProgram('{ print $1 }')).toEqual({ hidingConstructs: [], commands: [] })
  })

  it('finds the command system() runs, a pipe, and an output redirection', () => {
    expect(scanAwkProgram('BEGIN { system("rm x") }')).toEqual({
      hidingConstructs: ["awk's system(), which runs a command"],
      commands: ['rm x'],
    })
    expect(scanAwkProgram('{ "date" | getline d }').hidingConstructs).toEqual([
      'an awk pipe, which runs a command',
    ])
    expect(scanAwkProgram('{ print > "out" }').hidingConstructs).toEqual([
      'an awk output redirection, which writes a file',
    ])
  })

  it("refuses gawk's directives, which pick code at run time", () => {
    expect(scanAwkProgram('@load "x"').hidingConstructs).toEqual([
      "gawk's @ directives and indirect calls, which pick code at run time",
    ])
  })

  // SPEC §26: gawk and mawk do not end a regex at a slash inside a bracket expression.
  it('cannot read a regex whose bracket expression holds a slash, which awks end differently', () => {
    const unsure = [
      'an awk program it cannot read (a regex whose bracket expression awks end differently)',
    ]
    expect(
      scanAwkProgram('BEGIN { x = "a" ~ /[/]"/; system("rm -rf x") } # "').hidingConstructs,
    ).toEqual(unsure)
    expect(scanAwkProgram('/[/]"/ || 1 { print | "id" } # "').hidingConstructs).toEqual(unsure)
    expect(scanAwkProgram('/[^/]+$/ { print }').hidingConstructs).toEqual(unsure)
  })

  it('reads a bracket expression every awk ends alike, and what follows it', () => {
    expect(scanAwkProgram('/[[:alpha:]_]+/ { print $1 }')).toEqual({
      hidingConstructs: [],
      commands: [],
    })
    expect(scanAwkProgram('/[]x]/ { system("id") }').commands).toEqual(['id'])
  })

  // SPEC §26; POSIX awk "Lexical Conventions": after print (and the other words an expression
  // follows) a `/` starts a regex, so a `"` inside it opens no string that hides system().
  it('reads the regex after print, printf, return, else, exit and $ as every awk does', () => {
    for (const before of ['print', 'printf', 'return', 'exit', '$', 'if (1) x = 1; else']) {
      expect(scanAwkProgram(`BEGIN { ${before} /"/; system("rm -rf x") } # "`), before).toEqual({
        hidingConstructs: ["awk's system(), which runs a command"],
        commands: ['rm -rf x'],
      })
    }
    expect(scanAwkProgram('BEGIN { print /"/; print 1 > "/etc/x" } # "').hidingConstructs).toEqual([
      'an awk output redirection, which writes a file',
    ])
    expect(scanAwkProgram('{ print /"/ } END { "id" | getline } # "').hidingConstructs).toEqual([
      'an awk pipe, which runs a command',
    ])
  })

  it('scans every reading where awks read a / differently, and says when they disagree', () => {
    const disagree = 'an awk program whose slashes awks read differently'
    // gawk starts a regex after an if (…) condition; mawk divides.
    expect(scanAwkProgram('BEGIN { if (1) /"/; system("id") } # "')).toEqual({
      hidingConstructs: ["awk's system(), which runs a command", disagree],
      commands: ['id'],
    })
    // mawk 1.3.4-20200120 starts a regex one character after the / that follows ++.
    expect(scanAwkProgram('BEGIN { x++ /"/; system("id") } # "').hidingConstructs).toContain(
      "awk's system(), which runs a command",
    )
    expect(scanAwkProgram('BEGIN { print length /"/; system("id") } # "').commands).toEqual(['id'])
    // Every reading alike: nothing found, nothing said.
    expect(scanAwkProgram('{ print length / 2, NR / 3, $1 / 4, x++ / 5 }')).toEqual({
      hidingConstructs: [],
      commands: [],
    })
  })
})
