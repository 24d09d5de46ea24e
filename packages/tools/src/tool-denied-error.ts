import { HarnessError } from '@toolpipe/core'

/**
 * Which rule of the pipeline denied a call. A `tools/pre-execute` deny may carry a plugin's own
 * code instead of `POLICY_DENIED` (SPEC §18.4: `HOOK_DENIED`, say), which the call's error result
 * carries as `error.code` with the name `ToolDeniedError`.
 */
export type ToolDeniedErrorCode =
  /** A `tools/pre-execute` listener decided `deny`. */
  | 'POLICY_DENIED'
  /** A guard returned a reason. */
  | 'GUARD_DENIED'
  /** The approval service answered `rejected`. */
  | 'APPROVAL_REJECTED'
  /** The approval service answered `cancelled`. */
  | 'APPROVAL_CANCELLED'
  /** Nobody could be asked: no approval service, no agent on the call, or `unavailable`. */
  | 'APPROVAL_UNAVAILABLE'

/**
 * A call that policy, a guard or a person did not let run. The message is the denial reason, the
 * text the model reads after `Error: `.
 *
 * @example
 * // a guard returned 'rm is not allowed here':
 * // { content: [{ type: 'text', text: 'Error: rm is not allowed here' }], isError: true,
 * //   error: { name: 'ToolDeniedError', code: 'GUARD_DENIED' } }
 */
export class ToolDeniedError extends HarnessError<ToolDeniedErrorCode> {
  override readonly name = 'ToolDeniedError'
  /** Why the call was denied: the message, as the rule that denied it gave it. */
  readonly reason: string

  constructor(reason: string, code: ToolDeniedErrorCode, options?: ErrorOptions) {
    super(reason, code, options)
    this.reason = reason
  }
}
