import { InvalidApprovalError } from '@toolpipe/tools'
import type { ApprovalOutcome } from '@toolpipe/tools'
import { describeThrown } from '@toolpipe/core/internal'
import { describeValue } from '@toolpipe/core/internal'
import { parseApprovalAnswer } from './parse-approval-answer.js'
import { RestateBridgeError } from './restate-bridge-error.js'

/** Options of {@link answerApproval}. */
export interface AnswerApprovalOptions {
  /** The base URL of Restate's HTTP ingress, such as `http://localhost:8080`. */
  readonly ingress: string
  /** The awakeable id `announce` was given. */
  readonly awakeableId: string
  /** The answer. It is checked as the waiting call will read it, before anything is sent. */
  readonly outcome: ApprovalOutcome
  /** Extra request headers, such as an `authorization` header for a secured ingress. */
  readonly headers?: Readonly<Record<string, string>> | undefined
  /** Aborts the request. */
  readonly signal?: AbortSignal | undefined
}

/**
 * Answers a waiting {@link restateApproval} from any process: POSTs the outcome's JSON to
 * `<ingress>/restate/a/<awakeableId>/resolve`, which is what `curl` would do. Restate keeps the
 * answer even while the agent's service is down; the call goes on when the invocation resumes.
 * An awakeable can be answered once: Restate refuses a second answer.
 *
 * @throws {InvalidApprovalError} `INVALID_APPROVAL` for an outcome the waiting call would refuse
 * (nothing is sent)
 * @throws {RestateBridgeError} `INVALID_OPTIONS` for an unusable ingress URL or awakeable id;
 * `ANSWER_FAILED` when the ingress cannot be reached or refuses the answer (`status` holds the
 * HTTP status, the message the ingress's reply)
 * @example
 * await answerApproval({
 *   ingress: 'http://localhost:8080',
 *   awakeableId: 'sign_1Qm…',
 *   outcome: { kind: 'rejected', reason: 'not on a Friday' },
 * })
 */
export async function answerApproval(options: AnswerApprovalOptions): Promise<void> {
  const { ingress, awakeableId, outcome, headers, signal } = options
  let body: string
  try {
    // `undefined` for an outcome that is not there at all: read as an empty answer below.
    const json: unknown = JSON.stringify(outcome)
    body = typeof json === 'string' ? json : ''
  } catch (error) {
    throw new InvalidApprovalError(
      `not an approval outcome: it cannot be written as JSON (${describeThrown(error)})`,
      { cause: error },
    )
  }
  // The waiting call reads the answer with this very function: refuse now what it would refuse.
  parseApprovalAnswer(body)
  if (typeof awakeableId !== 'string' || awakeableId === '') {
    throw invalidOptions(
      `awakeableId must be a non-empty string, got ${describeValue(awakeableId)}`,
    )
  }
  let url: URL
  try {
    url = new URL(
      `restate/a/${encodeURIComponent(awakeableId)}/resolve`,
      typeof ingress === 'string' && !ingress.endsWith('/') ? `${ingress}/` : ingress,
    )
  } catch (error) {
    throw invalidOptions(`ingress must be an http(s) URL, got ${describeValue(ingress)}`, error)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw invalidOptions(`ingress must be an http(s) URL, got ${describeValue(ingress)}`)
  }

  let response: Response
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body,
      ...(signal === undefined ? {} : { signal }),
    })
  } catch (error) {
    throw new RestateBridgeError(
      `the answer to awakeable "${awakeableId}" could not be delivered to ${url.origin}: ${describeFailure(error)}`,
      'ANSWER_FAILED',
      { cause: error },
    )
  }
  if (response.ok) {
    // Read the body so that the connection can be reused.
    await response.arrayBuffer()
    return
  }
  const reply = (await response.text().catch(() => '')).trim().slice(0, 500)
  throw new RestateBridgeError(
    `Restate refused the answer to awakeable "${awakeableId}": HTTP ${response.status}${reply === '' ? '' : `: ${reply}`}`,
    'ANSWER_FAILED',
    { status: response.status },
  )
}

function invalidOptions(problem: string, cause?: unknown): RestateBridgeError {
  return new RestateBridgeError(
    `answerApproval: ${problem}`,
    'INVALID_OPTIONS',
    cause === undefined ? undefined : { cause },
  )
}

/** A fetch failure with its cause: `fetch failed (connect ECONNREFUSED 127.0.0.1:8080)`. */
function describeFailure(error: unknown): string {
  const cause: unknown = error instanceof Error ? error.cause : undefined
  return cause === undefined
    ? describeThrown(error)
    : `${describeThrown(error)} (${describeThrown(cause)})`
}
