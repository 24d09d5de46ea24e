import { JsonSnapshotError, snapshotJson } from '@toolpipe/core'
import { describeThrown } from '@toolpipe/core/internal'
import type { JsonValue } from '@toolpipe/core'
import type { ApprovalOutcome } from '../approval.js'
import { InvalidApprovalError } from '../invalid-approval-error.js'
import { describeValue } from './checks.js'

/**
 * Reads the approval service's answer, each member once, into a fresh frozen outcome. Edited
 * arguments (`allowed-once` with `arguments`) are copied as deep-frozen JSON here, so the service
 * cannot change them after answering.
 *
 * @throws `InvalidApprovalError` (`INVALID_APPROVAL`) for anything that is not an outcome,
 * including one whose members cannot be read and edited arguments that are not JSON
 */
export function readApprovalOutcome(value: unknown): ApprovalOutcome {
  let kind: unknown
  let reason: unknown
  let edited: unknown
  if (typeof value === 'object' && value !== null) {
    try {
      kind = (value as { kind?: unknown }).kind
      if (kind === 'rejected' || kind === 'rejected-always') {
        reason = (value as { reason?: unknown }).reason
      }
      if (kind === 'allowed-once') edited = (value as { arguments?: unknown }).arguments
    } catch (error) {
      throw new InvalidApprovalError(
        `the approval service's outcome could not be read: ${describeThrown(error)}`,
        { cause: error },
      )
    }
  }
  switch (kind) {
    case 'allowed-once':
      return Object.freeze(edited === undefined ? { kind } : { kind, arguments: copyEdit(edited) })
    case 'allowed-always':
    case 'cancelled':
    case 'unavailable':
      return Object.freeze({ kind })
    case 'rejected':
    case 'rejected-always':
      return Object.freeze(
        typeof reason === 'string' && reason !== '' ? { kind, reason } : { kind },
      )
  }
  throw new InvalidApprovalError(
    `the approval service answered ${describeValue(value)}, which is not an approval outcome`,
  )
}

/** The edited arguments as deep-frozen JSON, or the error that says where they are not JSON. */
function copyEdit(edited: unknown): JsonValue {
  try {
    return snapshotJson(edited, { freeze: true })
  } catch (error) {
    const where = error instanceof JsonSnapshotError ? error.message : describeThrown(error)
    throw new InvalidApprovalError(
      `the approval service answered allowed-once with edited arguments that are not JSON: ${where}`,
      { cause: error },
    )
  }
}
