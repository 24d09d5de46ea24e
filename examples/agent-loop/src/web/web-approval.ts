import type { ApprovalOutcome, ApprovalService } from 'toolpipe'
import { approvalQuestion } from '../cli/approval-question.js'
import type { ApprovalEvent } from '../session/session-event.js'
import type { WebPageServer } from './web-page-server.js'

/** Options of {@link createWebApproval}. */
export interface WebApprovalOptions {
  readonly server: Pick<WebPageServer, 'ask'>
  /** Told about every answer, for the session log, the terminal and the page. */
  readonly onAnswer: (event: ApprovalEvent) => void
}

/**
 * The `ApprovalService` of `--web`: the registry's asks go to the page, which shows the call's
 * pending card with Allow once / Always / Reject; the first answer from a page decides. Always
 * is `allowed-always`: for a tool under permission rules the permissions plugin turns it into a
 * rule in the sandbox's `.toolpipe/settings.local.json` (its asks say `remember: false`, so the
 * registry keeps nothing); for any other tool the registry remembers it for this agent and tool
 * and answers later asks from memory. The call's signal (Ctrl+C) withdraws the question
 * (`cancelled`).
 */
export function createWebApproval(options: WebApprovalOptions): ApprovalService {
  return {
    async request(request) {
      const answer = await options.server.ask({
        callId: request.callId,
        question: approvalQuestion(request.view),
        reason: request.reason,
        signal: request.signal,
      })
      const outcome: ApprovalOutcome =
        answer === 'allow-once'
          ? { kind: 'allowed-once' }
          : answer === 'allow-always'
            ? { kind: 'allowed-always' }
            : answer === 'reject'
              ? { kind: 'rejected' }
              : { kind: 'cancelled' }
      options.onAnswer({
        type: 'approval',
        callId: request.callId,
        name: request.toolName,
        ...(request.reason === undefined ? {} : { reason: request.reason }),
        outcome: outcome.kind,
        answeredBy: 'web page',
      })
      return outcome
    },
  }
}
