import { HarnessError } from '@toolpipe/core'
import { quotePlace } from '@toolpipe/structured-output/internal'
import type { ArgIssue } from './arg-issue.js'

/**
 * Thrown by `validateArgs` for arguments that do not match their spec. The message,
 * `invalid arguments: ` followed by every issue's message joined by `; `, is written for the
 * model: it names each wrong place, so the model can correct its call. An `invalid` issue (a
 * Standard Schema's, whose message is its library's words as given) with a non-empty path is
 * written after its place, `"edits[3].path": Invalid input: expected string, received number`,
 * unless its message starts with that place already; `issues` keep the messages as they are.
 *
 * @example
 * // invalid arguments: missing required property "path"; "limit" must be a number, got string
 */
export class ToolArgsError extends HarnessError<'INVALID_ARGS'> {
  override readonly name = 'ToolArgsError'
  /** Every issue found, in declaration order, depth first. A frozen array, and read-only. */
  declare readonly issues: readonly ArgIssue[]

  constructor(issues: readonly ArgIssue[], options?: ErrorOptions) {
    super(`invalid arguments: ${issues.map(placedMessage).join('; ')}`, 'INVALID_ARGS', options)
    // Read-only at run time too (SPEC §3 "readonly `issues`"): an assignment throws in strict
    // mode, so that no handler can swap the issues another one reads.
    Object.defineProperty(this, 'issues', {
      value: Object.freeze([...issues]),
      enumerable: true,
      writable: false,
      configurable: false,
    })
  }
}

/**
 * An issue's message as the model reads it: toolpipe's own name their place already; a library's
 * rarely do (zod: `Invalid input: expected string, received number`), so the place goes first,
 * written as every message writes it (a long key cut).
 */
function placedMessage(issue: ArgIssue): string {
  if (issue.code !== 'invalid' || issue.path.length === 0) return issue.message
  const place = quotePlace(issue.path, '')
  return issue.message.startsWith(place) ? issue.message : `${place}: ${issue.message}`
}
