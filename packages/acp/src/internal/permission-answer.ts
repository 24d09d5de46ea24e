import { describeValue } from '@toolpipe/core/internal'
import type { PermissionOption } from '@agentclientprotocol/sdk'
import type { ApprovalOutcome } from '@toolpipe/tools'
import { AcpBridgeError } from '../acp-bridge-error.js'

/** The choices every permission request offers, in this order. */
export const permissionOptions: readonly PermissionOption[] = Object.freeze([
  Object.freeze({ optionId: 'allow_once', name: 'Allow', kind: 'allow_once' }),
  Object.freeze({ optionId: 'reject_once', name: 'Reject', kind: 'reject_once' }),
])

/**
 * The pipeline's outcome for the client's answer to a permission request: `allow_once` →
 * `allowed-once`, `reject_once` → `rejected`, the `cancelled` outcome → `cancelled`. The answer
 * comes from another process and is not validated by the SDK: anything else throws
 * `INVALID_PERMISSION_RESPONSE`, which fails the call closed.
 */
export function outcomeOf(response: unknown): ApprovalOutcome {
  const outcome = member(response, 'outcome')
  const kind = member(outcome, 'outcome')
  if (kind === 'cancelled') return { kind: 'cancelled' }
  if (kind === 'selected') {
    const optionId = member(outcome, 'optionId')
    if (optionId === 'allow_once') return { kind: 'allowed-once' }
    if (optionId === 'reject_once') return { kind: 'rejected' }
    throw invalid(
      `selected ${describeValue(optionId)}, which is not one of the options offered (allow_once, reject_once)`,
    )
  }
  throw invalid(
    outcome === undefined
      ? `has no outcome (got ${describeValue(response)})`
      : `has outcome ${describeValue(kind)}; expected "selected" or "cancelled"`,
  )
}

function member(value: unknown, key: string): unknown {
  if (typeof value !== 'object' || value === null) return undefined
  try {
    return (value as Record<string, unknown>)[key]
  } catch {
    return undefined
  }
}

function invalid(problem: string): AcpBridgeError {
  return new AcpBridgeError(
    `the client's answer to session/request_permission ${problem}`,
    'INVALID_PERMISSION_RESPONSE',
  )
}
