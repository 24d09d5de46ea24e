import { describe, expect, it } from 'vitest'
import { unknown } from '../shell/command-text.js'
import { shellSpelling } from './shell-spelling.js'

const u = unknown

// A string a later shell runs, spelled as that shell reads its words (bash(1) QUOTING,
// EXPANSION; https://www.gnu.org/software/bash/manual/bash.html#Quoting).
describe('shellSpelling', () => {
  it.each([
    ['rm -rf x', 'rm -rf x'],
    ['r""m x', 'rm x'],
    ["r''m x", 'rm x'],
    ['r\\m x', 'rm x'],
    ['\\curl x', 'curl x'],
    ['cost $5 or $', `cost ${u} or $`],
    ['rm$IFS"x"', `rm${u}x`],
    ['${a}m', `${u}m\n  ${u}`],
    ["$'\\x72m' x", 'rm x'],
    ["$'\\162\\u006d' x", 'rm x'],
    ["$'\\cA'", u],
    ['$"rm" x', 'rm x'],
    ['r\\\nm x', 'rm x'],
    ['rm -r\\\nf x', 'rm -rf x'],
    ['{r,x}m x', 'rm xm x'],
    ['r{m,} x', 'rm r x'],
    ['rm {-rf,x}', 'rm -rf x'],
    ['git push origin main:main', 'git push origin main:main'],
  ])('%j reads as %j', (given, spelled) => {
    expect(shellSpelling(given)).toBe(spelled)
  })

  it('keeps what a substitution or a ${…} holds, each on a line of its own after the string', () => {
    // Each runs on with the text around it: an unknown stretch after it.
    expect(shellSpelling('$(echo r)m x')).toBe(`${u}m x\necho r ${u}`)
    expect(shellSpelling('echo `rm y`')).toBe(`echo ${u}\nrm y ${u}`)
    expect(shellSpelling('echo ${x:-$(rm y)}')).toBe(`echo ${u}\nrm y ${u}\n ${u} ${u}`)
    expect(shellSpelling('$(a $(b) (c)) d')).toBe(`${u} d\nb ${u}\na ${u} (c) ${u}`)
    // A ${…}'s parameter and operator are taken off: its word is what it may make.
    expect(shellSpelling('${x:-rm} x')).toBe(`${u} x\n rm ${u}`)
    expect(shellSpelling('${x-rm}')).toBe(`${u}\n rm ${u}`)
  })

  it('runs an unclosed one to the end, and reads a deep nest in one pass (no recursion)', () => {
    expect(shellSpelling('x $(rm y')).toBe(`x ${u}\nrm y ${u}`)
    const deep = `${'$('.repeat(50_000)}rm${')'.repeat(50_000)}`
    const spelled = shellSpelling(deep)
    expect(spelled.split('\n')).toContain(`rm ${u}`)
  })
})
