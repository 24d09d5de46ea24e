import { describe, expect, it } from 'vitest'
import { managedDenial, managedDenialExplanation, managedDenialRecord } from './managed-denial.js'

const unreadable = {
  label: 'managed.json',
  path: '/etc/toolpipe/managed.json',
  reason:
    'the managed source managed.json: line 4, column 3: PropertyNameExpected; every call is denied until it can be read and parses',
}

describe('the denial while a managed file cannot be used', () => {
  it('denies with MANAGED_POLICY_UNREADABLE and the reason', () => {
    expect(managedDenial(unreadable)).toEqual({
      kind: 'deny',
      reason: unreadable.reason,
      code: 'MANAGED_POLICY_UNREADABLE',
    })
  })

  it('records the decision naming the file, and explains it with no subject judged', () => {
    expect(managedDenialRecord(unreadable)).toEqual({
      stage: 'rule',
      outcome: 'deny',
      source: { kind: 'permissions', id: 'MANAGED_POLICY_UNREADABLE', path: unreadable.path },
      reason: unreadable.reason,
    })
    expect(managedDenialExplanation(unreadable, 'bypassPermissions')).toEqual({
      decision: 'deny',
      basis: 'cannot-read',
      mode: 'bypassPermissions',
      reason: unreadable.reason,
      subjects: [],
    })
  })
})
