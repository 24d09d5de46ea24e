import type { RequestPermissionResponse } from '@agentclientprotocol/sdk'
import type { ApprovalOutcome } from '@toolpipe/tools'
import { describeValue } from '@toolpipe/core/internal'
import { AcpBridgeError } from './acp-bridge-error.js'
import { outcomeOf } from './internal/permission-answer.js'

/**
 * The approval outcome an ACP client's answer to `session/request_permission` stands for, when
 * the request offered the bridge's four options (`allow_once`, `allow_always`, `reject_once`,
 * `reject_always`, each option's id being its kind): `allowed-once`, `allowed-always`, `rejected`,
 * `rejected-always`; and `cancelled` for the `cancelled` outcome. This is what
 * {@link createAcpApprovalService} does with each answer.
 *
 * @throws {AcpBridgeError} `INVALID_PERMISSION_RESPONSE` for anything else (an option that was
 * not offered, a malformed answer)
 * @example
 * fromAcpPermissionResponse({ outcome: { outcome: 'selected', optionId: 'allow_always' } })
 * // { kind: 'allowed-always' }
 */
export function fromAcpPermissionResponse(response: RequestPermissionResponse): ApprovalOutcome {
  return outcomeOf(response)
}

/**
 * The other way: the ACP answer for an approval outcome, for a client (or a proxy) that decides
 * with toolpipe's vocabulary and answers an agent's `session/request_permission` offering the four
 * standard options by kind: `allowed-once` → `allow_once`, `allowed-always` → `allow_always`,
 * `rejected` → `reject_once`, `rejected-always` → `reject_always`, `cancelled` → the `cancelled`
 * outcome. A rejection's `reason` has no place in ACP and is left out.
 *
 * @throws {AcpBridgeError} `UNSUPPORTED_OUTCOME` for what ACP cannot say: `unavailable` (there was
 * nobody to ask; an ACP client answering is somebody), and `allowed-once` with edited `arguments`
 * (ACP has no way to carry them, and dropping them would run what the person refused)
 * @example
 * toAcpPermissionResponse({ kind: 'rejected-always' })
 * // { outcome: { outcome: 'selected', optionId: 'reject_always' } }
 */
export function toAcpPermissionResponse(outcome: ApprovalOutcome): RequestPermissionResponse {
  const selected = (optionId: string): RequestPermissionResponse => ({
    outcome: { outcome: 'selected', optionId },
  })
  const kind = (outcome as { kind?: unknown } | null)?.kind
  switch (kind) {
    case 'allowed-once':
      if ((outcome as { arguments?: unknown }).arguments !== undefined) {
        throw unsupported(
          'an allowed-once outcome with edited arguments: ACP cannot carry the edit, and allowing the original call would run what the person changed',
        )
      }
      return selected('allow_once')
    case 'allowed-always':
      return selected('allow_always')
    case 'rejected':
      return selected('reject_once')
    case 'rejected-always':
      return selected('reject_always')
    case 'cancelled':
      return { outcome: { outcome: 'cancelled' } }
    case 'unavailable':
      throw unsupported(
        'the unavailable outcome: it means nobody could be asked, and an ACP answer comes from somebody',
      )
  }
  throw unsupported(`${describeValue(outcome)}, which is not an approval outcome`)
}

function unsupported(what: string): AcpBridgeError {
  return new AcpBridgeError(`no ACP permission answer says ${what}`, 'UNSUPPORTED_OUTCOME')
}
