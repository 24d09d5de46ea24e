import type { RequestPermissionRequest } from '@agentclientprotocol/sdk'
import { warnSafely } from '@toolpipe/core/internal'
import type { ApprovalOutcome, ApprovalService, ToolRegistryLogger } from '@toolpipe/tools'
import type { AcpClientConnection } from './acp-client-connection.js'
import { callFields } from './internal/call-fields.js'
import { checkedCallView } from './internal/checked-views.js'
import { outcomeOf, permissionOptions } from './internal/permission-answer.js'
import { OptionsReader } from './internal/read-options.js'
import { textItem } from './internal/to-acp-content.js'

/** Options of {@link createAcpApprovalService}. */
export interface AcpApprovalServiceOptions {
  /** The agent side's connection to the client (the SDK's `AgentContext`). */
  readonly connection: AcpClientConnection
  /** The ACP session the requests belong to. */
  readonly sessionId: string
  /** The session's working directory: an absolute path. */
  readonly cwd: string
  /** Whether the client advertised terminal output (`clientCapabilities._meta.terminal_output`). */
  readonly terminalOutput?: boolean | undefined
  /** Told why a request could not be made (the call then gets `unavailable`). Default: `console`. */
  readonly logger?: ToolRegistryLogger | undefined
}

const cancelled: ApprovalOutcome = Object.freeze({ kind: 'cancelled' })
const unavailable: ApprovalOutcome = Object.freeze({ kind: 'unavailable' })
const aborted = Symbol('aborted')

/**
 * An `ApprovalService` that asks the person at the ACP client: each `ask` becomes a
 * `session/request_permission` request whose `toolCall` is the call's pending card (mapped as
 * {@link toAcpToolCall} maps it, the ask's reason added as a last text item), with four options,
 * `allow_once` ("Allow"), `allow_always` ("Always allow"), `reject_once` ("Reject") and
 * `reject_always` ("Always reject"). The registry remembers an always-answer for the call's
 * (scope, tool) and does not ask again (SPEC §12.3).
 *
 * | what happens | outcome |
 * | --- | --- |
 * | the person picks `allow_once` | `allowed-once` |
 * | the person picks `allow_always` | `allowed-always` |
 * | the person picks `reject_once` | `rejected` |
 * | the person picks `reject_always` | `rejected-always` |
 * | the client answers `cancelled` (the turn was cancelled) | `cancelled` |
 * | the request's `signal` aborts before or while waiting | `cancelled` (and `$/cancel_request` is sent) |
 * | the request fails: connection closed, transport error, JSON-RPC error | `unavailable` (logged) |
 * | the answer is not an answer to the request | rejects with `INVALID_PERMISSION_RESPONSE` |
 *
 * @throws {AcpBridgeError} `INVALID_OPTIONS` for options that cannot be used
 * @example
 * const registry = createToolRegistry({
 *   approval: createAcpApprovalService({ connection: client, sessionId, cwd }),
 * })
 */
export function createAcpApprovalService(options: AcpApprovalServiceOptions): ApprovalService {
  const reader = new OptionsReader(options, 'createAcpApprovalService: options', 'INVALID_OPTIONS')
  const connection = reader.withMethod('connection', 'request') as AcpClientConnection
  const sessionId = reader.string('sessionId')
  const paths = reader.paths('cwd')
  const terminalOutput = reader.boolean('terminalOutput') ?? false
  const logger = (reader.read('logger') as ToolRegistryLogger | undefined) ?? console

  return {
    async request(request) {
      const call = new OptionsReader(request, 'approval request', 'INVALID_CONTEXT')
      const toolCallId = call.string('callId')
      const toolName = call.string('toolName')
      const reason = call.read('reason')
      const signal = call.read('signal') as AbortSignal | undefined
      if (isAborted(signal)) return cancelled

      const toolCall = callFields(checkedCallView(call.read('view')), {
        toolCallId,
        paths,
        terminalOutput,
        toolName,
      })
      if (typeof reason === 'string' && reason !== '') {
        toolCall.content = [...(toolCall.content ?? []), textItem(reason)]
      }
      const params: RequestPermissionRequest = {
        sessionId,
        toolCall,
        options: permissionOptions.map((option) => ({ ...option })),
      }

      let response: unknown
      try {
        const answer =
          signal === undefined
            ? connection.request('session/request_permission', params)
            : connection.request('session/request_permission', params, {
                cancellationSignal: signal,
                stopWaitingOnCancel: true,
              })
        response = await untilAborted(answer, signal)
      } catch (error) {
        if (isAborted(signal)) return cancelled
        warnSafely(
          logger,
          `toolpipe/acp: the permission request for call "${toolCallId}" failed`,
          error,
        )
        return unavailable
      }
      return response === aborted ? cancelled : outcomeOf(response)
    },
  }
}

/**
 * `promise`, or `aborted` as soon as `signal` aborts: a connection that ignores cancellation must
 * not keep the turn waiting. A late rejection of `promise` is handled, never unhandled.
 */
function untilAborted<TValue>(
  promise: Promise<TValue>,
  signal: AbortSignal | undefined,
): Promise<TValue | typeof aborted> {
  if (signal === undefined) return promise
  let onAbort = (): void => undefined
  const abortion = new Promise<typeof aborted>((resolve) => {
    onAbort = () => {
      resolve(aborted)
    }
    if (signal.aborted) onAbort()
    else signal.addEventListener('abort', onAbort, { once: true })
  })
  // `race` subscribes to `promise`, so its rejection after an abort is handled, not unhandled.
  return Promise.race([promise, abortion]).finally(() => {
    signal.removeEventListener('abort', onAbort)
  })
}

// A function, so that the compiler does not assume a signal stays as it was when first checked.
function isAborted(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true
}
