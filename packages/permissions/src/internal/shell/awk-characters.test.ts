import { spawnSync } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BashScratch } from '../../__fixtures__/bash-scratch.js'
import { bashParser } from '../../__fixtures__/shell-words.js'
import { checkPermission } from '../check-permission.js'

const parser = bashParser()

/**
 * Characters after which every awk that runs the program reads the `/` as the start of a regex
 * (an operator, a newline: POSIX awk, "Lexical Conventions"), and `#`, which starts a comment:
 * the `system()` after them is regex or comment text, and never runs.
 */
const regexAfter = '\n!$%&(*+,-./:;<=>?[^{}~#'

/** A program whose `system()` runs where awk reads the `/` after `char` as a division. */
const line = (hex: string) => `awk $'BEGIN { a = 1; b = a \\x${hex}/ 1; system("id"); c = 1/1 }'`

/** Every byte but NUL (which no argument holds), with the decision the judge must give. */
const bytes = Array.from({ length: 255 }, (_, index) => {
  const code = index + 1
  const expected = regexAfter.includes(String.fromCharCode(code)) ? 'allow' : 'ask'
  return [code.toString(16).padStart(2, '0'), expected] as const
})

const judge = (command: string) =>
  checkPermission({ parser: parser(), command, rules: { allow: ['Bash(awk *)'] } })

// SPEC §26: awk's system() is a hidden command, and a `/` is a division or a regex by the token
// before it, so what stands between the two is read as each awk reads it: a blank any awk skips
// (mawk's scan_code table skips \f and \v, gawk and the one-true-awk \r) is a blank; a
// character no awk reads there leaves the program unread; a non-ASCII byte is part of a name.
describe('every byte before an awk slash (SPEC §26, POSIX awk "Lexical Conventions")', () => {
  it.each(bytes)('\\x%s: %s', (hex, expected) => {
    expect(judge(line(hex)).decision).toBe(expected)
  })

  it('reads \\f and \\v (mawk), \\r (gawk, mawk, the one-true-awk) as blanks: the slash divides', () => {
    for (const blank of ['\f', '\v', '\r']) {
      const explanation = judge(`awk 'BEGIN { b = a ${blank}/ 1; system("id"); c = 1/1 }'`)
      expect(explanation.reason, JSON.stringify(blank)).toContain("awk's system()")
    }
  })
})

// The same bytes through real bash and the machine's awk, with a stub `id` that logs its runs:
// wherever awk ran the system(), the judge did not allow the line.
describe('every byte before an awk slash, against the real awk (SPEC §26)', () => {
  let scratch: BashScratch
  let mawk = false
  beforeAll(() => {
    scratch = new BashScratch(['id'], { programs: ['awk'] })
    const version = spawnSync('awk', ['-W', 'version'], { encoding: 'utf8' })
    mawk = version.error === undefined && version.stdout.startsWith('mawk')
  })
  afterAll(() => {
    scratch.dispose()
  })

  it.each(bytes)('\\x%s: what awk runs is allowed, or the line is not', (hex) => {
    const ran = scratch.run(line(hex)).ran
    if (ran.some((entry) => entry.startsWith('id'))) {
      expect(judge(line(hex)).decision).not.toBe('allow')
    }
    // mawk 1.3.4 skips \t, \v, \f, \r and space before the `/`, so its system() runs there.
    if (mawk && ['09', '0b', '0c', '0d', '20'].includes(hex)) expect(ran).toContain('id ')
  })
})
