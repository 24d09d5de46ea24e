import { HarnessError } from '@toolpipe/core'
import { describeThrown } from '@toolpipe/core/internal'

/**
 * A tool's own code (its `execute` or `checkArgs`) threw something that is not a `HarnessError`.
 * The message is what the thrown value says (its `message`, or `String(value)`), and `cause` is
 * the thrown value itself. A thrown `HarnessError` keeps its own name and code instead.
 */
export class ToolFailedError extends HarnessError<'TOOL_FAILED'> {
  override readonly name = 'ToolFailedError'

  /** @param thrown - what the tool threw: described for the message, kept as `cause` */
  constructor(thrown: unknown) {
    super(describeThrown(thrown), 'TOOL_FAILED', { cause: thrown })
  }
}
