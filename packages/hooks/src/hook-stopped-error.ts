import { HarnessError } from '@toolpipe/core'

/**
 * A hook answered `continue: false` after a call's body ran (SPEC §19): the call's result
 * becomes the error result `Error: <stop reason>` with `{ name: 'HookStoppedError', code:
 * 'HOOK_STOPPED' }`, and the harness may end the turn on that code. (Before the body, the same
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
