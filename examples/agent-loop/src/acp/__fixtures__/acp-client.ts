import * as acp from '@agentclientprotocol/sdk'
import type {
  ClientContext,
  RequestPermissionRequest,
  RequestPermissionResponse,
  SessionUpdate,
  StopReason,
} from '@agentclientprotocol/sdk'
import type { AcpAgentProcess } from './acp-agent-process.js'

/** How the test's client answers a permission request in one session. */
export type PermissionPolicy = (
  request: RequestPermissionRequest,
  agent: ClientContext,
  signal: AbortSignal,
) => Promise<RequestPermissionResponse>

/** What one session saw, in arrival order: its updates and permission requests. */
export interface SessionRecord {
  readonly seen: (
    | { readonly kind: 'update'; readonly update: SessionUpdate }
    | { readonly kind: 'permission'; readonly request: RequestPermissionRequest }
  )[]
  stopReasons: StopReason[]
  policy: PermissionPolicy
}

export const allowOnce: PermissionPolicy = () =>
  Promise.resolve({ outcome: { outcome: 'selected', optionId: 'allow_once' } })

/**
 * An ACP client on the SDK's client side, as an editor is: it records every `session/update` and
 * answers `session/request_permission` by the session's policy.
 */
function recordingClient(sessions: Map<string, SessionRecord>) {
  const record = (sessionId: string): SessionRecord => {
    const found = sessions.get(sessionId)
    if (found === undefined) throw new Error(`an update for unknown session ${sessionId}`)
    return found
  }
  return acp
    .client({ name: 'agent-loop-e2e' })
    .onNotification(acp.methods.client.session.update, ({ params }) => {
      record(params.sessionId).seen.push({ kind: 'update', update: params.update })
    })
    .onRequest(acp.methods.client.session.requestPermission, ({ params, agent, signal }) => {
      const session = record(params.sessionId)
      session.seen.push({ kind: 'permission', request: params })
      return session.policy(params, agent, signal)
    })
}

/**
 * Runs `script` against the agent process with a {@link recordingClient}; `open(policy)` opens a
 * session answered by `policy`, and `prompt(sessionId, text)` runs one turn, its stop reason
 * recorded.
 */
export async function driveAgent(
  agentProcess: AcpAgentProcess,
  sessions: Map<string, SessionRecord>,
  script: (
    agent: ClientContext,
    open: (policy: PermissionPolicy) => Promise<string>,
    prompt: (sessionId: string, text: string) => Promise<void>,
  ) => Promise<void>,
): Promise<void> {
  await recordingClient(sessions).connectWith(agentProcess.stream, (agent) =>
    script(
      agent,
      async (policy) => {
        const { sessionId } = await agent.request(acp.methods.agent.session.new, {
          cwd: '/',
          mcpServers: [],
        })
        sessions.set(sessionId, { seen: [], stopReasons: [], policy })
        return sessionId
      },
      async (sessionId, text) => {
        const { stopReason } = await agent.request(acp.methods.agent.session.prompt, {
          sessionId,
          prompt: [{ type: 'text', text }],
        })
        sessions.get(sessionId)?.stopReasons.push(stopReason)
      },
    ),
  )
}

/** The session's updates, in order. */
export function updates(session: SessionRecord | undefined): SessionUpdate[] {
  return (session?.seen ?? []).flatMap((item) => (item.kind === 'update' ? [item.update] : []))
}

/** The session's permission requests, in order. */
export function permissions(session: SessionRecord | undefined): RequestPermissionRequest[] {
  return (session?.seen ?? []).flatMap((item) => (item.kind === 'permission' ? [item.request] : []))
}

/** Each tool call's updates, by call id: its `tool_call`, then its `tool_call_update`s. */
export function toolCalls(session: SessionRecord | undefined): Map<string, SessionUpdate[]> {
  const calls = new Map<string, SessionUpdate[]>()
  for (const update of updates(session)) {
    if (update.sessionUpdate !== 'tool_call' && update.sessionUpdate !== 'tool_call_update')
      continue
    calls.set(update.toolCallId, [...(calls.get(update.toolCallId) ?? []), update])
  }
  return calls
}

/** The text of the session's message (or thought) chunks. */
export function texts(
  session: SessionRecord | undefined,
  kind: SessionUpdate['sessionUpdate'],
): string[] {
  return updates(session).flatMap((update) =>
    update.sessionUpdate === kind &&
    (update.sessionUpdate === 'agent_message_chunk' ||
      update.sessionUpdate === 'agent_thought_chunk') &&
    update.content.type === 'text'
      ? [update.content.text]
      : [],
  )
}

/** The status of each of a call's updates. */
export function statuses(
  calls: readonly SessionUpdate[] | undefined,
): (string | null | undefined)[] {
  return (calls ?? []).map((update) =>
    update.sessionUpdate === 'tool_call' || update.sessionUpdate === 'tool_call_update'
      ? update.status
      : undefined,
  )
}

/** The content of a call's updates, as JSON text. */
export function contentText(calls: readonly SessionUpdate[] | undefined): string {
  return JSON.stringify(
    (calls ?? []).flatMap((update) =>
      update.sessionUpdate === 'tool_call_update' ? (update.content ?? []) : [],
    ),
  )
}

/** Resolves once `condition` holds; fails after 20 seconds. */
export async function waitFor(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 20_000
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for a condition')
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}
