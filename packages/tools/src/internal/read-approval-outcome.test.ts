import { JsonSnapshotError } from '@toolpipe/core'
import { describe, expect, it } from 'vitest'
import { InvalidApprovalError } from '../invalid-approval-error.js'
import { readApprovalOutcome } from './read-approval-outcome.js'

/** SPEC §12.3: what an approval service may answer, read member by member, once. */

function refusal(value: unknown): InvalidApprovalError {
  try {
    readApprovalOutcome(value)
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidApprovalError)
    expect((error as InvalidApprovalError).code).toBe('INVALID_APPROVAL')
    return error as InvalidApprovalError
  }
  throw new Error('expected a refusal')
}

/** An object whose `member` getter throws when read. */
function throwingAt(member: string, rest: Record<string, unknown>): object {
  return Object.defineProperty({ ...rest }, member, {
    enumerable: true,
    get() {
      throw new Error(`${member} read`)
    },
  })
}

describe('readApprovalOutcome', () => {
  it('reads each kind into a fresh frozen outcome with only its own members', () => {
    for (const kind of ['allowed-once', 'allowed-always', 'cancelled', 'unavailable']) {
      const outcome = readApprovalOutcome({ kind, reason: 'why', arguments: undefined })
      expect(outcome).toStrictEqual({ kind })
      expect(Object.isFrozen(outcome)).toBe(true)
    }
    expect(readApprovalOutcome({ kind: 'rejected', reason: 'no' })).toStrictEqual({
      kind: 'rejected',
      reason: 'no',
    })
    expect(readApprovalOutcome({ kind: 'rejected-always', reason: '' })).toStrictEqual({
      kind: 'rejected-always',
    })
    expect(readApprovalOutcome({ kind: 'rejected', reason: 3 })).toStrictEqual({ kind: 'rejected' })
  })

  it('reads reason only for a rejection and arguments only for allowed-once', () => {
    for (const kind of ['allowed-once', 'allowed-always', 'cancelled', 'unavailable']) {
      expect(readApprovalOutcome(throwingAt('reason', { kind }))).toStrictEqual({ kind })
    }
    for (const kind of ['allowed-always', 'rejected', 'rejected-always', 'cancelled']) {
      expect(readApprovalOutcome(throwingAt('arguments', { kind }))).toStrictEqual({ kind })
    }
  })

  it('copies edited arguments as deep-frozen JSON, and refuses ones that are not JSON with the cause', () => {
    const edited = { path: '/tmp/a' }
    const outcome = readApprovalOutcome({ kind: 'allowed-once', arguments: edited })
    expect(outcome).toStrictEqual({ kind: 'allowed-once', arguments: edited })
    expect(outcome.kind === 'allowed-once' && outcome.arguments).not.toBe(edited)
    const error = refusal({ kind: 'allowed-once', arguments: { n: 1n } })
    expect(error.cause).toBeInstanceOf(JsonSnapshotError)
    expect(error.message).toBe(
      `the approval service answered allowed-once with edited arguments that are not JSON: ${(error.cause as Error).message}`,
    )
  })

  it('refuses null and other non-outcomes, naming what was answered', () => {
    expect(refusal(null).message).toBe(
      'the approval service answered null, which is not an approval outcome',
    )
    expect(refusal('allowed-once').message).toBe(
      'the approval service answered "allowed-once", which is not an approval outcome',
    )
  })

  it('refuses an outcome whose members cannot be read, with the throw as cause', () => {
    const error = refusal(throwingAt('kind', {}))
    expect(error.message).toBe("the approval service's outcome could not be read: kind read")
    expect((error.cause as Error).message).toBe('kind read')
  })
})
