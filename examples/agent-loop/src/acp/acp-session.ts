import { RequestError } from '@agentclientprotocol/sdk'
import type { AgentContext, ContentBlock, StopReason } from '@agentclientprotocol/sdk'
import { createAcpApprovalService, streamToolCallsToAcp } from '@toolpipe/acp'
import type { Agent, ApprovalService, ToolRegistryLogger } from 'toolpipe'
import { runAgentLoop } from '../agent-loop.js'
import type { AgentLoopOutcome, AgentLoopTools } from '../agent-loop.js'
import { createDemoRegistry } from '../demo-registry.js'
import type { DemoRegistry } from '../demo-registry.js'
import type { ConversationMessage } from '../model/conversation.js'
import { systemPrompt } from '../model/demo-script.js'
import type { Model } from '../model/model.js'
import { prepareSandbox } from '../sandbox/sandbox.js'
import type { ApprovalEvent, SessionEvent } from '../session/session-event.js'
import { openSessionLog } from '../session/session-log.js'
import type { SessionLogWriter } from '../session/session-log.js'
import type { RunTracing } from '../tracing/run-tracing.js'
import { sessionUpdatesOf } from './acp-session-updates.js'

/** What {@link openAcpSession} needs. */
export interface AcpSessionOptions {
  readonly sessionId: string
  /** The client, as the SDK hands it to a request handler. */
  readonly client: AgentContext
  /** Whether the client advertised terminal output in `initialize`. */
  readonly terminalOutput: boolean
  /** This session's own sandbox, made afresh; the cards' paths are resolved against it. */
  readonly sandbox: string
  readonly logPath: string
  readonly model: Model
  readonly maxSteps?: number | undefined
  readonly tracing?: RunTracing | undefined
  /** Warnings (a failed send, a broken listener): never stdout, which carries the protocol. */
  readonly logger: ToolRegistryLogger
}

/** One ACP session: its sandbox, registry, session log and conversation. */
export interface AcpSession {
  /**
   * Runs one prompt turn: the loop on the conversation so far plus the prompt, until the model
   * answers (`end_turn`), the step budget runs out (`max_turn_requests`) or the turn is
   * cancelled (`cancelled`). Only one turn runs at a time.
   */
  prompt(prompt: readonly ContentBlock[], requestSignal: AbortSignal): Promise<StopReason>
  /** `session/cancel`: aborts the running turn, if any (its calls see `exec.signal` abort). */
  cancel(): void
  /** Cancels the running turn, waits for it to end, and closes the session log. */
  close(): Promise<void>
}

/**
 * Opens an ACP session around the same registry and loop as the terminal demo: the registry's
 * approval service is `createAcpApprovalService` (each `ask` becomes `session/request_permission`)
 * and `streamToolCallsToAcp` streams every call as `tool_call` / `tool_call_update`; the loop's
 * own events become message and thought chunks, and go to the session log as in the terminal.
 */
export async function openAcpSession(options: AcpSessionOptions): Promise<AcpSession> {
  const { sessionId, client, sandbox, model, tracing, logger } = options
  const agent: Agent = { id: sessionId }
  const dialect = model.dialect ?? 'json-schema'
  await prepareSandbox(sandbox)
  const log = openSessionLog(options.logPath)
  // The running turn, shared with the approval service, which cancels it on a cancelled answer.
  const turns: TurnState = { current: undefined }

  const emit = (event: SessionEvent): void => {
    log.write(event)
    for (const update of sessionUpdatesOf(event)) {
      client.notify('session/update', { sessionId, update }).catch((error: unknown) => {
        logger.warn(`session ${sessionId}: a session/update could not be sent:`, error)
      })
    }
  }
  // The paths of the cards (`greet.js`) are the sandbox's, so the sandbox is the bridge's cwd.
  const bridge = {
    connection: client,
    sessionId,
    cwd: sandbox,
    terminalOutput: options.terminalOutput,
  }
  let demo: DemoRegistry
  try {
    demo = await createDemoRegistry({
      sandbox,
      dialects: [dialect],
      approval: loggedApproval(createAcpApprovalService({ ...bridge, logger }), (event) => {
        emit(event)
        // The client answers `cancelled` only once the turn is being cancelled (ACP's rule).
        if (event.outcome === 'cancelled') turns.current?.abort()
      }),
      logger,
    })
  } catch (error) {
    log.close()
    throw error
  }
  const { registry } = demo
  registry.use(streamToolCallsToAcp(bridge))
  if (tracing !== undefined) registry.use(tracing.plugin)
  emit({
    type: 'session/start',
    version: 1,
    model: model.description,
    agent: agent.id,
    sandbox,
    tools: registry.schemas(agent, { dialect }),
  })
  return new AcpSessionTurns({ ...options, agent, demo, log, emit }, turns)
}

