import { HarnessError } from '@toolpipe/core'

/** The codes of {@link TimeoutPolicyError}. */
export type TimeoutPolicyErrorCode = 'INVALID_OPTIONS'

/**
 * What `timeoutPolicy(options)` throws, when the policy is made, for options it cannot use
 * (code `INVALID_OPTIONS`); the message names the option:
 * `timeoutPolicy: graceMs must be a number of milliseconds ≥ 0 and no larger than 2147483647, got -1`.
 */
export class TimeoutPolicyError extends HarnessError<TimeoutPolicyErrorCode> {
  override readonly name = 'TimeoutPolicyError'
}
