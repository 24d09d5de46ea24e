import type { Agent, CallId, JsonValue } from '@toolpipe/core'
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
  /**
   * The call's arguments: validated by the tool's check, normalised and deep-frozen, edits by a
   * pre-execute decision included (SPEC §18.4, §22). What the person approves is what runs.
   */
  readonly arguments: JsonValue
  /** The `ask` decision's reason, when it gave one. */
  readonly reason?: string | undefined
  readonly signal?: AbortSignal | undefined
  /** The pending card of the call: the person approves what they see. */
  readonly view: ToolCallView
}

/**
 * The answer. `allowed-once` and `allowed-always` let the call run; everything else denies it.
 *
 * - `allowed-once`: this call may run. With `arguments`, the person edited the call: the edit is
 *   snapshotted, validated again by the tool's argument check (invalid: `INVALID_ARGS` naming the
 *   edit, and the tool does not run), and the call goes on with it, guards included.
 * - `allowed-always` / `rejected-always`: this call, and every later `ask` for the same tool in
 *   the same scope (the call's agent), answered from memory without asking the service again,
 *   until the scope is disposed or `registry.forgetApprovals(scope?)`. Guards still run.
 * - `rejected`: denied (`APPROVAL_REJECTED`), with the person's reason when given.
 * - `cancelled`: the question was withdrawn (the turn was cancelled).
 * - `unavailable`: there was nobody to ask.
 */
export type ApprovalOutcome =
  | { kind: 'allowed-once'; arguments?: JsonValue | undefined }
  | { kind: 'allowed-always' }
  | { kind: 'rejected'; reason?: string | undefined }
  | { kind: 'rejected-always'; reason?: string | undefined }
  | { kind: 'cancelled' }
  | { kind: 'unavailable' }
