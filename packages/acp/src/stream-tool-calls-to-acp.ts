import type { Agent } from '@toolpipe/core'
import type { ToolRegistryPlugin } from '@toolpipe/tools'
import type { AcpClientConnection } from './acp-client-connection.js'
import { installStream } from './internal/install-stream.js'
import type { StreamSettings } from './internal/call-stream.js'
import { OptionsReader } from './internal/read-options.js'

/** Options of {@link streamToolCallsToAcp}. */
export interface StreamToolCallsToAcpOptions {
  /** The agent side's connection to the client (the SDK's `AgentContext`). */
  readonly connection: AcpClientConnection
  /** The ACP session the updates belong to. */
  readonly sessionId: string
  /** The session's working directory: an absolute path. */
  readonly cwd: string
  /** Whether the client advertised terminal output (`clientCapabilities._meta.terminal_output`). */
  readonly terminalOutput?: boolean | undefined
  /** Stream only the calls of this agent; default: every call the registry runs. */
  readonly scope?: Agent | undefined
}

/**
 * A registry plugin that streams every tool call to an ACP client as `session/update`
 * notifications, so that wiring ACP takes one line:
 *
 * 1. `tool_call` (status `pending`) with the pending card, as the call enters the pipeline —
 *    before policy, approval (whose `session/request_permission` therefore follows it) and
 *    dispatch; from a `tools/pre-execute` listener, installed outermost;
 * 2. `tool_call_update` with status `in_progress` when the tool is dispatched (a
 *    `tools/execute` wrapper, outermost; denied calls never get it);
 * 3. `tool_call_update` with status `completed` or `failed` and the completed card, from a
 *    `tools/result` observer. A call that never reached step 1 (its arguments were not JSON, or
 *    an outer pre-execute listener decided without calling `next()`) gets its pending card here
 *    first.
 *
 * Cards come from the tool the call's scope sees (`registry.get(name, agent)`) through
 * `presentCallSafely` / `presentResultSafely`, and are mapped by {@link toAcpToolCall} /
 * {@link toAcpToolCallUpdate}. The notifications are sent in this order and never awaited: the
 * SDK writes messages in the order they are sent, and the pipeline is never slowed or failed by
 * the client. A send that fails goes to `registry.logger.warn`.
 *
 * @throws {AcpBridgeError} `INVALID_OPTIONS` for options that cannot be used
 * @example
 * registry.use(streamToolCallsToAcp({ connection: client, sessionId, cwd, terminalOutput }))
 */
export function streamToolCallsToAcp(options: StreamToolCallsToAcpOptions): ToolRegistryPlugin {
  const reader = new OptionsReader(options, 'streamToolCallsToAcp: options', 'INVALID_OPTIONS')
  const connection = reader.withMethod('connection', 'notify') as AcpClientConnection
  const sessionId = reader.string('sessionId')
  const paths = reader.paths('cwd')
  const terminalOutput = reader.boolean('terminalOutput') ?? false
  const scope = reader.read('scope')
  if (scope !== undefined && (typeof scope !== 'object' || scope === null)) {
    reader.fail('scope', 'must be an agent object', scope)
  }
  const settings: StreamSettings = { connection, sessionId, paths, terminalOutput }
  return (registry) => installStream(registry, settings, scope as Agent | undefined)
}
