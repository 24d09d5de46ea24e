import { describe, expect, it } from 'vitest'
import type { PermissionMode as Mode } from '@toolpipe/settings-files'
import { finalDecision } from './final-decision.js'
import type { Item } from './final-decision.js'

const possiblyDenied: Item = {
  verdict: { decision: 'ask', reason: 'a deny rule may match', basis: 'possibly-denied' },
}
const unmatched: Item = { verdict: undefined }

function decided(item: Item, mode: Mode, readOnly = false) {
  const final = finalDecision(item, readOnly, mode)
  return [final.decision, final.basis]
}

describe('finalDecision', () => {
  it('leaves what no rule matched to the mode', () => {
    expect(decided(unmatched, 'default')).toEqual(['ask', 'mode'])
    expect(decided(unmatched, 'dontAsk')).toEqual(['deny', 'mode'])
    expect(decided(unmatched, 'bypassPermissions')).toEqual(['allow', 'mode'])
    expect(decided({ verdict: undefined, insideEdit: true }, 'acceptEdits')).toEqual([
      'allow',
      'mode',
    ])
    expect(decided(unmatched, 'acceptEdits')).toEqual(['ask', 'mode'])
  })

  it('lets plan mode run only read-only tools', () => {
    expect(decided(unmatched, 'plan')).toEqual(['deny', 'mode'])
    expect(decided(unmatched, 'plan', true)).toEqual(['allow', 'mode'])
  })

  it('never turns an ask a rule or a possible deny gave into an allow; dontAsk denies it', () => {
    expect(decided(possiblyDenied, 'bypassPermissions')).toEqual(['ask', 'possibly-denied'])
    expect(decided(possiblyDenied, 'acceptEdits')).toEqual(['ask', 'possibly-denied'])
    expect(finalDecision(possiblyDenied, false, 'dontAsk')).toMatchObject({
      decision: 'deny',
      basis: 'possibly-denied',
      reason: 'denied: dontAsk mode denies what would ask (a deny rule may match)',
    })
  })

  it('reads a deny-only item no rule matched as allowed: it is judged elsewhere', () => {
    expect(finalDecision({ verdict: undefined, denyOnly: true }, false, 'default')).toEqual({
      decision: 'allow',
      basis: 'mode',
      verdict: undefined,
      reason: 'read by deny and ask rules only',
    })
  })
})
