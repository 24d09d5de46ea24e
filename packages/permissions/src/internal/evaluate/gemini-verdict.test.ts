import { describe, expect, it } from 'vitest'
import { ruleSetOf } from '../../__fixtures__/rule-sets.js'
import { geminiVerdict, quadraticBudget } from './gemini-verdict.js'
import type { GeminiCommand, GeminiFacts, GeminiItem } from './gemini-verdict.js'
import type { Verdict } from './verdict.js'

const policy = [
  '[[rule]]\ntoolName = "Bash"\ncommandPrefix = "git"\ndecision = "allow"\npriority = 100\n',
  '[[rule]]\ntoolName = "Bash"\ncommandPrefix = "rm"\ndecision = "deny"\npriority = 200\ndenyMessage = "no"\n',
  '[[rule]]\ntoolName = "Bash"\nargsPattern = "secret"\ndecision = "ask_user"\npriority = 300\n',
].join('\n')
const { gemini } = ruleSetOf({}, policy)

function facts(args: unknown): GeminiFacts {
  return {
    ruleName: 'Bash',
    mode: 'default',
    agentId: undefined,
    hints: {},
    argsJson: () => JSON.stringify(args),
    quadraticBudget: { left: quadraticBudget },
  }
}

/** One simple command (`…` unknown), with the line's redirections and hiding as given. */
function command(text: string, extra: Partial<GeminiCommand> = {}): GeminiItem {
  const spelled = text.replaceAll(' ', '\u0000').replaceAll('…', '\u0001')
  return {
    kind: 'command',
    command: {
      allowText: spelled,
      denyTexts: [spelled],
      argsJson: () => '{"command":"x"}',
      redirects: false,
      hidesCommand: false,
      ...extra,
    },
  }
}

function brief(verdict: Verdict | undefined) {
  return verdict === undefined
    ? undefined
    : [verdict.decision, verdict.rule?.index, verdict.basis ?? 'rule']
}

describe('geminiVerdict', () => {
  it('lets the highest-priority matching rule decide, a deny with its message', () => {
    expect(brief(geminiVerdict(gemini, facts({}), command('git status')))).toEqual([
      'allow',
      0,
      'rule',
    ])
    const denied = geminiVerdict(gemini, facts({}), command('rm x'))
    expect(brief(denied)).toEqual(['deny', 1, 'rule'])
    expect(denied?.reason).toMatch(/: no$/)
    expect(brief(geminiVerdict(gemini, facts({ command: 'secret' }), { kind: 'call' }))).toEqual([
      'ask',
      2,
      'rule',
    ])
  })

  it('asks where a deny may match a word known only at run time', () => {
    expect(brief(geminiVerdict(gemini, facts({}), command('r…')))).toEqual([
      'ask',
      1,
      'possibly-denied',
    ])
  })

  it('asks instead of allowing a line with redirections, or one that hides a command', () => {
    expect(
      brief(geminiVerdict(gemini, facts({}), command('git log', { redirects: true }))),
    ).toEqual(['ask', 0, 'rule'])
    expect(
      brief(geminiVerdict(gemini, facts({}), command('git log', { hidesCommand: true }))),
    ).toEqual(['ask', 0, 'hidden-command'])
  })

  it('leaves a line the highest matching rule allows to its simple commands, and decides nothing no rule names', () => {
    expect(geminiVerdict(gemini, facts({}), { kind: 'line', line: 'git status' })).toBeUndefined()
    expect(geminiVerdict(gemini, facts({}), command('ls'))).toBeUndefined()
  })

  // Gemini CLI's policy engine: "the rule with the highest priority wins" on the whole command,
  // which is then re-checked per sub-command (https://geminicli.com/docs/reference/policy-engine/).
  it('lets a higher allow on the whole line shadow a lower deny that also matches it', () => {
    const ordered = ruleSetOf(
      {},
      [
        '[[rule]]\ntoolName = "Bash"\ncommandPrefix = "git"\ndecision = "deny"\npriority = 10\n',
        '[[rule]]\ntoolName = "Bash"\ncommandPrefix = "git status"\ndecision = "allow"\npriority = 100\n',
      ].join('\n'),
    ).gemini
    const line: GeminiItem = { kind: 'line', line: 'git status' }
    expect(geminiVerdict(ordered, facts({}), line)).toBeUndefined()
    expect(brief(geminiVerdict(ordered, facts({}), command('git status')))).toEqual([
      'allow',
      1,
      'rule',
    ])
    expect(brief(geminiVerdict(ordered, facts({}), { kind: 'line', line: 'git push' }))).toEqual([
      'deny',
      0,
      'rule',
    ])
  })

  it('lets a higher unconstrained ask on the tool decide the whole line over a lower deny', () => {
    const ordered = ruleSetOf(
      {},
      [
        '[[rule]]\ntoolName = "Bash"\ncommandPrefix = "rm"\ndecision = "deny"\npriority = 10\n',
        '[[rule]]\ntoolName = "Bash"\ndecision = "ask_user"\npriority = 100\n',
      ].join('\n'),
    ).gemini
    expect(brief(geminiVerdict(ordered, facts({}), { kind: 'line', line: 'rm x' }))).toEqual([
      'ask',
      1,
      'rule',
    ])
  })

  // SPEC §26: a decision on any input ≤ 100 KB in ≤ 50 ms. `.*curl.*` tried from every position
  // of 100 KB took 6.5 s; it runs on short texts, and a longer one asks.
  it('runs a quadratic regex on short texts only, within the call’s budget, and asks past them', () => {
    const { gemini: quadratic } = ruleSetOf(
      {},
      '[[rule]]\ntoolName = "Bash"\nargsPattern = ".*curl.*"\ndecision = "deny"\n',
    )
    expect(quadratic[0]?.quadraticRegex).toBe(true)
    const short = facts({ command: 'curl x.example' })
    expect(brief(geminiVerdict(quadratic, short, { kind: 'call' }))).toEqual(['deny', 0, 'rule'])
    const long = facts({ command: `echo ${'x'.repeat(100_000)}` })
    const asked = geminiVerdict(quadratic, long, { kind: 'call' })
    expect(brief(asked)).toEqual(['ask', 0, 'possibly-denied'])
    expect(asked?.reason).toContain('run only on texts of at most 2048 characters')
    const spent = facts({ command: 'echo hi' })
    spent.quadraticBudget.left = 10
    expect(brief(geminiVerdict(quadratic, spent, { kind: 'call' }))).toEqual([
      'ask',
      0,
      'possibly-denied',
    ])
  })
})
