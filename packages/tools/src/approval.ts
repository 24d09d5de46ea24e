import type { Agent, CallId } from '@toolpipe/core'
import type { ToolCallView } from '@toolpipe/presentation'

/** Asks a person (or a policy service) whether a call may run, when `tools/pre-execute` says `ask`. */
export interface ApprovalService {
  request(request: ApprovalRequest): Promise<ApprovalOutcome>
}

/** One question put to the approval service. */
export interface ApprovalRequest {
  readonly agent: Agent
  readonly toolName: string
  readonly callId: CallId
  /** The `ask` decision's reason, when it gave one. */
  readonly reason?: string | undefined
  readonly signal?: AbortSignal | undefined
  /** The pending card of the call: the person approves what they see. */
  readonly view: ToolCallView
}

/** The answer. Only `allowed-once` lets the call run; everything else denies it. */
export type ApprovalOutcome =
  | { kind: 'allowed-once' }
  | { kind: 'rejected'; reason?: string | undefined }
  | { kind: 'cancelled' }
  | { kind: 'unavailable' }
