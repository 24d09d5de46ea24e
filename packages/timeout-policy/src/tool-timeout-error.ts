import { HarnessError } from '@toolpipe/core'
import { timeoutMessage } from './internal/timeout-message.js'
import type { TimeoutDetails } from './timeout-reason.js'

/**
 * What a call that passed its deadline fails with: the result becomes
 * `Error: tool call timed out after <timeoutMs>ms` with `error: { name: 'ToolTimeoutError', code:
 * 'TOOL_TIMEOUT' }`, the tool's own `timeoutMs` whichever deadline passed (SPEC §7); which one it
 * was is in `withoutProgress` and `maxTotalMs`, never in the text.
 */
export class ToolTimeoutError extends HarnessError<'TOOL_TIMEOUT'> {
  override readonly name = 'ToolTimeoutError'
  /** The tool's `timeoutMs`, in milliseconds. */
  readonly timeoutMs: number
  /** Whether the call had reported progress, and then reported none for `timeoutMs`. */
  readonly withoutProgress: boolean
  /** The `extendOnProgress` limit that ended the call, or `undefined` when another deadline did. */
  readonly maxTotalMs: number | undefined

  constructor(timeoutMs: number, options?: ErrorOptions & TimeoutDetails) {
    super(timeoutMessage(timeoutMs), 'TOOL_TIMEOUT', options)
    this.timeoutMs = timeoutMs
    this.withoutProgress = options?.withoutProgress === true
    this.maxTotalMs = options?.maxTotalMs
  }
}
