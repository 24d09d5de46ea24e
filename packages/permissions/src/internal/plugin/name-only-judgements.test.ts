import { describe, expect, it } from 'vitest'
import { ruleSetOf } from '../../__fixtures__/rule-sets.js'
import { toolView } from '../read-subjects.js'
import type { CallJudgement } from './call-judgement.js'
import { isJudgedByNameOnly, NameOnlyJudgements } from './name-only-judgements.js'
import type { JudgedCall } from './name-only-judgements.js'

const deploy = toolView('deploy', undefined, new Map())
const shell = toolView(
  'shell',
  undefined,
  new Map([['shell', { ruleName: 'Bash', subjects: () => [] }]]),
)

function judged(mode: 'default' | 'plan'): JudgedCall {
  const judgement: CallJudgement = {
    view: deploy,
    subjects: undefined,
    evaluation: {
      explanation: { decision: 'ask', basis: 'mode', mode, reason: 'no rule', subjects: [] },
      analyses: [],
    },
  }
  return {
    judgement,
    decision: {
      stage: 'rule',
      outcome: 'ask',
      source: { kind: 'permissions', id: `mode:${mode}` },
    },
  }
}

describe('isJudgedByNameOnly', () => {
  it('holds for a tool without subjects that no parameter rule and no Gemini rule reads', () => {
    expect(isJudgedByNameOnly(deploy, ruleSetOf({ allow: ['deploy'] }))).toBe(true)
    expect(isJudgedByNameOnly(shell, ruleSetOf({}))).toBe(false)
    expect(isJudgedByNameOnly(deploy, ruleSetOf({ deny: ['deploy(env:prod)'] }))).toBe(false)
    expect(isJudgedByNameOnly(deploy, ruleSetOf({ ask: ['deploy(env:prod)'] }))).toBe(false)
    // An allow rule never reads the arguments of such a call: only deny and ask rules do.
    expect(isJudgedByNameOnly(deploy, ruleSetOf({ allow: ['deploy(env:prod)'] }))).toBe(true)
    // A specifier that is not `param:value` (a path, a command) matches subjects, which a tool
    // without subjects has none of: Claude Code's `Read(path)` rules (the rule name of
    // `read_file` too) leave a `read_file` without subjects to be judged by its name.
    const readFile = toolView('read_file', undefined, new Map())
    expect(readFile.ruleName).toBe('read_file')
    expect(
      isJudgedByNameOnly(readFile, ruleSetOf({ deny: ['Read(.env)'], ask: ['Read(//etc/**)'] })),
    ).toBe(true)
    expect(
      isJudgedByNameOnly(deploy, ruleSetOf({}, '[[rule]]\ntoolName = "x"\ndecision = "deny"\n')),
    ).toBe(false)
  })
})

describe('NameOnlyJudgements', () => {
  it('gives a judgement back only for the same rule set and mode', () => {
    const judgements = new NameOnlyJudgements()
    const rules = ruleSetOf({})
    const first = judged('default')
    judgements.set(deploy, rules, first)
    expect(judgements.get(deploy, rules, 'default')).toMatchObject(first)
    expect(judgements.get(deploy, rules, 'plan')).toBeUndefined()
    expect(judgements.get(deploy, ruleSetOf({}), 'default')).toBeUndefined()
    expect(judgements.get(shell, rules, 'default')).toBeUndefined()
  })

  it('keeps each view its own judgement while calls alternate between tools', () => {
    const judgements = new NameOnlyJudgements()
    const rules = ruleSetOf({})
    const forDeploy = judged('default')
    const forShell = judged('plan')
    judgements.set(deploy, rules, forDeploy)
    judgements.set(shell, rules, forShell)
    // Each view its own, whichever was set or asked last.
    expect(judgements.get(deploy, rules, 'default')?.decision).toBe(forDeploy.decision)
    expect(judgements.get(shell, rules, 'plan')?.decision).toBe(forShell.decision)
    expect(judgements.get(shell, rules, 'default')).toBeUndefined()
    expect(judgements.get(deploy, rules, 'default')?.decision).toBe(forDeploy.decision)
    // A judgement under other rules is not given back, even for the view asked last.
    expect(judgements.get(deploy, ruleSetOf({}), 'default')).toBeUndefined()
    expect(judgements.get(deploy, rules, 'plan')).toBeUndefined()
  })
})
