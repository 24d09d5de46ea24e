import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import * as acp from '@agentclientprotocol/sdk'
import type { AgentApp, AgentContext } from '@agentclientprotocol/sdk'
import { clientSupportsTerminalOutput } from '@toolpipe/acp'
import type { ToolRegistryLogger } from 'toolpipe'
import type { Model } from '../model/model.js'
import type { RunTracing } from '../tracing/run-tracing.js'
import { openAcpSession } from './acp-session.js'
import type { AcpSession } from './acp-session.js'

/** What {@link createAcpAgent} needs. */
export interface AcpAgentOptions {
  /** Each session gets a fresh sandbox `<sandboxRoot>/<session id>` and log beside it. */
  readonly sandboxRoot: string
  /** A fresh model for each new session (the scripted one, or the configured endpoint). */
  readonly createModel: () => Model
  readonly maxSteps?: number | undefined
  readonly tracing?: RunTracing | undefined
  /** Told of each session and each finished turn (the demo writes to stderr). */
  readonly onTurn?: ((sessionId: string, summary: string) => void) | undefined
  readonly logger: ToolRegistryLogger
}

/** The ACP agent app, and a way to end its sessions. */
export interface AcpAgent {
  /** Connect it: `agent.app.connect(acp.ndJsonStream(output, input))`. */
  readonly app: AgentApp
  /** Aborts every running turn, waits for it to end, and closes every session log. */
  closeSessions(): Promise<void>
}

/**
 * The demo as an ACP agent, on the official SDK's agent side (`acp.agent()`):
 *
 * - `initialize` → protocol version 1, the agent's name, and whether the client shows terminal
 *   output (`clientSupportsTerminalOutput`), which the tool cards then use;
 * - `session/new` → a session with its own sandbox, registry and log ({@link openAcpSession}); the
 *   client's `cwd` is not touched: the agent works in its sandbox;
 * - `session/prompt` → one turn of the loop; the response's stop reason says how it ended;
 * - `session/cancel` → the running turn is aborted.
 *
 * @example
 * const agent = createAcpAgent(options)
 * await agent.app.connect(acp.ndJsonStream(output, input)).closed
 * await agent.closeSessions()
 */
export function createAcpAgent(options: AcpAgentOptions): AcpAgent {
  const sessions = new Map<string, AcpSession>()
  let opened = 0
  let terminalOutput = false
  const sessionOf = (sessionId: string): AcpSession => {
    const session = sessions.get(sessionId)
    if (session === undefined) throw acp.RequestError.sessionNotFound(sessionId)
    return session
  }

  const app = acp
    .agent({ name: 'toolpipe-agent-loop' })
    .onRequest(acp.methods.agent.initialize, ({ params }) => {
      terminalOutput = clientSupportsTerminalOutput(params.clientCapabilities)
      return initialized()
    })
    .onRequest(acp.methods.agent.session.new, async ({ client }) => {
      // Unique across processes that share a --sandbox folder, short enough to read in a path.
      const sessionId = `s${++opened}-${randomBytes(4).toString('hex')}`
      sessions.set(sessionId, await newSession(options, sessionId, client, terminalOutput))
      return { sessionId }
    })
    .onRequest(acp.methods.agent.session.prompt, async ({ params, signal }) => {
      const stopReason = await sessionOf(params.sessionId).prompt(params.prompt, signal)
      options.onTurn?.(params.sessionId, `turn ended: ${stopReason}`)
      return { stopReason }
    })
    .onNotification(acp.methods.agent.session.cancel, ({ params }) => {
      sessions.get(params.sessionId)?.cancel()
    })
  return {
    app,
    async closeSessions() {
      const closing = [...sessions.values()].map((session) => session.close())
      sessions.clear()
      await Promise.all(closing)
    },
  }
}

/** The answer to `initialize`: protocol version 1, the agent's name, no session loading. */
function initialized(): acp.InitializeResponse {
  return {
    protocolVersion: acp.PROTOCOL_VERSION,
    agentCapabilities: { loadSession: false },
    agentInfo: {
      name: 'toolpipe-agent-loop',
      title: 'toolpipe agent-loop demo',
      version: '0.0.0',
    },
    authMethods: [],
  }
}

/** A session with its own sandbox `<sandboxRoot>/<session id>`, its log beside it, a fresh model. */
async function newSession(
  options: AcpAgentOptions,
  sessionId: string,
  client: AgentContext,
  terminalOutput: boolean,
): Promise<AcpSession> {
  const sandbox = join(options.sandboxRoot, sessionId)
  const logPath = `${sandbox}.jsonl`
  const model = options.createModel()
  const session = await openAcpSession({
    sessionId,
    client,
    terminalOutput,
    sandbox,
    logPath,
    model,
    maxSteps: options.maxSteps,
    tracing: options.tracing,
    logger: options.logger,
  })
  options.onTurn?.(
    sessionId,
    `new session: model ${model.description}, sandbox ${sandbox}, log ${logPath}`,
  )
  return session
}
