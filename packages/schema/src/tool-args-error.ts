import { HarnessError } from '@toolpipe/core'
import type { ArgIssue } from './arg-issue.js'

/**
 * Thrown by `validateArgs` for arguments that do not match their spec. The message,
 * `invalid arguments: ` followed by every issue's message joined by `; `, is written for the
 * model: it names each wrong place, so the model can correct its call.
 *
 * @example
 * // invalid arguments: missing required property "path"; "limit" must be a number, got string
 */
export class ToolArgsError extends HarnessError<'INVALID_ARGS'> {
  override readonly name = 'ToolArgsError'
  /** Every issue found, in declaration order, depth first. */
  readonly issues: readonly ArgIssue[]

  constructor(issues: readonly ArgIssue[], options?: ErrorOptions) {
    super(
      `invalid arguments: ${issues.map((issue) => issue.message).join('; ')}`,
      'INVALID_ARGS',
      options,
    )
    this.issues = Object.freeze([...issues])
  }
}
