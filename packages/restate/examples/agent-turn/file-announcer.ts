import { appendFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { ApprovalRequest } from '@toolpipe/tools'

/** One line of `approvals.jsonl`: a call that waits for a person, and how to answer it. */
export interface PendingApproval {
  readonly awakeableId: string
  readonly callId: string
  readonly toolName: string
  readonly reason?: string | undefined
  readonly view: ApprovalRequest['view']
}

/**
 * An `announce` for `restateApproval` that appends each pending approval to
 * `<workspace>/approvals.jsonl` (where `approve.ts --list` finds it) and prints how to answer
 * it. A real harness posts the card to its UI, a chat or a queue instead.
 */
export function fileAnnouncer(workspace: string, ingress: string) {
  const file = join(workspace, 'approvals.jsonl')
  return async (request: ApprovalRequest, awakeableId: string): Promise<void> => {
    const pending: PendingApproval = {
      awakeableId,
      callId: request.callId,
      toolName: request.toolName,
      reason: request.reason,
      view: request.view,
    }
    await appendFile(file, `${JSON.stringify(pending)}\n`)
    console.log(
      [
        `approval needed: ${request.view.title} (tool ${request.toolName}, call ${request.callId})`,
        `  answer with:  pnpm --filter @toolpipe/restate example:approve ${awakeableId}`,
        `  or:           curl -X POST ${ingress}/restate/a/${awakeableId}/resolve -H 'content-type: application/json' -d '{"kind":"allowed-once"}'`,
      ].join('\n'),
    )
  }
}
