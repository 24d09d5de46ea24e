import { beforeAll, describe, expect, it } from 'vitest'
import { checkPermission } from '../check-permission.js'
import { evaluateCall } from '../evaluate/evaluate-call.js'
import { buildRuleSet } from '../rules/rule-set.js'
import { loadBashParser } from '../shell/bash-parser.js'
import type { BashParser } from '../shell/bash-parser.js'
import { generaliseAnswer } from './generalise-answer.js'

let parser: BashParser
beforeAll(async () => {
  parser = await loadBashParser()
})

/** The rules an allow always-answer to `line` writes, with no rule in force. */
function answered(line: string): readonly string[] {
  const rules = buildRuleSet([], { projectRoot: '/p', cwd: '/p', home: '/h' }, () => undefined)
  const subjects = [{ kind: 'command' as const, command: line }]
  const evaluation = evaluateCall(
    { ruleName: 'Bash', arguments: {}, subjects, readOnly: false, hints: {}, agentId: undefined },
    { rules, mode: 'default', parser, cwd: '/p', home: '/h' },
  )
  return generaliseAnswer('Bash', subjects, evaluation, { cwd: '/p', home: '/h' }, 'allow').rules
}

// SPEC §26: always-answers "never write `Name *` rules for programs that destroy or escalate (rm,
// sudo, dd, chmod, chown, kill, …: those get the exact command)"; §18.2: wrappers are stripped
// before matching; a wrapper written as a path names a file (`./nice` may be anything), so the
// allow spelling keeps it, and a wide rule naming it would stand for any program behind it.
describe('always-answers behind a wrapper written as a path (SPEC §26, §18.2)', () => {
  it.each([
    ['/usr/bin/env rm old.log', 'Bash(/usr/bin/env rm old.log)', '/usr/bin/env rm -rf /'],
    [
      '/usr/bin/timeout 5 rm old.log',
      'Bash(/usr/bin/timeout 5 rm old.log)',
      '/usr/bin/timeout 5 sudo rm -rf /',
    ],
    [
      '/usr/bin/nice chmod 600 key',
      'Bash(/usr/bin/nice chmod 600 key)',
      '/usr/bin/nice chmod -R 777 /',
    ],
    [
      '/bin/nohup /usr/bin/env sudo ls',
      'Bash(/bin/nohup /usr/bin/env sudo ls)',
      '/bin/nohup sudo rm -rf /',
    ],
    // A program that destroys nothing behind it: still exact, the wrapper runs what it is given.
    ['/usr/bin/timeout 5 ls', 'Bash(/usr/bin/timeout 5 ls)', '/usr/bin/timeout 5 rm -rf /'],
    ['./nice npm test', 'Bash(./nice npm test)', './nice rm -rf /'],
  ])('an allow for %j is the exact %s; %j then asks', (line, rule, wider) => {
    expect(answered(line)).toEqual([rule])
    const rules = { allow: [rule] }
    expect(checkPermission({ parser, command: line, rules }).decision).toBe('allow')
    expect(checkPermission({ parser, command: wider, rules }).decision).toBe('ask')
  })

  it('is no wrapper an allow rule sees through: `./nice` may be any program', () => {
    const rules = { allow: ['Bash(npm test *)'] }
    expect(checkPermission({ parser, command: './nice npm test', rules }).decision).toBe('ask')
    expect(checkPermission({ parser, command: 'nice npm test', rules }).decision).toBe('allow')
  })

  it('writes no wide rule through it, env assignments included', () => {
    expect(answered('/usr/bin/env CI=1 npm test')).toEqual(['Bash(/usr/bin/env CI=1 npm test)'])
    expect(answered('env CI=1 npm test')).toEqual(['Bash(npm test *)'])
  })
})

// SPEC §26: the destructive check reads the program after every wrapper, the deny-only ones too
// (`setsid`, `ionice`): a wide rule naming the wrapper would allow `setsid rm -rf /`.
describe('always-answers behind a wrapper kept in the allow spelling (SPEC §26)', () => {
  it.each([
    ['setsid rm old.log', 'Bash(setsid rm old.log)', 'setsid rm -rf /'],
    [
      '/usr/bin/setsid chmod 600 key',
      'Bash(/usr/bin/setsid chmod 600 key)',
      '/usr/bin/setsid chmod 777 /',
    ],
    ['setsid git status', 'Bash(setsid git status)', 'setsid git push --force'],
    ['setsid ls -la', 'Bash(setsid ls -la)', 'setsid rm -rf /'],
  ])('an allow for %j is the exact %s; %j then asks', (line, rule, wider) => {
    expect(answered(line)).toEqual([rule])
    const rules = { allow: [rule] }
    expect(checkPermission({ parser, command: wider, rules }).decision).toBe('ask')
  })

  it('keeps the wide rule where the allow spelling strips the wrapper', () => {
    expect(answered('nice -n 5 ls -la')).toEqual(['Bash(ls *)'])
    expect(answered('timeout 5 ls -la')).toEqual(['Bash(ls *)'])
  })
})
