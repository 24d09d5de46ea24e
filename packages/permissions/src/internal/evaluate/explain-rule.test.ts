import { describe, expect, it } from 'vitest'
import { ruleSetOf } from '../../__fixtures__/rule-sets.js'
import { explainRule } from './explain-rule.js'

describe('explainRule', () => {
  it('shows a settings rule by its text, source, list and index', () => {
    const [rule] = ruleSetOf({ deny: ['Bash(curl *)', 'Bash(rm *)'] }).deny.all.slice(1)
    expect(rule === undefined ? undefined : explainRule(rule)).toEqual({
      text: 'Bash(rm *)',
      source: { kind: 'cli' },
      list: 'deny',
      index: 1,
    })
  })

  it('shows a Gemini rule with its file, its decision as its list', () => {
    const [rule] = ruleSetOf(
      {},
      '[[rule]]\ntoolName = "Bash"\ndecision = "ask_user"\npriority = 1\n',
    ).gemini
    expect(rule === undefined ? undefined : explainRule(rule)).toEqual({
      text: '[[rule]] 0: toolName="Bash" decision="ask_user"',
      source: { kind: 'project', path: '/project/policy.toml' },
      list: 'ask',
      index: 0,
    })
  })
})
