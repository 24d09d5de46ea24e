import { HarnessError } from '@toolpipe/core'

/**
 * The call's signal aborted before the tool could run: so far, while its argument check (an
 * async `checkArgs`, a Standard Schema's async `validate`) was still pending at step 4. The check
 * is not waited for, and nothing after it runs.
 */
export class ToolCancelledError extends HarnessError {
  override readonly name = 'ToolCancelledError'
  declare readonly code: 'CANCELLED'
  /** The tool the call named. */
  readonly toolName: string

  constructor(toolName: string) {
    super(
      `the call of tool "${toolName}" was cancelled while its arguments were being checked`,
      'CANCELLED',
    )
    this.toolName = toolName
  }
}
