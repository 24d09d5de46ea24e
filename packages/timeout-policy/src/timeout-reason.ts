import { HarnessError } from '@toolpipe/core'
import { timeoutMessage } from './internal/timeout-message.js'

/**
 * Options of {@link TimeoutReason} and `ToolTimeoutError`: which deadline passed, under
 * `extendOnProgress`. The message never says so (it is SPEC §7's `tool call timed out after
 * <timeoutMs>ms` in every case); these properties do.
 */
export interface TimeoutDetails {
  /**
   * The deadline had been restarted by progress (`extendOnProgress`), and then passed with no
   * report for `timeoutMs`.
   */
  readonly withoutProgress?: boolean | undefined
  /** The `extendOnProgress` limit, when that limit (not a silence) ended the call. */
  readonly maxTotalMs?: number | undefined
}

/**
 * The reason a timed-out call's signal aborts with: `signal.reason` is this error, so a tool can
 * tell its own deadline from its caller's cancellation.
 */
export class TimeoutReason extends HarnessError<'TOOL_TIMEOUT'> {
  override readonly name = 'TimeoutReason'
  /** The tool's `timeoutMs`, whichever deadline passed: the `<ms>` of the message. */
  readonly timeoutMs: number
  /** Whether the call had reported progress, and then reported none for `timeoutMs`. */
  readonly withoutProgress: boolean
  /** The `extendOnProgress` limit that ended the call, or `undefined` when another deadline did. */
  readonly maxTotalMs: number | undefined

  constructor(timeoutMs: number, details: TimeoutDetails = {}) {
    super(timeoutMessage(timeoutMs), 'TOOL_TIMEOUT')
    this.timeoutMs = timeoutMs
    this.withoutProgress = details.withoutProgress === true
    this.maxTotalMs = details.maxTotalMs
  }
}
