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
})
