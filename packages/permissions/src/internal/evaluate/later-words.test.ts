import { beforeAll, describe, expect, it } from 'vitest'
import { checkPermission } from '../check-permission.js'
import { loadBashParser } from '../shell/bash-parser.js'
import type { BashParser } from '../shell/bash-parser.js'
import { laterGlobParts, laterPartTries } from './later-words.js'

let parser: BashParser
beforeAll(async () => {
  parser = await loadBashParser()
})

const rules = { allow: ['Bash(ssh *)', 'Bash(git commit *)', 'Bash(echo *)'], deny: ['Bash(rm *)'] }
const decide = (command: string, deny = rules.deny) =>
  checkPermission({ parser, command, rules: { ...rules, deny }, mode: 'bypassPermissions' })

describe('later words of a program no table knows (SPEC §26 "possibly denied", §18.2)', () => {
  // Each part of a later word may start a command: after blanks, `=`, `:`, `,`, a shell's
  // operators, quotes (ssh_config(5) ProxyCommand, socat's EXEC:, sdiff's --diff-program).
  it.each([
    "ssh -o ProxyCommand='rm -rf x' h",
    "ssh -oProxyCommand='rm -rf x' h",
    "ssh -o 'ProxyCommand rm -rf x' h",
    "socat - EXEC:'rm -rf x'",
    "socat - SYSTEM:'rm -rf x'",
    'sdiff --diff-program=rm a b',
    'diff3 --diff-program=/bin/rm a b c',
    "mytool 'cd x; rm y'",
    "mytool 'x&&rm y'",
    "mytool 'a|rm'",
    "mytool '$(rm y)'",
    'mytool --run=ls,rm,-rf',
  ])('%j stays an ask in bypassPermissions', (line) => {
    const explanation = decide(line)
    expect(explanation.decision, explanation.reason).toBe('ask')
  })

  it.each(['ssh host ls', 'ssh -o ConnectTimeout=5 host ls', 'git commit -m "rm old files"'])(
    '%j is still allowed (no part names a denied program, or the program is known)',
    (line) => {
      expect(decide(line).decision).toBe('allow')
    },
  )

  it('matches the rule against the part and what follows it', () => {
    const deny = ['Bash(rm -rf /)']
    expect(decide("mytool --exec='rm -rf /'", deny).decision).toBe('ask')
    expect(decide("mytool --exec='rm x' y", deny).decision).toBe('allow')
  })

  it('reads a bounded number of parts naming a denied program, then asks (bounded work)', () => {
    const deny = ['Bash(rm -rf /)']
    const few = `mytool ${'rm '.repeat(laterPartTries)}`
    expect(decide(few, deny).decision).toBe('allow')
    const many = `mytool ${'rm '.repeat(30_000)}`
    expect(decide(many, deny).decision).toBe('ask')
    const oneWord = `mytool '${'rm '.repeat(30_000)}'`
    expect(decide(oneWord, deny).decision).toBe('ask')
  })

  it('matches a bounded number of parts with a glob or an expansion, then asks (bounded work)', () => {
    const few = `mytool '${'a*b '.repeat(laterGlobParts)}'`
    expect(decide(few).decision).toBe('allow')
    const many = `mytool '${'a*b '.repeat(laterGlobParts + 1)}'`
    expect(decide(many).decision).toBe('ask')
  })

  it('cuts what follows a part after a bounded length, the rest read as unknown', () => {
    const deny = ['Bash(rm x *)']
    const long = 'y'.repeat(10_000)
    expect(decide(`mytool 'rm y' x`, deny).decision).toBe('allow')
    expect(decide(`mytool 'rm x ${long}'`, deny).decision).toBe('ask')
    // Past the bound the words left may be anything, `x` first among them: fail closed.
    expect(decide(`mytool 'rm ${long}' y`, deny).decision).toBe('ask')
  })
})
