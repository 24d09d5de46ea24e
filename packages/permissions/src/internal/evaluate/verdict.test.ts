import { describe, expect, it } from 'vitest'
import { ruleSetOf } from '../../__fixtures__/rule-sets.js'
import { describeRule, stricter } from './verdict.js'
import type { Verdict } from './verdict.js'

const allow: Verdict = { decision: 'allow', reason: 'allowed' }
const ask: Verdict = { decision: 'ask', reason: 'asks' }
const deny: Verdict = { decision: 'deny', reason: 'denied' }

describe('stricter', () => {
  it('takes deny over ask over allow, and either when the other is missing', () => {
    expect(stricter(allow, deny)).toBe(deny)
    expect(stricter(ask, allow)).toBe(ask)
    expect(stricter(deny, ask)).toBe(deny)
    expect(stricter(undefined, ask)).toBe(ask)
    expect(stricter(allow, undefined)).toBe(allow)
    expect(stricter(undefined, undefined)).toBeUndefined()
  })

  it('keeps the first of two equally strict verdicts', () => {
    const other: Verdict = { decision: 'ask', reason: 'also asks' }
    expect(stricter(ask, other)).toBe(ask)
  })
})

describe('describeRule', () => {
  it('names a rule by its text and its source', () => {
    const [rule] = ruleSetOf({ deny: ['Bash(rm *)'] }).deny.all
    expect(rule === undefined ? undefined : describeRule(rule)).toBe(
      'rule "Bash(rm *)" in cli settings',
    )
  })
})
