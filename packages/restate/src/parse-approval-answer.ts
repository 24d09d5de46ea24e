import type { ApprovalOutcome } from '@toolpipe/tools'
import { InvalidApprovalError } from '@toolpipe/tools'
import { describeValue } from '@toolpipe/core/internal'
import { readApprovalAnswer } from './internal/read-approval-answer.js'

/**
 * Reads an approval answer as it travels over Restate's HTTP API: the JSON text of an
 * `ApprovalOutcome`. It is strict, so that an answer is applied whole or not at all: the text
 * must be JSON, an object, with a known `kind` and only the members of that kind, each of the
 * right type (`reason`, a string, on `rejected` and `rejected-always`; `arguments`, a person's edit,
 * on `allowed-once` only: SPEC §12.3). The answer `restateApproval` receives is
 * read by this function; a UI or a CLI can call it to check an answer before sending it.
 *
 * @param text - the answer, as JSON text
 * @returns a fresh, frozen outcome
 * @throws {InvalidApprovalError} `INVALID_APPROVAL`, saying what is wrong and where (a JSON path)
 * @example
 * parseApprovalAnswer('{"kind":"rejected","reason":"not on main"}')
 * // { kind: 'rejected', reason: 'not on main' }
 * parseApprovalAnswer('{"kind":"maybe"}')
 * // throws InvalidApprovalError: not an approval outcome: $.kind: expected one of "allowed-once", …
 */
export function parseApprovalAnswer(text: string): ApprovalOutcome {
  if (typeof text !== 'string') {
    throw new InvalidApprovalError(
      `not an approval outcome: expected JSON text, got ${describeValue(text)}`,
    )
  }
  const reading = readApprovalAnswer(text)
  if (reading.problem !== undefined) {
    throw new InvalidApprovalError(`not an approval outcome: ${reading.problem}`)
  }
  return reading.outcome
}
