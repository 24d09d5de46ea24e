import type { SessionUpdate } from '@agentclientprotocol/sdk'
import type { Agent, JsonValue } from '@toolpipe/core'
import { presentCallSafely, presentResultSafely } from '@toolpipe/presentation'
import type { PresentableTool, ToolCallView, ToolResult } from '@toolpipe/presentation'
import type {
  Disposer,
  ToolExecution as PipelineExecution,
  ToolExecutionResult,
  ToolProgress,
  ToolRegistry,
} from '@toolpipe/tools'
import type { AcpClientConnection } from '../acp-client-connection.js'
import { toAcpToolCallUpdate } from '../to-acp-tool-call-update.js'
import { callFields } from './call-fields.js'
import { toAcpContent } from './to-acp-content.js'
import type { SessionPaths } from './session-paths.js'

/** What {@link installStream} needs, checked by `streamToolCallsToAcp`. */
export interface StreamSettings {
  readonly connection: AcpClientConnection
  readonly sessionId: string
  readonly paths: SessionPaths
  readonly terminalOutput: boolean
}

/** A call as the stream's listeners see it: observers also see calls whose arguments were not JSON. */
type ToolExecution = PipelineExecution<JsonValue | undefined>

/** What the stream remembers of a call between its events. */
interface CallState {
  readonly pending: ToolCallView
  started: boolean
}

/** Installs the stream's three listeners on `registry` (see `streamToolCallsToAcp`). */
export function installStream(
  registry: ToolRegistry,
  settings: StreamSettings,
  scope: Agent | undefined,
): Disposer {
  // Keyed by the execution object, which every event of one call shares: a call id may repeat,
  // and a call that never settles must not be remembered forever.
  const calls = new WeakMap<ToolExecution, CallState>()

  const send = (exec: ToolExecution, update: SessionUpdate): void => {
    const report = (error: unknown) => {
      warn(
        registry,
        `could not send the ${update.sessionUpdate} update of call "${exec.callId}"`,
        error,
      )
    }
    try {
      Promise.resolve(
        settings.connection.notify('session/update', { sessionId: settings.sessionId, update }),
      ).catch(report)
    } catch (error) {
      report(error)
    }
  }

  const toolOf = (exec: ToolExecution): PresentableTool =>
    registry.get(exec.name, exec.agent) ?? { name: exec.name }

  const announce = (exec: ToolExecution): CallState => {
    const known = calls.get(exec)
    if (known !== undefined) return known
    const state: CallState = {
      pending: presentCallSafely(toolOf(exec), exec.arguments),
      started: false,
    }
    calls.set(exec, state)
    const fields = callFields(state.pending, {
      toolCallId: exec.callId,
      paths: settings.paths,
      terminalOutput: settings.terminalOutput,
      toolName: exec.name,
    })
    send(exec, { sessionUpdate: 'tool_call', ...fields })
    return state
  }

  const complete = (exec: ToolExecution, result: Readonly<ToolExecutionResult>): void => {
    const { pending } = announce(exec)
    const shown: ToolResult = { content: result.content, isError: result.isError }
    if (result.meta !== undefined) shown.meta = result.meta
    const view = presentResultSafely(toolOf(exec), exec.arguments, shown)
    send(
      exec,
      toAcpToolCallUpdate(view, {
        toolCallId: exec.callId,
        cwd: settings.paths.cwd,
        isError: result.isError,
        terminalOutput: settings.terminalOutput,
        pending,
        resultContent: result.content,
      }),
    )
    calls.delete(exec)
  }

  const progress = (exec: ToolExecution, update: ToolProgress): void => {
    announce(exec)
    send(exec, progressUpdate(exec.callId, update))
  }

  const disposers = [
    registry.on(
      'tools/pre-execute',
      (exec, next) => {
        guarded(registry, exec, () => announce(exec))
        return next()
      },
      { scope, prepend: true },
    ),
    registry.on(
      'tools/execute',
      (exec, next) => {
        guarded(registry, exec, () => {
          const state = announce(exec)
          if (state.started) return
          state.started = true
          send(exec, {
            sessionUpdate: 'tool_call_update',
            toolCallId: exec.callId,
            status: 'in_progress',
          })
        })
        return next()
      },
      { scope, prepend: true },
    ),
    registry.on(
      'tools/progress',
      (exec, update) => {
        guarded(registry, exec, () => {
          progress(exec, update)
        })
      },
      { scope },
    ),
    registry.on(
      'tools/result',
      (exec, result) => {
        guarded(registry, exec, () => {
          complete(exec, result)
        })
      },
      { scope },
    ),
  ]
  return () => {
    for (const dispose of disposers) dispose()
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

/** Runs `step`; a throw is logged, never passed to the pipeline, where it would fail the call. */
function guarded(registry: ToolRegistry, exec: ToolExecution, step: () => unknown): void {
  try {
    step()
  } catch (error) {
    warn(registry, `could not stream call "${exec.callId}" of tool "${exec.name}"`, error)
  }
}

function warn(registry: ToolRegistry, message: string, error: unknown): void {
  try {
    registry.logger.warn(`toolpipe/acp: ${message}`, error)
  } catch {
    // A throwing logger must not reach the pipeline either.
  }
}
