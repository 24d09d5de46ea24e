import { describe, expect, it } from 'vitest'
import { ruleSetOf } from '../../__fixtures__/rule-sets.js'
import { bashParser } from '../../__fixtures__/shell-words.js'
import type { Subject } from '@toolpipe/tools'
import { evaluateCall } from './evaluate-call.js'

const parser = bashParser()
const rules = ruleSetOf({
  allow: ['Bash(ls *)', 'Read(src/**)', 'WebFetch(domain:example.com)', 'deploy'],
  deny: ['Bash(rm *)'],
})

function evaluated(ruleName: string, subjects: Subject[] | undefined, args: unknown = {}) {
  return evaluateCall(
    { ruleName, arguments: args, subjects, readOnly: true, hints: {}, agentId: undefined },
    { rules, mode: 'default', parser: parser(), cwd: '/project', home: '/home/u' },
  )
}

describe('evaluateCall', () => {
  it('denies a line when any simple command is denied, and explains each command', () => {
    const line = 'ls && rm x > out'
    const { explanation, analyses } = evaluated('Bash', [{ kind: 'command', command: line }])
    expect(analyses).toHaveLength(1)
    expect(explanation).toMatchObject({
      decision: 'deny',
      basis: 'rule',
      mode: 'default',
      reason: 'denied by rule "Bash(rm *)" in cli settings',
    })
    expect(explanation.subjects.map((subject) => [subject.subject, subject.decision])).toEqual([
      [{ kind: 'command', command: line }, 'deny'],
    ])
    expect(
      explanation.subjects[0]?.redirects?.map((file) => [file.subject, file.decision]),
    ).toEqual([[{ kind: 'edit', path: '/project/out' }, 'ask']])
    expect(explanation.subjects[0]?.commands?.map((command) => command.decision)).toEqual([
      'allow',
      'deny',
    ])
  })

  it('explains an ask by its own reason before the mode’s: what hides a command, not "no rule matched"', () => {
    for (const line of ['PATH=. ls', 'eval ls', "echo 'rm x' | sh"]) {
      const { explanation } = evaluated('Bash', [{ kind: 'command', command: line }])
      expect(explanation.decision).toBe('ask')
      expect(explanation.basis).toBe('hidden-command')
      expect(explanation.reason).toMatch(
        /^no rule may allow .*: it hides a command from the rules$/u,
      )
    }
  })

  it('decides a command subject by its redirections too: one entry per subject', () => {
    const { explanation } = evaluated('Bash', [{ kind: 'command', command: 'ls > out.txt' }])
    expect(explanation.subjects).toHaveLength(1)
    expect(explanation.subjects[0]).toMatchObject({
      decision: 'ask',
      commands: [{ command: 'ls', decision: 'allow' }],
      redirects: [{ subject: { kind: 'edit', path: '/project/out.txt' }, decision: 'ask' }],
    })
  })

  it('allows a call only when every subject is allowed', () => {
    const both = evaluated('Read', [
      { kind: 'read', path: 'src/a.ts' },
      { kind: 'fetch', url: 'https://example.com/x' },
    ])
    expect(both.explanation.decision).toBe('allow')
    expect(both.analyses).toEqual([undefined, undefined])
    const one = evaluated('Read', [
      { kind: 'read', path: 'src/a.ts' },
      { kind: 'fetch', url: 'https://other.example/x' },
    ])
    expect(one.explanation).toMatchObject({ decision: 'ask', basis: 'mode' })
  })

  it('judges a tool without subjects by its name', () => {
    expect(evaluated('deploy', undefined).explanation).toEqual({
      decision: 'allow',
      basis: 'rule',
      mode: 'default',
      rule: { text: 'deploy', source: { kind: 'cli' }, list: 'allow', index: 3 },
      reason: 'allowed by rule "deploy" in cli settings',
      subjects: [],
    })
  })
})
