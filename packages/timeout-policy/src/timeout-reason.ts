import { HarnessError } from '@toolpipe/core'

/**
 * The reason a timed-out call's signal aborts with: `signal.reason` is this error, so a tool can
 * tell its own deadline from its caller's cancellation.
 */
export class TimeoutReason extends HarnessError {
  override readonly name = 'TimeoutReason'
  declare readonly code: 'TOOL_TIMEOUT'
  /** The deadline that passed, in milliseconds. */
  readonly timeoutMs: number

  constructor(timeoutMs: number) {
    super(`tool call timed out after ${timeoutMs}ms`, 'TOOL_TIMEOUT')
    this.timeoutMs = timeoutMs
  }
}
