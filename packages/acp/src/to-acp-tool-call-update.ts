import type { ToolCallUpdate } from '@agentclientprotocol/sdk'
import type { ContentBlock } from '@toolpipe/core'
import type { TerminalResultView, ToolCallView, ToolResultView } from '@toolpipe/presentation'
import { diffItem } from './internal/call-fields.js'
import { checkedCallView, checkedContent, checkedResultView } from './internal/checked-views.js'
import { consoleText } from './internal/console-text.js'
import { OptionsReader } from './internal/read-options.js'
import type { SessionPaths } from './internal/session-paths.js'
import { textItem, toAcpContent } from './internal/to-acp-content.js'

/** The `tool_call_update` session update: ACP's `ToolCallUpdate` tagged for `session/update`. */
export type AcpToolCallUpdate = ToolCallUpdate & { sessionUpdate: 'tool_call_update' }

/** Where and how a completed card is shown. */
export interface AcpToolCallUpdateContext {
  /** The id the pending card was sent with. */
  readonly toolCallId: string
  /** The session's working directory: an absolute path (POSIX, or a fully qualified Windows path). */
  readonly cwd: string
  /** The result's `isError`: status `failed` when true, `completed` otherwise. */
  readonly isError: boolean
  /** Whether the client advertised terminal output (`clientCapabilities._meta.terminal_output`). */
  readonly terminalOutput?: boolean | undefined
  /**
   * The call's pending card. A terminal result whose pending card was not a terminal card
   * degrades to a generic card: no terminal was announced to attach the output to.
   */
  readonly pending?: ToolCallView | undefined
  /**
   * The call's raw result content (`ToolExecutionResult.content`): what a generic card without
   * content shows, and what a view that cannot be shown as it is degrades to.
   */
  readonly resultContent?: readonly ContentBlock[] | undefined
}

/**
 * The ACP `tool_call_update` session update that completes a call: status `completed`, or
 * `failed` when `isError`, and what the completed card shows. ACP replaces a call's content
 * with an update's, and keeps it when the update has none.
 *
 * - generic card: its title, and its content — or, without content, `resultContent`;
 * - diff card: one `diff` item per file (kind stays as the pending card set it);
 * - terminal card with `terminalOutput`: no content, but `_meta.terminal_output`
 *   `{ terminal_id, data: output }` and `_meta.terminal_exit` `{ terminal_id, exit_code, signal }`
 *   (`null` where absent); without it, a fenced `console` block of the output, trailing newlines
 *   trimmed, followed by `Exited with code N.` (non-zero codes) or `Killed by signal S.`;
 * - terminal card after a pending card that was not a terminal: a generic card with
 *   `resultContent` (or, without it, the output as text).
 *
 * Titles follow {@link toAcpToolCall}'s rules; an absent or empty title keeps the pending one.
 * A view that is not a valid card degrades to a generic card without content of its own, so the
 * output is always valid ACP. The returned object is fresh.
 *
 * @throws {AcpBridgeError} `INVALID_CONTEXT` when `context` has no string `toolCallId`, no
 *   absolute `cwd` or no boolean `isError`
 * @example
 * const update = toAcpToolCallUpdate(
 *   { card: 'terminal', output: '12 passed\n', exitCode: 0 },
 *   { toolCallId: 'call_2', cwd: '/srv/app', isError: false },
 * )
 * // { sessionUpdate: 'tool_call_update', toolCallId: 'call_2', status: 'completed',
 * //   content: [{ type: 'content', content: { type: 'text', text: '```console\n12 passed\n```' } }] }
 */
export function toAcpToolCallUpdate(
  view: ToolResultView,
  context: AcpToolCallUpdateContext,
): AcpToolCallUpdate {
  const reader = new OptionsReader(context, 'toAcpToolCallUpdate: context', 'INVALID_CONTEXT')
  const toolCallId = reader.string('toolCallId')
  const paths = reader.paths('cwd')
  const isError = reader.read('isError')
  if (typeof isError !== 'boolean') reader.fail('isError', 'must be a boolean', isError)
  const terminalOutput = reader.boolean('terminalOutput') ?? false
  const pendingValue = reader.read('pending')
  const pending = pendingValue === undefined ? undefined : checkedCallView(pendingValue)
  const resultContent = checkedContent(reader.read('resultContent'))

  const update: AcpToolCallUpdate = {
    sessionUpdate: 'tool_call_update',
    toolCallId,
    status: isError ? 'failed' : 'completed',
  }
  const checked = checkedResultView(view)
  switch (checked.card) {
    case 'generic':
      showGeneric(update, paths, checked.title, checked.content ?? resultContent)
      break
    case 'diff':
      setTitle(update, checked.title === undefined ? undefined : paths.relativeTitle(checked.title))
      update.content = checked.diffs.map((diff) => diffItem(diff, paths))
      break
    case 'terminal':
      showTerminal(update, checked, { paths, terminalOutput, pending, resultContent })
      break
  }
  return update
}

function setTitle(update: AcpToolCallUpdate, title: string | undefined): void {
  if (title !== undefined && title !== '') update.title = title
}

/** A generic card: its title relative to the session, and its content when it has some. */
function showGeneric(
  update: AcpToolCallUpdate,
  paths: SessionPaths,
  title: string | undefined,
  content: readonly ContentBlock[] | undefined,
): void {
  setTitle(update, title === undefined ? undefined : paths.relativeTitle(title))
  if (content !== undefined) update.content = toAcpContent(content)
}

/** What the update of a terminal card needs besides the card. */
interface TerminalShowing {
  readonly paths: SessionPaths
  readonly terminalOutput: boolean
  readonly pending: ToolCallView | undefined
  readonly resultContent: readonly ContentBlock[] | undefined
}

/**
 * A terminal card: a generic card when the pending card was not a terminal (no terminal was
 * announced), else the output as terminal data for a client that shows it, or as a fenced
 * `console` block.
 */
function showTerminal(
  update: AcpToolCallUpdate,
  terminal: TerminalResultView,
  { paths, terminalOutput, pending, resultContent }: TerminalShowing,
): void {
  if (pending !== undefined && pending.card !== 'terminal') {
    const output = terminal.output
    showGeneric(
      update,
      paths,
      terminal.title,
      resultContent ??
        (output === undefined || output === '' ? undefined : [{ type: 'text', text: output }]),
    )
  } else if (terminalOutput) {
    setTitle(update, terminal.title)
    update._meta = {
      terminal_output: { terminal_id: update.toolCallId, data: terminal.output ?? '' },
      terminal_exit: {
        terminal_id: update.toolCallId,
        exit_code: terminal.exitCode ?? null,
        signal: terminal.signal ?? null,
      },
    }
  } else {
    setTitle(update, terminal.title)
    const text = consoleText(terminal)
    if (text !== undefined) update.content = [textItem(text)]
  }
}
