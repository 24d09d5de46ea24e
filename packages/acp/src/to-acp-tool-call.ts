import type { ToolCall } from '@agentclientprotocol/sdk'
import type { ToolCallView } from '@toolpipe/presentation'
import { callFields } from './internal/call-fields.js'
import { checkedCallView } from './internal/checked-views.js'
import { OptionsReader } from './internal/read-options.js'

/** The `tool_call` session update: ACP's `ToolCall` tagged for a `session/update` notification. */
export type AcpToolCall = ToolCall & { sessionUpdate: 'tool_call' }

/** Where and how a pending card is shown. */
export interface AcpToolCallContext {
  /** ACP's tool call id; the pipeline's call id. Also the terminal id of a terminal card. */
  readonly toolCallId: string
  /** The session's working directory: an absolute path (POSIX, or a fully qualified Windows path). */
  readonly cwd: string
  /** Whether the client advertised terminal output (`clientCapabilities._meta.terminal_output`). */
  readonly terminalOutput?: boolean | undefined
  /** The tool's name: sent as ACP's `name`, and the title of a card that has none. */
  readonly toolName?: string | undefined
}

/**
 * The ACP `tool_call` session update that shows a pending card, status `pending`:
 *
 * - a generic card keeps its kind (default `other`), content, locations and `rawInput`;
 * - a diff card becomes kind `edit` with one `diff` item per file;
 * - a terminal card becomes kind `execute`; with `terminalOutput`, it carries
 *   `_meta.terminal_info` `{ terminal_id: toolCallId, cwd }` and a `terminal` item, so that the
 *   client shows the output the result will stream.
 *
 * Paths are made absolute against `cwd`, as ACP requires; a generic or diff card whose title is
 * an absolute path inside `cwd` gets it relative. A view that is not a valid card (plugin code)
 * becomes a generic card titled with `toolName`, so the output is always valid ACP. The returned
 * object is fresh: it shares nothing with `view`.
 *
 * @throws {AcpBridgeError} `INVALID_CONTEXT` when `context` has no string `toolCallId` or no
 *   absolute `cwd`
 * @example
 * const update = toAcpToolCall(
 *   { card: 'diff', title: '/srv/app/src/a.ts', diffs: [{ path: 'src/a.ts', oldText: 'a', newText: 'b' }] },
 *   { toolCallId: 'call_1', cwd: '/srv/app' },
 * )
 * await connection.notify('session/update', { sessionId, update })
 * // update: { sessionUpdate: 'tool_call', toolCallId: 'call_1', title: 'src/a.ts', kind: 'edit',
 * //   status: 'pending', content: [{ type: 'diff', path: '/srv/app/src/a.ts', oldText: 'a', newText: 'b' }] }
 */
export function toAcpToolCall(view: ToolCallView, context: AcpToolCallContext): AcpToolCall {
  const reader = new OptionsReader(context, 'toAcpToolCall: context', 'INVALID_CONTEXT')
  const toolCallId = reader.string('toolCallId')
  const paths = reader.paths('cwd')
  const terminalOutput = reader.boolean('terminalOutput') ?? false
  const toolName = reader.optionalString('toolName')
  const fields = callFields(checkedCallView(view), { toolCallId, paths, terminalOutput, toolName })
  return { sessionUpdate: 'tool_call', ...fields }
}
