import { describe, expect, it } from 'vitest'
import { decisionRecord } from './decision-record.js'

describe('decisionRecord', () => {
  it('names the sandbox for a command it let through (SPEC §23)', () => {
    expect(
      decisionRecord({
        decision: 'allow',
        basis: 'sandbox',
        mode: 'default',
        reason: 'allowed: no rule matched and it runs in the sandbox (autoAllowBashIfSandboxed)',
        subjects: [],
      }),
    ).toEqual({
      stage: 'rule',
      outcome: 'allow',
      source: { kind: 'sandbox', id: 'autoAllowBashIfSandboxed' },
      reason: 'allowed: no rule matched and it runs in the sandbox (autoAllowBashIfSandboxed)',
    })
  })

  it('names the rule that decided and its file', () => {
    expect(
      decisionRecord({
        decision: 'deny',
        basis: 'rule',
        mode: 'default',
        rule: {
          text: 'Bash(rm *)',
          source: { kind: 'project', path: '/p/.toolpipe/settings.json' },
          list: 'deny',
          index: 0,
        },
        reason: 'denied by rule "Bash(rm *)" in .toolpipe/settings.json',
        subjects: [],
      }),
    ).toEqual({
      stage: 'rule',
      outcome: 'deny',
      source: { kind: 'permissions', id: 'Bash(rm *)', path: '/p/.toolpipe/settings.json' },
      reason: 'denied by rule "Bash(rm *)" in .toolpipe/settings.json',
    })
  })

  it('names a rule given in code without a file, and the mode when no rule decided', () => {
    const inCode = decisionRecord({
      decision: 'allow',
      basis: 'rule',
      mode: 'default',
      rule: { text: 'Bash(ls *)', source: { kind: 'cli' }, list: 'allow', index: 0 },
      reason: 'allowed',
      subjects: [],
    })
    expect(inCode.source).toEqual({ kind: 'permissions', id: 'Bash(ls *)' })
    const byMode = decisionRecord({
      decision: 'ask',
      basis: 'mode',
      mode: 'acceptEdits',
      reason: 'no rule matched, acceptEdits mode',
      subjects: [],
    })
    expect(byMode).toEqual({
      stage: 'rule',
      outcome: 'ask',
      source: { kind: 'permissions', id: 'mode:acceptEdits' },
      reason: 'no rule matched, acceptEdits mode',
    })
  })
})
