import { describeValue } from '@toolpipe/core/internal'
import type { PermissionOption, PermissionOptionKind } from '@agentclientprotocol/sdk'
import type { ApprovalOutcome } from '@toolpipe/tools'
import { AcpBridgeError } from '../acp-bridge-error.js'

/** The choices every permission request offers, in this order; each option's id is its kind. */
export const permissionOptions: readonly PermissionOption[] = Object.freeze([
  Object.freeze({ optionId: 'allow_once', name: 'Allow', kind: 'allow_once' }),
  Object.freeze({ optionId: 'allow_always', name: 'Always allow', kind: 'allow_always' }),
  Object.freeze({ optionId: 'reject_once', name: 'Reject', kind: 'reject_once' }),
  Object.freeze({ optionId: 'reject_always', name: 'Always reject', kind: 'reject_always' }),
])

/** The pipeline's outcome for each option (SPEC §12.3), and back. */
const outcomeKindOf: Readonly<Record<PermissionOptionKind, ApprovalOutcome['kind']>> = {
  allow_once: 'allowed-once',
  allow_always: 'allowed-always',
  reject_once: 'rejected',
  reject_always: 'rejected-always',
}

/**
 * The pipeline's outcome for the client's answer to a permission request: `allow_once` →
 * `allowed-once`, `allow_always` → `allowed-always`, `reject_once` → `rejected`, `reject_always` →
 * `rejected-always`, the `cancelled` outcome → `cancelled`. The answer comes from another process
 * and is not validated by the SDK: anything else throws `INVALID_PERMISSION_RESPONSE`, which fails
 * the call closed.
 */
export function outcomeOf(response: unknown): ApprovalOutcome {
  const outcome = member(response, 'outcome')
  const kind = member(outcome, 'outcome')
  if (kind === 'cancelled') return { kind: 'cancelled' }
  if (kind === 'selected') {
    const optionId = member(outcome, 'optionId')
    if (typeof optionId === 'string' && Object.hasOwn(outcomeKindOf, optionId)) {
      return { kind: outcomeKindOf[optionId as PermissionOptionKind] }
    }
    throw invalid(
      `selected ${describeValue(optionId)}, which is not one of the options offered (${permissionOptions.map((option) => option.optionId).join(', ')})`,
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
