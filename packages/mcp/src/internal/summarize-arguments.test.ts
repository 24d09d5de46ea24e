import type { JsonValue } from '@toolpipe/core'
import { describe, expect, it } from 'vitest'
import { summarizeArguments } from './summarize-arguments.js'

// SPEC §22: mcpElicitationApproval shows the arguments, a readable summary, capped, beside the
// card's title, so nobody approves a call they cannot see. One row per case.
const rows: { name: string; args: JsonValue; summary: string }[] = [
  {
    name: 'a shell call',
    args: { command: 'rm -rf build', cwd: '/repo' },
    summary: 'command: rm -rf build\ncwd: /repo',
  },
  { name: 'no arguments', args: {}, summary: '(no arguments)' },
  {
    name: 'numbers, booleans, null, nested values as compact JSON',
    args: { limit: 10, force: true, note: null, edit: { path: 'a.ts', lines: [1, 2] } },
    summary: 'limit: 10\nforce: true\nnote: null\nedit: {"path":"a.ts","lines":[1,2]}',
  },
  { name: 'arguments that are not an object', args: ['a', 1], summary: '["a",1]' },
  {
    name: 'a multi-line string, indented under its key',
    args: { patch: '--- a\n+++ b\n@@ -1 +1 @@' },
    summary: 'patch: \n  --- a\n  +++ b\n  @@ -1 +1 @@',
  },
  {
    name: 'an odd key, quoted',
    args: { 'two words\n': 1 },
    summary: '"two words\\n": 1',
  },
  {
    name: 'an escape sequence and a carriage return, shown, never interpreted',
    args: { command: 'echo safe\r\u001b[2Krm -rf /' },
    summary: 'command: echo safe\\u{d}\\u{1b}[2Krm -rf /',
  },
  {
    name: 'a bidirectional override and zero-width characters',
    args: { file: 'invoice\u202Efdp.exe', name: 'a\u200bb\ufeff' },
    summary: 'file: invoice\\u{202e}fdp.exe\nname: a\\u{200b}b\\u{feff}',
  },
]

describe('summarizeArguments', () => {
  it.each(rows)('$name', ({ args, summary }) => {
    expect(summarizeArguments(args)).toBe(summary)
  })

  it('cuts a long value, many lines, many members, and the whole, saying what it left out', () => {
    const long = summarizeArguments({ content: 'x'.repeat(10_000) })
    expect(long).toBe(`content: ${'x'.repeat(500)}… (9500 more characters)`)
    const lines = summarizeArguments({
      text: Array.from({ length: 30 }, (_, index) => `line ${String(index)}`).join('\n'),
    })
    expect(lines.split('\n')).toHaveLength(14)
    expect(lines.endsWith('  line 11\n  … 18 more lines')).toBe(true)
    const many = summarizeArguments(
      Object.fromEntries(Array.from({ length: 25 }, (_, index) => [`k${String(index)}`, index])),
    )
    expect(many.split('\n')).toHaveLength(21)
    expect(many.endsWith('k19: 19\n… and 5 more members')).toBe(true)
    const wide = summarizeArguments(
      Object.fromEntries(
        Array.from({ length: 20 }, (_, index) => [`k${String(index)}`, 'y'.repeat(400)]),
      ),
    )
    expect(wide.length).toBeLessThan(2_100)
    expect(wide).toMatch(/… \(\d+ more characters\)$/)
    expect(
      summarizeArguments({ deep: JSON.parse(`${'['.repeat(400)}${']'.repeat(400)}`) as JsonValue }),
    ).toBe(`deep: ${'['.repeat(400)}${']'.repeat(100)}… (300 more characters)`)
  })

  it('never cuts a surrogate pair in half', () => {
    const summary = summarizeArguments({ emoji: `${'a'.repeat(499)}😀😀` })
    expect(summary).toBe(`emoji: ${'a'.repeat(499)}… (4 more characters)`)
  })
})
