import { describe, expect, it } from 'vitest'
import { ruleSetOf } from '../../__fixtures__/rule-sets.js'
import { ruleField } from './evaluation-context.js'

describe('ruleField', () => {
  it('gives an explanation entry a rule only when a rule decided', () => {
    const [rule] = ruleSetOf({ allow: ['Bash(ls *)'] }).allow.all
    expect(ruleField(undefined)).toEqual({})
    expect(ruleField({ decision: 'ask', reason: 'mode' })).toEqual({})
    expect(ruleField({ decision: 'allow', reason: 'x', rule })).toEqual({
      rule: { text: 'Bash(ls *)', source: { kind: 'cli' }, list: 'allow', index: 0 },
    })
  })
})
