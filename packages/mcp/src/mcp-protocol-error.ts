import { HarnessError } from '@toolpipe/core'

/**
 * Why a call of a mounted MCP tool, or a listing of a server's tools, did not get a usable answer:
 * the stable part of an {@link McpProtocolError}.
 */
export type McpProtocolErrorCode =
  /**
   * The request failed: the server answered a JSON-RPC error, sent something that is not a tool
   * result (or a tool list), broke the connection, or did not answer in time.
   */
  | 'MCP_PROTOCOL_ERROR'
  /** The call's signal aborted before the server answered; `notifications/cancelled` was sent. */
  | 'MCP_CALL_CANCELLED'

/**
 * A mounted MCP tool's call, or `mountMcpTools`' listing, failed below the tool: the message says
 * which tool and what went wrong (the SDK's error is kept as `cause`).
 */
export class McpProtocolError extends HarnessError<McpProtocolErrorCode> {
  override readonly name = 'McpProtocolError'
}
