import type {
  RequestPermissionRequest,
  RequestPermissionResponse,
  SendRequestOptions,
  SessionNotification,
} from '@agentclientprotocol/sdk'
import type { AcpClientConnection } from '../acp-client-connection.js'

/** One message the bridge sent, in the order it sent them. */
export type SentMessage =
  | { readonly method: 'session/update'; readonly params: SessionNotification }
  | {
      readonly method: 'session/request_permission'
      readonly params: RequestPermissionRequest
      readonly options: SendRequestOptions | undefined
    }

type Answer = (
  params: RequestPermissionRequest,
  options: SendRequestOptions | undefined,
) => Promise<RequestPermissionResponse>

/**
 * A stand-in for the SDK's `AgentContext` that records what it is sent, in order, and answers
 * permission requests with `answer` (default: allow once).
 */
export function recordingConnection(
  answer: Answer = async () => ({ outcome: { outcome: 'selected', optionId: 'allow_once' } }),
) {
  const sent: SentMessage[] = []
  const connection: AcpClientConnection = {
    async notify(method, params) {
      sent.push({ method, params: structuredClone(params) })
    },
    request(method, params, options) {
      sent.push({ method, params: structuredClone(params), options })
      return answer(params, options)
    },
  }
  const updates = () =>
    sent.flatMap((message) => (message.method === 'session/update' ? [message.params.update] : []))
  const notifications = () =>
    sent.flatMap((message) => (message.method === 'session/update' ? [message.params] : []))
  const permissionRequests = () =>
    sent.flatMap((message) =>
      message.method === 'session/request_permission' ? [message.params] : [],
    )
  return { connection, sent, updates, notifications, permissionRequests }
}
