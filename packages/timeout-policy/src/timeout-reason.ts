import { HarnessError } from '@toolpipe/core'
import { timeoutMessage } from './internal/timeout-message.js'

/** Options of {@link TimeoutReason} and `ToolTimeoutError`. */
export interface TimeoutDetails {
  /**
   * The deadline was restarted by progress (`extendOnProgress`) and then passed with no report:
   * the message says `… after <ms>ms without progress`.
   */
  readonly withoutProgress?: boolean | undefined
}

/**
 * The reason a timed-out call's signal aborts with: `signal.reason` is this error, so a tool can
 * tell its own deadline from its caller's cancellation.
 */
export class TimeoutReason extends HarnessError<'TOOL_TIMEOUT'> {
  override readonly name = 'TimeoutReason'
  /** The deadline that passed, in milliseconds: `timeoutMs`, or `maxTotalMs` with progress. */
  readonly timeoutMs: number
  /** Whether the call had reported progress, and then reported none for `timeoutMs`. */
  readonly withoutProgress: boolean

  constructor(timeoutMs: number, details: TimeoutDetails = {}) {
    super(timeoutMessage(timeoutMs, details.withoutProgress === true), 'TOOL_TIMEOUT')
    this.timeoutMs = timeoutMs
    this.withoutProgress = details.withoutProgress === true
  }
}
