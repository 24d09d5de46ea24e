import { HarnessError } from '@toolpipe/core'
import { timeoutMessage } from './internal/timeout-message.js'
import type { TimeoutDetails } from './timeout-reason.js'

/**
 * What a call that passed its deadline fails with: the result becomes
 * `Error: tool call timed out after <ms>ms` with `error: { name: 'ToolTimeoutError', code: 'TOOL_TIMEOUT' }`
 * (`… after <ms>ms without progress` when progress had restarted the deadline).
 */
export class ToolTimeoutError extends HarnessError<'TOOL_TIMEOUT'> {
  override readonly name = 'ToolTimeoutError'
  /** The deadline that passed, in milliseconds. */
  readonly timeoutMs: number
  /** Whether the call had reported progress, and then reported none for `timeoutMs`. */
  readonly withoutProgress: boolean

  constructor(timeoutMs: number, options?: ErrorOptions & TimeoutDetails) {
    super(timeoutMessage(timeoutMs, options?.withoutProgress === true), 'TOOL_TIMEOUT', options)
    this.timeoutMs = timeoutMs
    this.withoutProgress = options?.withoutProgress === true
  }
}
