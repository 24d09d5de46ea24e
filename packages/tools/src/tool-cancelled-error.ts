import { HarnessError } from '@toolpipe/core'

/**
 * A call of a batch whose signal aborted before the call's turn came (SPEC §12.4): it did not run
 * (no policy, approval, guard, wrapper or body), and its `tools/start` and `tools/result`
 * observers were told. Calls already running when the batch aborted see it through `exec.signal`
 * instead, and end however their tool ends.
 */
export class ToolCancelledError extends HarnessError {
  override readonly name = 'ToolCancelledError'
  declare readonly code: 'CANCELLED'
  /** The tool the call named. */
  readonly toolName: string

  constructor(toolName: string) {
    super(`the batch was aborted before the call of tool "${toolName}" started`, 'CANCELLED')
    this.toolName = toolName
  }
}
