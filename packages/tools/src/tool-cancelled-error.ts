import { HarnessError } from '@toolpipe/core'

/** When a cancelled call was stopped. */
export type ToolCancelledStage =
  /**
   * A call of a batch whose signal aborted before the call's turn came (SPEC §12.4), or a call an
   * adapter held back while a call that is not concurrency-safe ran, whose signal aborted there.
   */
  | 'batch'
  /** The call's signal aborted while its async argument check was pending at step 4. */
  | 'check'

/**
 * A call that was cancelled before its tool ran: no policy, approval, guard, wrapper or body ran,
 * and its `tools/start` and `tools/result` observers were told. Either a call of a batch whose
 * signal aborted before the call's turn came (SPEC §12.4; calls already running when the batch
 * aborted see it through `exec.signal` instead, and end however their tool ends), or a call whose
 * signal aborted while its argument check (an async `checkArgs`, a Standard Schema's async
 * `validate`) was still pending at step 4: the check is not waited for.
 */
export class ToolCancelledError extends HarnessError<'CANCELLED'> {
  override readonly name = 'ToolCancelledError'
  /** The tool the call named. */
  readonly toolName: string
  /** Where the call was stopped. */
  readonly stage: ToolCancelledStage

  constructor(toolName: string, stage: ToolCancelledStage = 'batch') {
    super(
      stage === 'batch'
        ? `the call of tool "${toolName}" was cancelled before it started`
        : `the call of tool "${toolName}" was cancelled while its arguments were being checked`,
      'CANCELLED',
    )
    this.toolName = toolName
    this.stage = stage
  }
}
