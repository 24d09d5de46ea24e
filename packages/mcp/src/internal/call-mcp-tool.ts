import type { ContentBlock, JsonValue } from '@toolpipe/core'
import { describeThrown, isPlainObject } from '@toolpipe/core/internal'
import type { AbortFanOut } from '@toolpipe/core/internal'
import type { ToolExecuteReturn, ToolExecution } from '@toolpipe/tools'
import { CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js'
import type { Progress } from '@modelcontextprotocol/sdk/types.js'
import type { McpClient } from '../mcp-client.js'
import { McpProtocolError } from '../mcp-protocol-error.js'
import { McpToolError } from '../mcp-tool-error.js'
import { fromMcpContent } from './from-mcp-content.js'
import { maxTimeoutMs } from './read-mount-options.js'
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js'

/** How a mounted tool reaches its server. */
export interface MountedToolContext {
  readonly client: McpClient
  /** The SDK's per-request timeout, restarted by each progress notification. */
  readonly requestTimeoutMs: number | undefined
  /**
   * The tool's own `timeoutMs`, which the timeout policy enforces: where it is set and
   * `requestTimeoutMs` is not, the SDK's default of 60 s does not cut the call short.
   */
  readonly toolTimeoutMs?: number | undefined
  /** The mount's one listener per caller signal, however many calls share the signal. */
  readonly aborts: AbortFanOut
  /** The JSON Schema validator to compile an output schema outside the subset with. */
  readonly validators: () => jsonSchemaValidator
}

/**
 * The body of a mounted tool: `client.callTool` with the original name, the execution's signal
 * relayed (an abort while the call runs sends `notifications/cancelled`), and the server's
 * progress notifications forwarded to `exec.reportProgress`. The answer becomes content (and
 * `structured`, from `structuredContent`, checked by `checkStructured` first); `isError: true`
 * becomes {@link McpToolError} with the server's text; a failure of the request,
 * {@link McpProtocolError}.
 *
 * The SDK adds an abort listener to the signal it is given and never removes it: handed the
 * caller's signal, a harness that reuses one signal for a turn or a session would, when it finally
 * aborts, send `notifications/cancelled` for every request the server already answered, and keep
 * the client reachable from that signal. So the SDK gets a signal of the call's own, which the
 * caller's abort reaches only while the call runs.
 */
export async function callMcpTool(
  original: string,
  args: unknown,
  exec: ToolExecution,
  context: MountedToolContext,
  checkStructured: (structured: unknown) => void,
): Promise<ToolExecuteReturn> {
  const relay = relaySignal(exec.signal, context.aborts)
  let result: CallToolAnswer
  try {
    result = await context.client.callTool(
      { name: original, arguments: args as Record<string, unknown> },
      lenientCallToolResult,
      {
        signal: relay.signal,
        ...requestTimeout(context),
        resetTimeoutOnProgress: true,
        onprogress: (progress) => {
          forwardProgress(exec, progress)
        },
      },
    )
  } catch (error) {
    throw requestFailure(original, error, relay.signal.aborted)
  } finally {
    relay.stop()
  }
  return toolReturn(original, result, checkStructured)
}

type CallToolAnswer = Awaited<ReturnType<McpClient['callTool']>>

/**
 * The SDK's request timeout for one call: the mount's `requestTimeoutMs`; else, for a tool with a
 * `timeoutMs` of its own, none the SDK would enforce first (the timeout policy ends the call at
 * its deadline, through the call's signal: SPEC §22); else the SDK's default (60 s).
 */
function requestTimeout(context: MountedToolContext): { timeout?: number } {
  if (context.requestTimeoutMs !== undefined) return { timeout: context.requestTimeoutMs }
  return context.toolTimeoutMs === undefined ? {} : { timeout: maxTimeoutMs }
}

/**
 * The SDK's `CallToolResultSchema`, but for the blocks of `content`, which are kept as the server
 * sent them: one malformed block then fails the call as the pipeline fails any tool's (SPEC §22,
 * `INVALID_CONTENT` naming its index, see `fromMcpContent`), not as a protocol error listing the
 * whole schema. Everything else is the SDK's own check. The SDK takes a schema by its `safeParse`
 * (as it takes zod 3's).
 */
const lenientCallToolResult = {
  safeParse(data: unknown): { success: boolean; data?: unknown; error?: unknown } {
    const strict = CallToolResultSchema.safeParse(data)
    if (strict.success || !isPlainObject(data) || !Array.isArray(data.content)) return strict
    const content: unknown[] = data.content
    const rest = CallToolResultSchema.safeParse({ ...data, content: [] })
    return rest.success ? { success: true, data: { ...rest.data, content } } : strict
  },
} as unknown as typeof CallToolResultSchema

/**
 * A signal of the call's own, which the caller's `signal` aborts while the call runs (until
 * `stop()`), through the mount's one listener per caller signal.
 */
function relaySignal(
  signal: AbortSignal | undefined,
  aborts: AbortFanOut,
): { readonly signal: AbortSignal; readonly stop: () => void } {
  const relay = new AbortController()
  let stop: () => void = noop
  if (signal !== undefined) {
    const forward = (): void => {
      relay.abort(signal.reason)
    }
    if (signal.aborted) forward()
    else stop = aborts.subscribe(signal, forward)
  }
  return { signal: relay.signal, stop }
}

/** Why the request failed: the call was cancelled, or the server or the connection failed. */
function requestFailure(original: string, error: unknown, cancelled: boolean): McpProtocolError {
  return cancelled
    ? new McpProtocolError(
        `the call of MCP tool "${original}" was cancelled before the server answered`,
        'MCP_CALL_CANCELLED',
        { cause: error },
      )
    : new McpProtocolError(
        `the call of MCP tool "${original}" failed: ${describeThrown(error)}`,
        'MCP_PROTOCOL_ERROR',
        { cause: error },
      )
}

/**
 * The server's answer as what the tool returns: its content and structured value, or
 * {@link McpToolError} for `isError: true`.
 */
function toolReturn(
  original: string,
  result: CallToolAnswer,
  checkStructured: (structured: unknown) => void,
): ToolExecuteReturn {
  if (!Array.isArray(result.content)) {
    throw new McpProtocolError(
      `MCP tool "${original}" answered without content, in the protocol's old form`,
      'MCP_PROTOCOL_ERROR',
    )
  }
  // Every block as the server sent it (see lenientCallToolResult).
  const content: readonly unknown[] = result.content
  if (result.isError === true) {
    const text = content.flatMap((block) => (isTextBlock(block) ? [block.text] : [])).join('\n')
    // The pipeline writes `Error: ` before the message; a server that wrote it too is not doubled.
    const message = text.replace(/^Error:\s*/u, '')
    throw new McpToolError(
      message === '' ? `MCP tool "${original}" failed without saying why` : message,
    )
  }
  const blocks: ContentBlock[] = fromMcpContent(content)
  checkStructured(result.structuredContent)
  const structured = result.structuredContent as JsonValue | undefined
  if (structured === undefined) return blocks
  // Without content of its own, the model reads the structured value as JSON text.
  return blocks.length === 0 ? { structured } : { content: blocks, structured }
}

function isTextBlock(block: unknown): block is { type: 'text'; text: string } {
  return isPlainObject(block) && block.type === 'text' && typeof block.text === 'string'
}

function noop(): void {
  // No caller signal: nothing to stop relaying.
}

/** A progress notification as a progress report; one the pipeline refuses is dropped. */
function forwardProgress(exec: ToolExecution, progress: Progress): void {
  try {
    exec.reportProgress({
      progress: progress.progress,
      ...(progress.total === undefined ? {} : { total: progress.total }),
      ...(progress.message === undefined ? {} : { message: progress.message }),
    })
  } catch {
    // A report the pipeline refuses (INVALID_PROGRESS) must not fail the call it is about.
  }
}
