import { HarnessError } from '@toolpipe/core'

/**
 * What a call that passed its deadline fails with: the result becomes
 * `Error: tool call timed out after <ms>ms` with `error: { name: 'ToolTimeoutError', code: 'TOOL_TIMEOUT' }`.
 */
export class ToolTimeoutError extends HarnessError {
  override readonly name = 'ToolTimeoutError'
  declare readonly code: 'TOOL_TIMEOUT'
  /** The deadline that passed, in milliseconds. */
  readonly timeoutMs: number

  constructor(timeoutMs: number, options?: ErrorOptions) {
    super(`tool call timed out after ${timeoutMs}ms`, 'TOOL_TIMEOUT', options)
    this.timeoutMs = timeoutMs
  }
}
