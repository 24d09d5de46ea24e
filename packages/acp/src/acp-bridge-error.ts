import { HarnessError } from '@toolpipe/core'

/** Why the bridge refused something: the stable part of an {@link AcpBridgeError}. */
export type AcpBridgeErrorCode =
  /** A `toAcpToolCall` / `toAcpToolCallUpdate` context that cannot be used: a call id that is not a string, a cwd that is not absolute. */
  | 'INVALID_CONTEXT'
  /** Options of `createAcpApprovalService` or `streamToolCallsToAcp` that cannot be used. */
  | 'INVALID_OPTIONS'
  /** The client answered `session/request_permission` with something that is not an answer to it. */
  | 'INVALID_PERMISSION_RESPONSE'
  /**
   * `toAcpPermissionResponse` was given an outcome no ACP answer can say: `unavailable`, or
   * `allowed-once` with edited arguments.
   */
  | 'UNSUPPORTED_OUTCOME'

/**
 * Thrown by the ACP bridge. `INVALID_CONTEXT` and `INVALID_OPTIONS` are programming errors in the
 * integrator's code and are thrown synchronously; `INVALID_PERMISSION_RESPONSE` rejects an
 * approval request, which the pipeline turns into the call's error result.
 */
export class AcpBridgeError extends HarnessError<AcpBridgeErrorCode> {
  override readonly name = 'AcpBridgeError'
}