/** A session's running turn: only one at a time, cancelled by `session/cancel` or a close. */
interface TurnState {
  current: AbortController | undefined
}

/** What the turns of a session run with, once it is open. */
interface OpenSession extends AcpSessionOptions {
  readonly agent: Agent
  readonly demo: DemoRegistry
  readonly log: SessionLogWriter
  readonly emit: (event: SessionEvent) => void
}

/** The prompt turns of one open session, and the conversation they continue. */
class AcpSessionTurns implements AcpSession {
  readonly #session: OpenSession
  readonly #turn: TurnState
  #running: Promise<unknown> = Promise.resolve()
  #messages: readonly ConversationMessage[] = [{ role: 'system', text: systemPrompt }]
  /** The conversation's tools: what its searches found stays shown across its prompt turns. */
  readonly #tools: AgentLoopTools

  constructor(session: OpenSession, turn: TurnState) {
    this.#session = session
    this.#turn = turn
    this.#tools = session.demo.conversation()
  }

  async prompt(prompt: readonly ContentBlock[], requestSignal: AbortSignal): Promise<StopReason> {
    const { sessionId, model, tracing, agent, emit } = this.#session
    if (this.#turn.current !== undefined) {
      throw RequestError.invalidRequest(
        { sessionId },
        'a prompt turn is already running in this session',
      )
    }
    const current = new AbortController()
    this.#turn.current = current
    try {
      const text = promptText(prompt)
      emit({ type: 'user/message', text })
      const run = (): Promise<AgentLoopOutcome> =>
        runAgentLoop({
          model: tracing?.traceModel(model) ?? model,
          registry: this.#tools,
          agent,
          messages: [...this.#messages, { role: 'user', text }],
          maxSteps: this.#session.maxSteps,
          onEvent: emit,
          signal: AbortSignal.any([current.signal, requestSignal]),
        })
      const ending = tracing === undefined ? run() : tracing.invokeAgent(agent, run)
      this.#running = ending.catch(() => undefined)
      const outcome = await ending
      this.#messages = outcome.messages
      return stopReasonOf(outcome)
    } finally {
      this.#turn.current = undefined
    }
  }

  cancel(): void {
    this.#turn.current?.abort()
  }

  async close(): Promise<void> {
    this.#turn.current?.abort()
    await this.#running
    this.#session.log.close()
    await this.#session.demo.close()
  }
}

/** ACP's stop reason for how the loop ended. */
function stopReasonOf(outcome: AgentLoopOutcome): StopReason {
  switch (outcome.reason) {
    case 'answered':
      return 'end_turn'
    case 'max-steps':
      return 'max_turn_requests'
    case 'aborted':
      return 'cancelled'
  }
}

/**
 * The prompt as the user message's text. Agents must take text and resource links (ACP's
 * baseline); other blocks, which this agent does not advertise, are named rather than dropped.
 */
function promptText(prompt: readonly ContentBlock[]): string {
  return prompt
    .map((block) => {
      switch (block.type) {
        case 'text':
          return block.text
        case 'resource_link':
          return `[${block.name}](${block.uri})`
        default:
          return `[${block.type} content]`
      }
    })
    .join('\n')
}

/** The ACP approval service, with each answer written to the session log as it comes. */
function loggedApproval(
  service: ApprovalService,
  onAnswer: (event: ApprovalEvent) => void,
): ApprovalService {
  return {
    async request(request) {
      const outcome = await service.request(request)
      onAnswer({
        type: 'approval',
        callId: request.callId,
        name: request.toolName,
        ...(request.reason === undefined ? {} : { reason: request.reason }),
        outcome: outcome.kind,
        answeredBy: 'acp client',
      })
      return outcome
    },
  }
}
