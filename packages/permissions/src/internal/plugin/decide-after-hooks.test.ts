import { describe, expect, it } from 'vitest'
import type { Explanation } from '../../explanation.js'
import { decideAfterHooks } from './decide-after-hooks.js'

function explained(decision: Explanation['decision'], reason: string): Explanation {
  return { decision, basis: 'rule', mode: 'default', reason, subjects: [] }
}

describe('decideAfterHooks', () => {
  it('keeps the hooks’ deny, and denies what the rules deny with POLICY_DENIED', () => {
    const hooksDeny = { kind: 'deny', reason: 'the hook says no' } as const
    expect(decideAfterHooks(hooksDeny, explained('allow', 'allowed'))).toBe(hooksDeny)
    expect(decideAfterHooks({ kind: 'allow' }, explained('deny', 'denied by rule'))).toEqual({
      kind: 'deny',
      reason: 'denied by rule',
      code: 'POLICY_DENIED',
    })
  })

  it('asks where the rules ask, never remembered, the hooks’ reason and edits kept', () => {
    expect(
      decideAfterHooks(
        { kind: 'ask', reason: 'the hook wants a look', arguments: { command: 'ls' } },
        explained('ask', 'no rule matched'),
      ),
    ).toEqual({
      kind: 'ask',
      reason: 'no rule matched; the hook wants a look',
      remember: false,
      arguments: { command: 'ls' },
    })
    expect(decideAfterHooks({ kind: 'allow' }, explained('ask', 'asks'))).toEqual({
      kind: 'ask',
      reason: 'asks',
      remember: false,
    })
  })

  it('lets the hooks’ decision stand where the rules allow: a hook’s ask over a rule’s allow', () => {
    const hooksAsk = { kind: 'ask', reason: 'look' } as const
    expect(decideAfterHooks(hooksAsk, explained('allow', 'allowed'))).toBe(hooksAsk)
  })
})
