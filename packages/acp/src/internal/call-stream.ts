import type { SessionUpdate } from '@agentclientprotocol/sdk'
import type { JsonValue } from '@toolpipe/core'
import { warnSafely } from '@toolpipe/core/internal'
import { presentCallSafely, presentResultSafely } from '@toolpipe/presentation'
import type {
  PresentableTool,
  ToolCallView,
  ToolResult,
  ToolResultView,
} from '@toolpipe/presentation'
import type {
  ToolExecution as PipelineExecution,
  ToolExecutionResult,
  ToolProgress,
  ToolRegistry,
} from '@toolpipe/tools'
import { shownValue } from '@toolpipe/tools'
import type { AcpClientConnection } from '../acp-client-connection.js'
import { toAcpToolCallUpdate } from '../to-acp-tool-call-update.js'
import { callFields } from './call-fields.js'
import { toAcpContent } from './to-acp-content.js'
import type { SessionPaths } from './session-paths.js'

/** What a {@link CallStream} needs, checked by `streamToolCallsToAcp`. */
export interface StreamSettings {
  readonly connection: AcpClientConnection
  readonly sessionId: string
  readonly paths: SessionPaths
  readonly terminalOutput: boolean
}

/** A call as the stream's listeners see it: observers also see calls whose arguments were not JSON. */
export type StreamedExecution = PipelineExecution<JsonValue | undefined>

/** What the stream remembers of a call between its events. */
export interface CallState {
  readonly pending: ToolCallView
  started: boolean
}

/**
 * The session updates of one registry's calls, each sent once and in order: `tool_call` when a
 * call is first seen, `in_progress` when its body starts, one update per progress report, and
 * the completed (or failed) card with its result. A send that fails is warned about through the
 * registry's logger, never passed on.
 */
export class CallStream {
  // Keyed by the execution object, which every event of one call shares: a call id may repeat,
  // and a call that never settles must not be remembered forever.
  readonly #calls = new WeakMap<StreamedExecution, CallState>()
  readonly #registry: ToolRegistry
  readonly #settings: StreamSettings

  constructor(registry: ToolRegistry, settings: StreamSettings) {
    this.#registry = registry
    this.#settings = settings
  }

  /** Sends the call's `tool_call` the first time it is seen; its state every time. */
  announce(exec: StreamedExecution): CallState {
    const known = this.#calls.get(exec)
    if (known !== undefined) return known
    const state: CallState = {
      pending: this.#shown(exec, presentCallSafely(this.#toolOf(exec), exec.arguments), {
        card: 'generic',
        title: exec.name,
        kind: 'other',
      }),
      started: false,
    }
    this.#calls.set(exec, state)
    const fields = callFields(state.pending, {
      toolCallId: exec.callId,
      paths: this.#settings.paths,
      terminalOutput: this.#settings.terminalOutput,
      toolName: exec.name,
    })
    this.#send(exec, { sessionUpdate: 'tool_call', ...fields })
    return state
  }

  /** Sends `in_progress` once, when the call's body first starts. */
  start(exec: StreamedExecution): void {
    const state = this.announce(exec)
    if (state.started) return
    state.started = true
    this.#send(exec, {
      sessionUpdate: 'tool_call_update',
      toolCallId: exec.callId,
      status: 'in_progress',
    })
  }

  progress(exec: StreamedExecution, update: ToolProgress): void {
    this.announce(exec)
    this.#send(exec, progressUpdate(exec.callId, update))
  }

  /** Sends the result's card, and forgets the call. */
  complete(exec: StreamedExecution, result: Readonly<ToolExecutionResult>): void {
    const { pending } = this.announce(exec)
    const shown: ToolResult = { content: result.content, isError: result.isError }
    if (result.meta !== undefined) shown.meta = result.meta
    const view = this.#shown(exec, presentResultSafely(this.#toolOf(exec), exec.arguments, shown), {
      card: 'generic',
    })
    this.#send(
      exec,
      toAcpToolCallUpdate(view, {
        toolCallId: exec.callId,
        cwd: this.#settings.paths.cwd,
        isError: result.isError,
        terminalOutput: this.#settings.terminalOutput,
        pending,
        resultContent: result.content,
      }),
    )
    this.#calls.delete(exec)
  }

  /**
   * `view` as a person may be shown it (the registry's `tools/shown` filters: `@toolpipe/redact`
   * takes secrets out); `bare`, with a warning, when a filter fails: no card goes out unclean.
   */
  #shown<TView extends ToolCallView | ToolResultView>(
    exec: StreamedExecution,
    view: TView,
    bare: TView,
  ): TView {
    try {
      return shownValue(this.#registry, view)
    } catch (error) {
      warnSafely(
        this.#registry.logger,
        `toolpipe/acp: the card of call "${exec.callId}" could not be cleaned for display; sending its bare title`,
        error,
      )
      return bare
    }
  }

  #toolOf(exec: StreamedExecution): PresentableTool {
    return this.#registry.get(exec.name, exec.agent) ?? { name: exec.name }
  }

  #send(exec: StreamedExecution, update: SessionUpdate): void {
    const report = (error: unknown) => {
      warnSafely(
        this.#registry.logger,
        `toolpipe/acp: could not send the ${update.sessionUpdate} update of call "${exec.callId}"`,
        error,
      )
    }
    const { connection, sessionId } = this.#settings
    try {
      Promise.resolve(connection.notify('session/update', { sessionId, update })).catch(report)
    } catch (error) {
      report(error)
    }
  }
}

/**
 * A progress report as a `tool_call_update` (SPEC §12.2): status `in_progress`; the update's
 * content, when it has some, replaces what the client shows for the call (ACP replaces content
 * with an update's); its numbers and message, which ACP has no field for, ride in
 * `_meta.toolpipe_progress`.
 */
function progressUpdate(toolCallId: string, update: ToolProgress): SessionUpdate {
  const { progress, total, message, content } = update
  const numbers: Record<string, number | string> = {}
  if (progress !== undefined) numbers.progress = progress
  if (total !== undefined) numbers.total = total
  if (message !== undefined) numbers.message = message
  return {
    sessionUpdate: 'tool_call_update',
    toolCallId,
    status: 'in_progress',
    ...(content === undefined ? {} : { content: toAcpContent(content) }),
    ...(Object.keys(numbers).length === 0 ? {} : { _meta: { toolpipe_progress: numbers } }),
  }
}
