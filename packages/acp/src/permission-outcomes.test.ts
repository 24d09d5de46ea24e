import type { RequestPermissionResponse } from '@agentclientprotocol/sdk'
import type { ApprovalOutcome } from '@toolpipe/tools'
import { describe, expect, it } from 'vitest'
import { fromAcpPermissionResponse, toAcpPermissionResponse } from './permission-outcomes.js'
import { createAcpSchemaChecker } from './__fixtures__/acp-schema.js'

const schema = createAcpSchemaChecker()

const pairs: [ApprovalOutcome, RequestPermissionResponse][] = [
  [{ kind: 'allowed-once' }, { outcome: { outcome: 'selected', optionId: 'allow_once' } }],
  [{ kind: 'allowed-always' }, { outcome: { outcome: 'selected', optionId: 'allow_always' } }],
  [{ kind: 'rejected' }, { outcome: { outcome: 'selected', optionId: 'reject_once' } }],
  [{ kind: 'rejected-always' }, { outcome: { outcome: 'selected', optionId: 'reject_always' } }],
  [{ kind: 'cancelled' }, { outcome: { outcome: 'cancelled' } }],
]

describe('the four ACP permission options, both ways (SPEC §12.3)', () => {
  it.each(pairs)('%o ↔ %o', (outcome, response) => {
    expect(toAcpPermissionResponse(outcome)).toEqual(response)
    expect(schema.errors('RequestPermissionResponse', response)).toEqual([])
    expect(fromAcpPermissionResponse(response)).toEqual(outcome)
  })

  it('a rejection’s reason has no place in ACP and is left out', () => {
    expect(toAcpPermissionResponse({ kind: 'rejected-always', reason: 'not on main' })).toEqual({
      outcome: { outcome: 'selected', optionId: 'reject_always' },
    })
  })

  it.each([
    [{ kind: 'unavailable' }, /the unavailable outcome/],
    [{ kind: 'allowed-once', arguments: { path: 'b' } }, /edited arguments/],
    [{ kind: 'maybe' }, /\{"kind":"maybe"\}|which is not an approval outcome/],
    [null, /null, which is not an approval outcome/],
  ])('refuses %o with UNSUPPORTED_OUTCOME', (outcome, message) => {
    expect(() => toAcpPermissionResponse(outcome as ApprovalOutcome)).toThrow(
      expect.objectContaining({ name: 'AcpBridgeError', code: 'UNSUPPORTED_OUTCOME' }),
    )
    expect(() => toAcpPermissionResponse(outcome as ApprovalOutcome)).toThrow(message)
  })

  it('refuses an answer that selects an option the bridge does not offer', () => {
    expect(() =>
      fromAcpPermissionResponse({ outcome: { outcome: 'selected', optionId: 'yes' } }),
    ).toThrow(expect.objectContaining({ code: 'INVALID_PERMISSION_RESPONSE' }))
  })
})
