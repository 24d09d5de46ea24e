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
// before matching — a wrapper written as a path (`/usr/bin/env`) is that wrapper.
describe('always-answers behind a wrapper written as a path (SPEC §26, §18.2)', () => {
  it.each([
    ['/usr/bin/env rm old.log', 'Bash(rm old.log)', '/usr/bin/env rm -rf /'],
    ['/usr/bin/timeout 5 rm old.log', 'Bash(rm old.log)', '/usr/bin/timeout 5 sudo rm -rf /'],
    ['/usr/bin/nice chmod 600 key', 'Bash(chmod 600 key)', '/usr/bin/nice chmod -R 777 /'],
    ['/bin/nohup /usr/bin/env sudo ls', 'Bash(sudo ls)', '/bin/nohup sudo rm -rf /'],
  ])('an allow for %j is the exact %s; %j then asks', (line, rule, wider) => {
    expect(answered(line)).toEqual([rule])
    const rules = { allow: [rule] }
    expect(checkPermission({ parser, command: line, rules }).decision).toBe('allow')
    expect(checkPermission({ parser, command: wider, rules }).decision).toBe('ask')
  })

  it('checks env assignments behind a wrapper written as a path like those behind `env`', () => {
    expect(answered('/usr/bin/env LD_PRELOAD=x.so npm test')).toEqual([])
    expect(answered('/usr/bin/env CI=1 npm test')).toEqual(['Bash(npm test *)'])
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
  ])('an allow for %j is the exact %s; %j then asks', (line, rule, wider) => {
    expect(answered(line)).toEqual([rule])
    const rules = { allow: [rule] }
    expect(checkPermission({ parser, command: wider, rules }).decision).toBe('ask')
  })

  it('keeps the wide rule for a wrapper running a program that destroys nothing', () => {
    expect(answered('setsid ls -la')).toEqual(['Bash(setsid ls *)'])
    expect(answered('/usr/bin/env ls -la')).toEqual(['Bash(ls *)'])
  })
})
