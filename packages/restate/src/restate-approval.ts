import { describeThrown, warnSafely } from '@toolpipe/core/internal'
import { InvalidApprovalError } from '@toolpipe/tools'
import type {
  ApprovalOutcome,
  ApprovalRequest,
  ApprovalService,
  ToolRegistryLogger,
} from '@toolpipe/tools'
import { checkContext } from './internal/check-context.js'
import { readAnnounceRetry } from './internal/read-announce-retry.js'
import type { AnnounceRetryPolicy } from './internal/read-announce-retry.js'
import { readApprovalAnswer } from './internal/read-approval-answer.js'
import { isCancellation, isTerminalFailure } from './internal/restate-failures.js'
import { bytesSerde, nothingSerde } from './internal/serdes.js'
import { RestateBridgeError } from './restate-bridge-error.js'
import type { RestateHandlerContext } from './restate-handler-context.js'
import { describeValue } from '@toolpipe/core/internal'

export type { AnnounceRetryPolicy } from './internal/read-announce-retry.js'

/** Options of {@link restateApproval}. */
export interface RestateApprovalOptions {
  /**
   * Tells the people who may answer that a call waits for them: the pending card
   * (`request.view`) and the awakeable id they answer through, to a UI, a queue, a chat. It runs
   * as a journaled step (`ctx.run`), so a replay does not announce again; it must not use the
   * Restate context. A throw is retried by Restate (see `announceRetry`); a `TerminalError`, or
   * retries running out, answers the call `unavailable`.
   */
  readonly announce: (request: ApprovalRequest, awakeableId: string) => void | Promise<void>
  /** Bounds the retries of a failing `announce`. Default: the invocation's retry policy. */
  readonly announceRetry?: AnnounceRetryPolicy | undefined
  /** Told why an announcement failed for good. Default: `ctx.console`, silent during replay. */
  readonly logger?: ToolRegistryLogger | undefined
}

const cancelled: ApprovalOutcome = Object.freeze({ kind: 'cancelled' })
const unavailable: ApprovalOutcome = Object.freeze({ kind: 'unavailable' })

/**
 * An `ApprovalService` whose requests are Restate awakeables, so that an approval survives the
 * agent process: the call waits in Restate's journal, not in a promise in memory, and any
 * process can answer it through Restate's HTTP API, hours later, after a restart or a deploy.
 *
 * Each request creates an awakeable, announces the pending card and the awakeable's id (once:
 * the announcement is journaled), and waits for the answer: the JSON text of an
 * `ApprovalOutcome`, read strictly by {@link parseApprovalAnswer}.
 *
 * | what happens | outcome |
 * | --- | --- |
 * | the awakeable is resolved with an outcome | that outcome |
 * | it is resolved with anything else (not JSON, an unknown `kind`, a member of the wrong type or one that kind does not have, an empty body) | throws `InvalidApprovalError` (`INVALID_APPROVAL`): the call does not run |
 * | it is rejected (`/restate/a/<id>/reject`) | throws `InvalidApprovalError`: a rejection carries no outcome |
 * | the invocation is cancelled while the approval waits | `cancelled` (`APPROVAL_CANCELLED`) |
 * | `announce` throws a `TerminalError`, or its retries run out | `unavailable` (logged) |
 *
 * `request.signal` is not watched: an abort in one process cannot be replayed by another. To
 * stop a waiting approval, cancel the invocation.
 *
 * @param ctx - the Restate context of the running handler
 * @throws {RestateBridgeError} `INVALID_OPTIONS` when `ctx` or the options cannot be used
 * @example
 * const registry = createToolRegistry({
 *   approval: restateApproval(ctx, {
 *     announce: (request, awakeableId) => pendingApprovals.publish({ card: request.view, awakeableId }),
 *   }),
 * })
 */
export function restateApproval(
  ctx: RestateHandlerContext,
  options: RestateApprovalOptions,
): ApprovalService {
  const context = checkContext(ctx, 'restateApproval')
  if (typeof options !== 'object' || (options as unknown) === null) {
    throw invalidOptions(`options must be an object, got ${describeValue(options)}`)
  }
  const { announce, announceRetry, logger } = options
  if (typeof announce !== 'function') {
    throw invalidOptions(`options.announce must be a function, got ${describeValue(announce)}`)
  }
  const retry = readAnnounceRetry(announceRetry)
  if (retry instanceof Error) throw invalidOptions(retry.message)
  if (logger !== undefined && typeof (logger as { warn?: unknown }).warn !== 'function') {
    throw invalidOptions(`options.logger must have a warn() method, got ${describeValue(logger)}`)
  }
  const log = logger ?? context.console

  return {
    async request(request) {
      const about = `tool "${request.toolName}" (call "${request.callId}")`
      const awakeable = context.awakeable(bytesSerde)
      try {
        await context.run(
          `approval ${request.toolName} ${request.callId}`,
          async () => {
            await announce(request, awakeable.id)
          },
          { ...retry, serde: nothingSerde },
        )
      } catch (error) {
        if (isCancellation(error)) return cancelled
        if (!isTerminalFailure(error)) throw error
        warnSafely(log, `toolpipe/restate: the approval of ${about} could not be announced`, error)
        return unavailable
      }

      let answer: Uint8Array | undefined
      try {
        answer = await awakeable.promise
      } catch (error) {
        if (isCancellation(error)) return cancelled
        if (!isTerminalFailure(error)) throw error
        throw new InvalidApprovalError(
          `the approval of ${about} was rejected through Restate ("${describeThrown(error)}") instead of answered with an approval outcome`,
          { cause: error },
        )
      }
      const text = decode(answer)
      const reading = text === undefined ? { problem: 'not UTF-8 text' } : readApprovalAnswer(text)
      if (reading.problem !== undefined) {
        throw new InvalidApprovalError(
          `the answer to the approval of ${about} is not an approval outcome: ${reading.problem}`,
        )
      }
      return reading.outcome
    },
  }
}

/** The answer's bytes as text; `undefined` when they are not UTF-8. An empty body is `''`. */
function decode(bytes: Uint8Array | undefined): string | undefined {
  if (bytes === undefined) return ''
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return undefined
  }
}

function invalidOptions(problem: string): RestateBridgeError {
  return new RestateBridgeError(`restateApproval: ${problem}`, 'INVALID_OPTIONS')
}
