import { describe, expect, it } from 'vitest'
import { buildRuleSet } from '../rules/rule-set.js'
import { ruleSetOf, ruleContext } from '../../__fixtures__/rule-sets.js'
import { modeInForce } from './mode-in-force.js'

describe('modeInForce', () => {
  it('takes the option, else the files’ defaultMode, else default', () => {
    const planned = ruleSetOf({ defaultMode: 'plan' })
    expect(modeInForce('dontAsk', planned)).toEqual({ mode: 'dontAsk', bypassRefused: false })
    expect(modeInForce(undefined, planned)).toEqual({ mode: 'plan', bypassRefused: false })
    expect(modeInForce(undefined, ruleSetOf({}))).toEqual({ mode: 'default', bypassRefused: false })
  })

  it('gives default instead of bypassPermissions when a managed source disables it', () => {
    const disabled = buildRuleSet(
      [
        {
          kind: 'managed',
          path: '/etc/managed.json',
          label: 'managed.json',
          format: 'settings',
          value: { permissions: { disableBypassPermissionsMode: 'disable' } },
        },
      ],
      ruleContext,
      () => undefined,
    )
    expect(modeInForce('bypassPermissions', disabled)).toEqual({
      mode: 'default',
      bypassRefused: true,
    })
    expect(modeInForce('acceptEdits', disabled)).toEqual({
      mode: 'acceptEdits',
      bypassRefused: false,
    })
  })
})
