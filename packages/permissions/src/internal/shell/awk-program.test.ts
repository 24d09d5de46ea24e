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
})
