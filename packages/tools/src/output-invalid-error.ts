import { HarnessError } from '@toolpipe/core'
import type { StructuredIssue } from '@toolpipe/structured-output'

/**
 * A tool with an `outputSchema` returned no `structured` value, or one the schema refuses. The
 * call's result is this error (`OUTPUT_INVALID`), never the tool's unchecked value: whoever reads
 * `structured` (a subagent's caller, an MCP client) can rely on the schema. `issues` lists what is
 * wrong, each with its path in the value; it is empty when the value is missing.
 *
 * @example
 * // tool "grade" returned structured output that does not match its outputSchema:
 * //   "verdict" must be one of "pass", "fail", got "maybe"
 */
export class OutputInvalidError extends HarnessError<'OUTPUT_INVALID'> {
  override readonly name = 'OutputInvalidError'
  /** The tool whose output was refused. */
  readonly toolName: string
  /** Every issue the output schema found, depth first; `[]` when `structured` was missing. */
  readonly issues: readonly StructuredIssue[]

  constructor(toolName: string, issues: readonly StructuredIssue[]) {
    super(
      issues.length === 0
        ? `tool "${toolName}" has an outputSchema but returned no structured value`
        : `tool "${toolName}" returned structured output that does not match its outputSchema: ${issues.map((issue) => issue.message).join('; ')}`,
      'OUTPUT_INVALID',
    )
    this.toolName = toolName
    this.issues = Object.freeze([...issues])
  }
}
