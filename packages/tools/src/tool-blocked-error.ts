import { HarnessError } from '@toolpipe/core'

/**
 * A call whose result a `tools/post-execute` listener blocked. The result's content is the
 * listener's feedback, not this message; `error` is `{ name: 'ToolBlockedError', code:
 * 'POST_BLOCKED' }`.
 */
export class ToolBlockedError extends HarnessError<'POST_BLOCKED'> {
  override readonly name = 'ToolBlockedError'
  /** The tool whose result was blocked. */
  readonly toolName: string

  constructor(toolName: string, options?: ErrorOptions) {
    super(
      `a tools/post-execute listener blocked the result of tool "${toolName}"`,
      'POST_BLOCKED',
      options,
    )
    this.toolName = toolName
  }
}
