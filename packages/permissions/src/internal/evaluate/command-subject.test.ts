import { describe, expect, it } from 'vitest'
import { ruleSetOf } from '../../__fixtures__/rule-sets.js'
import { bashParser } from '../../__fixtures__/shell-words.js'
import type { RuleSet } from '../rules/rule-set.js'
import { CallItems } from './call-items.js'
import { judgeCommand } from './command-subject.js'

const parser = bashParser()

function judged(command: string, rules: RuleSet, cwd?: string, args: object = { command }) {
  const items = new CallItems(
    {
      ruleName: 'Bash',
      arguments: args,
      subjects: undefined,
      readOnly: false,
      hints: {},
      agentId: undefined,
    },
    { rules, mode: 'default', parser: parser(), cwd: '/project', home: '/home/u' },
  )
  return judgeCommand({ kind: 'command', command, ...(cwd === undefined ? {} : { cwd }) }, items)
}

describe('judgeCommand', () => {
  it('judges each simple command, and each redirection as a file, from where cd leads', () => {
    const result = judged(
      'cd src && ls > out.txt',
      ruleSetOf({ allow: ['Bash(cd *)', 'Bash(ls *)'] }),
    )
    expect(result.commands.map((command) => [command.command, command.decision])).toEqual([
      ['cd src', 'allow'],
      ['ls', 'allow'],
    ])
    // SPEC §26: cd moves the base of later relative paths — the file is shown where it leads;
    // as the cd may not have run, the file may be either place (the decision covers both).
    expect(
      result.redirects.map((redirect) => [redirect.kind, redirect.path, redirect.places]),
    ).toEqual([['edit', '/project/src/out.txt', ['/project/out.txt', '/project/src/out.txt']]])
  })

  it('tells a file the line’s cd commands leave in one place from one they leave in several (SPEC §26)', () => {
    const rules = ruleSetOf({ allow: ['Bash(cd *)', 'Bash(ls *)'] })
    const files = (line: string) =>
      judged(line, rules).redirects.map((redirect) => [redirect.path, redirect.places])
    expect(files('ls > out.txt')).toEqual([['/project/out.txt', []]])
    expect(files('cd . && ls > out.txt')).toEqual([['/project/out.txt', []]])
    expect(files('cd /nowhere && ls > /nowhere/out.txt')).toEqual([['/nowhere/out.txt', []]])
    expect(files('cd /nowhere/a && cd b && ls > out.txt')).toEqual([
      [
        '/nowhere/a/b/out.txt',
        ['/project/out.txt', '/nowhere/a/out.txt', '/project/b/out.txt', '/nowhere/a/b/out.txt'],
      ],
    ])
  })

  it('resolves a relative subject cwd from the plugin’s, not the process’s (SPEC §18.1)', () => {
    const rules = ruleSetOf({ allow: ['Bash(ls *)'] })
    expect(judged('ls > out.txt', rules, 'pkg').redirects.map((redirect) => redirect.path)).toEqual(
      ['/project/pkg/out.txt'],
    )
    expect(judged('ls > out.txt', rules, '/elsewhere').redirects[0]?.path).toBe(
      '/elsewhere/out.txt',
    )
  })

  it('asks on a line that hides a command, naming what hides it', () => {
    const result = judged('echo $(whoami)', ruleSetOf({ allow: ['Bash(echo *)', 'Bash(whoami)'] }))
    expect(result.finals.map((final) => [final.decision, final.basis])).toContainEqual([
      'ask',
      'hidden-command',
    ])
    expect(result.finals.at(-1)?.reason).toBe(
      'no rule may allow a command substitution $(…): it hides a command from the rules',
    )
  })

  it('asks on a redirection to a file known only when it runs, where a path rule may name it', () => {
    const result = judged(
      'ls > $OUT',
      ruleSetOf({ allow: ['Bash(ls *)'], deny: ['Edit(//etc/**)'] }),
    )
    expect(result.redirects).toHaveLength(1)
    expect(result.redirects[0]).toMatchObject({
      kind: 'edit',
      path: '…',
      final: { decision: 'ask', basis: 'possibly-denied' },
    })
  })

  it('asks on a line the parser cannot read, and reads the subject’s own working directory', () => {
    const unreadable = judged('ls; (', ruleSetOf({ allow: ['Bash(ls *)'] }))
    expect(unreadable.finals[0]).toMatchObject({ decision: 'ask', basis: 'cannot-read' })
    const elsewhere = judged('ls > out', ruleSetOf({ allow: ['Bash(ls *)'] }), '/tmp')
    expect(elsewhere.redirects.map((redirect) => redirect.path)).toEqual(['/tmp/out'])
  })

  it('gives Gemini rules the call’s own arguments with command set to each simple command', () => {
    const rules = ruleSetOf(
      {},
      [
        `[[rule]]\ntoolName = "run_shell_command"\nargsPattern = '"cwd":"/safe"'\ndecision = "allow"\npriority = 2\n`,
        `[[rule]]\ntoolName = "run_shell_command"\nargsPattern = '"mode":'\ndecision = "deny"\npriority = 1\n`,
      ].join('\n'),
    )
    const line = 'ls; pwd'
    const result = judged(line, rules, undefined, { command: line, cwd: '/safe' })
    // Not the judge's own facts (their `mode`, `ruleName`): the allow covers each command.
    expect(result.commands.map((command) => [command.command, command.decision])).toEqual([
      ['ls', 'allow'],
      ['pwd', 'allow'],
    ])
  })
})
