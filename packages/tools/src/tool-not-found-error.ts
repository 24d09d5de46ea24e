import { HarnessError } from '@toolpipe/core'

/** A call named a tool that is not visible to its scope: missing, or restricted away. */
export class ToolNotFoundError extends HarnessError {
  override readonly name = 'ToolNotFoundError'
  declare readonly code: 'UNKNOWN_TOOL'
  /** The name the call asked for. */
  readonly toolName: string

  constructor(toolName: string) {
    super(`unknown tool "${toolName}"`, 'UNKNOWN_TOOL')
    this.toolName = toolName
  }
}
