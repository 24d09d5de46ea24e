import type { JsonValue } from '@toolpipe/core'
import { describeValue, warnSafely } from '@toolpipe/core/internal'
import type { ApprovalOutcome, ApprovalService, ToolRegistryLogger } from '@toolpipe/tools'
import type { ElicitRequestFormParams, ElicitResult } from '@modelcontextprotocol/sdk/types.js'
import { McpBridgeError } from './mcp-bridge-error.js'
import type { McpElicitingServer } from './mcp-server.js'
import { summarizeArguments } from './internal/summarize-arguments.js'
import { ToolpipeMcpServer } from './internal/toolpipe-mcp-server.js'

/** Options of {@link mcpElicitationApproval}. */
export interface McpElicitationApprovalOptions {
  /** Told why a request could not be made (the call then gets `unavailable`). Default: `console`. */
  readonly logger?: ToolRegistryLogger | undefined
  /**
   * How long to wait for the person's answer, in milliseconds; then the call gets `unavailable`.
   * Default: as long as it takes, until the call's signal aborts (the client cancels the call, a
   * timeout policy's deadline passes).
   */
  readonly timeoutMs?: number | undefined
}

const maxTimeoutMs = 2_147_483_647
const cancelled: ApprovalOutcome = Object.freeze({ kind: 'cancelled' })
const unavailable: ApprovalOutcome = Object.freeze({ kind: 'unavailable' })
const allowedOnce: ApprovalOutcome = Object.freeze({ kind: 'allowed-once' })

/**
 * An `ApprovalService` that asks the MCP client's user (SPEC §13, §22): each `ask` becomes an
 * `elicitation/create` request, a form with one yes/no field, `allow`, whose message is the
 * pending card's title, the ask's reason, and a readable summary of the call's arguments (one
 * `key: value` line per member, capped, control and invisible characters shown as escapes). When
 * `server` comes from `createMcpServer`, the request goes with the `tools/call` it is about (what
 * Streamable HTTP needs to deliver it).
 *
 * | what happens | outcome |
 * | --- | --- |
 * | the person accepts with `allow: true` | `allowed-once` |
 * | the person accepts with `allow: false`, or declines | `rejected` |
 * | the person cancels (dismisses the form) | `cancelled` |
 * | the call's signal aborts before or while waiting | `cancelled` |
 * | the client did not declare form elicitation, or no client is connected | `unavailable` |
 * | the request fails (connection closed, an answer that does not fit the form, the timeout) | `unavailable` (logged) |
 *
 * @param server - the SDK server the calls arrive through (of either of its builds)
 * @throws {McpBridgeError} `INVALID_OPTIONS` for options that cannot be used
 * @example
 * let approval: ApprovalService | undefined
 * const registry = createToolRegistry({ approval: { request: (request) => approval!.request(request) } })
 * const server = createMcpServer(registry, { name: 'my-harness', version: '1.0.0' }, { agent })
 * approval = mcpElicitationApproval(server)
 */
export function mcpElicitationApproval(
  server: McpElicitingServer,
  options: McpElicitationApprovalOptions = {},
): ApprovalService {
  const { logger, timeoutMs } = readOptions(server, options)
  return {
    async request(request) {
      const { signal, callId, toolName, reason, view } = request
      if (isAborted(signal)) return cancelled
      if (server.getClientCapabilities()?.elicitation?.form === undefined) return unavailable

      const params: ElicitRequestFormParams = {
        mode: 'form',
        message: approvalMessage(view.title, reason, request.arguments),
        requestedSchema: {
          type: 'object',
          properties: {
            allow: {
              type: 'boolean',
              title: 'Allow this tool call',
              description: `Run the tool "${toolName}"`,
              default: false,
            },
          },
          required: ['allow'],
        },
      }
      const relatedRequestId = ToolpipeMcpServer.relatedRequestId(server, callId)
      let answer: ElicitResult
      try {
        answer = await server.elicitInput(params, {
          timeout: timeoutMs ?? maxTimeoutMs,
          ...(signal === undefined ? {} : { signal }),
          ...(relatedRequestId === undefined ? {} : { relatedRequestId }),
        })
      } catch (error) {
        if (isAborted(signal)) return cancelled
        warnSafely(logger, `toolpipe/mcp: the approval request for call "${callId}" failed`, error)
        return unavailable
      }
      // Read as unknown: the SDK checked the form's schema, but a check is worth more than a type.
      const allow: unknown = (answer.content as { allow?: unknown } | undefined)?.allow
      switch (answer.action) {
        case 'accept':
          return allow === true
            ? allowedOnce
            : { kind: 'rejected', reason: 'the form was sent without allowing the call' }
        case 'decline':
          return { kind: 'rejected' }
        default:
          return cancelled
      }
    },
  }
}

/**
 * What the person reads: the pending card's title, the ask's reason, and the call's arguments,
 * summarized and capped (`Arguments:` then `key: value` lines), so nobody approves a call they
 * cannot see. A request without arguments (from a registry older than `ApprovalRequest.arguments`)
 * shows the title and the reason only.
 */
function approvalMessage(
  title: string,
  reason: string | undefined,
  args: JsonValue | undefined,
): string {
  const parts = [title]
  if (reason !== undefined && reason !== '') parts.push(reason)
  if (args !== undefined) parts.push(`Arguments:\n${summarizeArguments(args)}`)
  return parts.join('\n\n')
}

// A function, so that the compiler does not assume a signal stays as it was when first checked.
function isAborted(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true
}

function readOptions(
  server: unknown,
  options: unknown,
): { logger: ToolRegistryLogger; timeoutMs: number | undefined } {
  const invalid = (message: string): McpBridgeError =>
    new McpBridgeError(`mcpElicitationApproval: ${message}`)
  if (
    typeof server !== 'object' ||
    server === null ||
    typeof (server as Partial<McpElicitingServer>).elicitInput !== 'function' ||
    typeof (server as Partial<McpElicitingServer>).getClientCapabilities !== 'function'
  ) {
    throw invalid(`server must be an MCP SDK Server, got ${describeValue(server)}`)
  }
  if (typeof options !== 'object' || options === null) {
    throw invalid(`options must be an object, got ${describeValue(options)}`)
  }
  const { logger, timeoutMs } = options as Record<keyof McpElicitationApprovalOptions, unknown>
  if (
    logger !== undefined &&
    (typeof logger !== 'object' ||
      logger === null ||
      typeof (logger as { warn?: unknown }).warn !== 'function')
  ) {
    throw invalid(`logger must have a warn method, got ${describeValue(logger)}`)
  }
  if (
    timeoutMs !== undefined &&
    (typeof timeoutMs !== 'number' || !(timeoutMs > 0 && timeoutMs <= maxTimeoutMs))
  ) {
    throw invalid(
      `timeoutMs must be a positive number of milliseconds no larger than ${String(maxTimeoutMs)}, got ${describeValue(timeoutMs)}`,
    )
  }
  return { logger: (logger ?? console) as ToolRegistryLogger, timeoutMs }
}
