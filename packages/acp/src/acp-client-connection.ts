import type {
  RequestPermissionRequest,
  RequestPermissionResponse,
  SendRequestOptions,
  SessionNotification,
} from '@agentclientprotocol/sdk'

/**
 * What the bridge needs of an ACP connection to the client: the agent side's peer context. The
 * SDK's `AgentContext` is one — `connection.client` from `agent().connect(stream)`, or the
 * `client` a request handler receives — and so is anything with these two methods.
 *
 * @example
 * const connection = acp.agent().onRequest(…).connect(stream)
 * registry.use(streamToolCallsToAcp({ connection: connection.client, sessionId, cwd }))
 */
export interface AcpClientConnection {
  /** Sends a `session/update` notification; resolves once it is written. */
  notify(method: 'session/update', params: SessionNotification): Promise<void>
  /** Sends a `session/request_permission` request and resolves with the client's answer. */
  request(
    method: 'session/request_permission',
    params: RequestPermissionRequest,
    options?: SendRequestOptions,
  ): Promise<RequestPermissionResponse>
}
