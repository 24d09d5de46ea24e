import { describe, expect, it } from 'vitest'
import { withInnerDecision } from './with-inner-decision.js'

describe('withInnerDecision: the hooks’ decision with the listeners’ inside them', () => {
  it('keeps a deny from inside, whatever the hooks said', () => {
    const inner = { kind: 'deny', reason: 'rule says no', code: 'POLICY_DENIED' } as const
    expect(withInnerDecision({ kind: 'allow', arguments: { command: 'ls' } }, inner)).toBe(inner)
  })

  it('denies two edits that differ, and takes either edit alone or two that agree', () => {
    expect(
      withInnerDecision(
        { kind: 'none', arguments: { command: 'ls -1' } },
        { kind: 'allow', arguments: { command: 'ls -a' } },
      ),
    ).toEqual({
      kind: 'deny',
      reason: 'the hooks and a tools/pre-execute listener rewrote the arguments differently',
      code: 'HOOK_CONFLICT',
    })
    expect(
      withInnerDecision({ kind: 'none', arguments: { command: 'ls -1' } }, { kind: 'allow' }),
    ).toEqual({ kind: 'allow', arguments: { command: 'ls -1' } })
    expect(
      withInnerDecision({ kind: 'none' }, { kind: 'allow', arguments: { command: 'ls -a' } }),
    ).toEqual({ kind: 'allow', arguments: { command: 'ls -a' } })
    expect(
      withInnerDecision(
        { kind: 'allow', arguments: { a: 1, b: 2 } },
        { kind: 'allow', arguments: { b: 2, a: 1 } },
      ),
    ).toEqual({ kind: 'allow', arguments: { a: 1, b: 2 } })
  })

  it('asks when the hooks ask, every time, with both reasons once each', () => {
    expect(
      withInnerDecision({ kind: 'ask', reason: 'hook asks' }, { kind: 'ask', reason: 'rule asks' }),
    ).toEqual({ kind: 'ask', reason: 'hook asks\nrule asks', remember: false })
    expect(withInnerDecision({ kind: 'ask' }, { kind: 'allow' })).toEqual({
      kind: 'ask',
      remember: false,
    })
    expect(
      withInnerDecision({ kind: 'ask', reason: 'same' }, { kind: 'ask', reason: 'same' }),
    ).toEqual({ kind: 'ask', reason: 'same', remember: false })
  })

  it('otherwise leaves the inner decision as it was: a hook’s allow is one more vote', () => {
    const inner = { kind: 'ask', reason: 'rule asks' } as const
    expect(withInnerDecision({ kind: 'allow' }, inner)).toEqual(inner)
  })
})
