import { HarnessError } from '@toolpipe/core'
import { describeThrown } from '@toolpipe/core/internal'

/**
 * A listener, a guard or the approval service threw something that is not a `HarnessError`. The
 * message is what the thrown value says, and `cause` is the thrown value itself; the call becomes
 * an error result and the turn goes on. A thrown `HarnessError` keeps its own name and code.
 */
export class ListenerError extends HarnessError<'LISTENER_FAILED'> {
  override readonly name = 'ListenerError'

  /** @param thrown - what the listener threw: described for the message, kept as `cause` */
  constructor(thrown: unknown) {
    super(describeThrown(thrown), 'LISTENER_FAILED', { cause: thrown })
  }
}
