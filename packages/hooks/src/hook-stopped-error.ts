import { HarnessError } from '@toolpipe/core'

/**
 * A hook answered `continue: false` (SPEC §19): after a call's body ran, the result keeps the
 * tool's output with the stop reason after it, and its error is `{ name: 'HookStoppedError',
 * code: 'HOOK_STOPPED' }`, which the harness may end the turn on. (Before the body, the same
 * answer denies the call: `ToolDeniedError` with code `HOOK_STOPPED`.)
 */
export class HookStoppedError extends HarnessError<'HOOK_STOPPED'> {
  override readonly name = 'HookStoppedError'
  /** The hook's `stopReason`, or a sentence naming the hook when it gave none. */
  readonly reason: string

  constructor(reason: string) {
    super(reason, 'HOOK_STOPPED')
    this.reason = reason
  }
}
