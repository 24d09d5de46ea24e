import { HarnessError } from '@toolpipe/core'

/** A call named a tool that is not visible to its scope: missing, or restricted away. */
export class ToolNotFoundError extends HarnessError<'UNKNOWN_TOOL'> {
  override readonly name = 'ToolNotFoundError'
  /** The name the call asked for. */
  readonly toolName: string

  constructor(toolName: string) {
    super(`unknown tool "${toolName}"`, 'UNKNOWN_TOOL')
    this.toolName = toolName
  }
}
