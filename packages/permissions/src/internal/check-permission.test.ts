import { beforeAll, describe, expect, it } from 'vitest'
import { checkPermission } from './check-permission.js'
import { loadBashParser } from './shell/bash-parser.js'
import type { BashParser } from './shell/bash-parser.js'

let parser: BashParser
beforeAll(async () => {
  parser = await loadBashParser()
})

describe('checkPermission', () => {
  it('decides a compound line command by command', () => {
    const rules = { allow: ['Bash(npm test *)', 'Bash(git status)'], deny: ['Bash(rm *)'] }
    expect(checkPermission({ parser, command: 'npm test && git status', rules }).decision).toBe(
      'allow',
    )
    expect(checkPermission({ parser, command: 'npm test && curl x', rules }).decision).toBe('ask')
    const denied = checkPermission({ parser, command: 'npm test; /bin/rm -rf /', rules })
    expect(denied.decision).toBe('deny')
    expect(denied.reason).toBe('denied by rule "Bash(rm *)" in cli settings')
    expect(denied.rule).toEqual({
      text: 'Bash(rm *)',
      source: { kind: 'cli' },
      list: 'deny',
      index: 0,
    })
    expect(denied.subjects[0]?.commands?.map((command) => command.decision)).toEqual([
      'allow',
      'deny',
    ])
  })

  it('denies a line the parser folded into the command before it, its assignments read', () => {
    // tree-sitter-bash reads `d` and the next line as one command; bash runs `rm b` with FOO
    // set. Before, `FOO=1` was read as the program's name, which only asked.
    const rules = { allow: ['Bash'], deny: ['Bash(rm *)'] }
    for (const command of ['a | c | d\nFOO=1 rm b && e', 'a | c | d\nA=1 B+=2 rm b && e']) {
      const decision = checkPermission({ parser, command, rules })
      expect(decision.decision, command).toBe('deny')
      expect(decision.reason).toBe('denied by rule "Bash(rm *)" in cli settings')
    }
    // An assignment to a variable that decides what runs still keeps any allow rule away.
    expect(
      checkPermission({ parser, command: 'a | c | d\nLD_PRELOAD=x ls && e', rules }).decision,
    ).toBe('ask')
  })
})
