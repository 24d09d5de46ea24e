import { HarnessError } from '@toolpipe/core'

/**
 * The Restate invocation was cancelled while a tool's journaled step was running. The call's
 * result is this error (`INVOCATION_CANCELLED`): the turn learns of the cancellation, and the
 * body, whose `exec.signal` is aborted with this error as the reason, should stop. Whether the
 * body finished its side effect before it stopped is not known to the turn.
 */
export class InvocationCancelledError extends HarnessError<'INVOCATION_CANCELLED'> {
  override readonly name = 'InvocationCancelledError'
  /** The tool whose step was running. */
  readonly toolName: string
  /** The call whose step was running. */
  readonly callId: string

  /**
   * @param toolName - the tool whose step was running
   * @param callId - the call whose step was running
   */
  constructor(toolName: string, callId: string) {
    super(
      `the Restate invocation was cancelled while tool "${toolName}" (call "${callId}") was running`,
      'INVOCATION_CANCELLED',
    )
    this.toolName = toolName
    this.callId = callId
  }
}
