import { describeThrown } from '@toolpipe/core/internal'
import type { ApprovalOutcome } from '../approval.js'
import { InvalidApprovalError } from '../invalid-approval-error.js'
import { describeValue } from './checks.js'

/**
 * Reads the approval service's answer, each member once, into a fresh outcome.
 *
 * @throws `InvalidApprovalError` (`INVALID_APPROVAL`) for anything that is not an outcome,
 * including one whose members cannot be read
 */
export function readApprovalOutcome(value: unknown): ApprovalOutcome {
  let kind: unknown
  let reason: unknown
  if (typeof value === 'object' && value !== null) {
    try {
      kind = (value as { kind?: unknown }).kind
      if (kind === 'rejected') reason = (value as { reason?: unknown }).reason
    } catch (error) {
      throw new InvalidApprovalError(
        `the approval service's outcome could not be read: ${describeThrown(error)}`,
        { cause: error },
      )
    }
  }
  switch (kind) {
    case 'allowed-once':
    case 'cancelled':
    case 'unavailable':
      return { kind }
    case 'rejected':
      return typeof reason === 'string' && reason !== '' ? { kind, reason } : { kind }
  }
  throw new InvalidApprovalError(
    `the approval service answered ${describeValue(value)}, which is not an approval outcome`,
  )
}
