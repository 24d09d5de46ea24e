import { snapshotJson } from '@toolpipe/core'
import type { ContentBlock, JsonValue } from '@toolpipe/core'
import { describeThrown } from '@toolpipe/core/internal'
import type { ToolDefinition, ToolExecution } from '@toolpipe/tools'
import type { ContentBlock as McpContentBlock, Tool } from '@modelcontextprotocol/sdk/types.js'
import type { McpClient } from '../mcp-client.js'
import { McpProtocolError } from '../mcp-protocol-error.js'
import { McpToolError } from '../mcp-tool-error.js'
import { argumentCheck } from './argument-check.js'
import { fromMcpContent } from './from-mcp-content.js'

/** How a mounted tool reaches its server. */
export interface MountedToolContext {
  readonly client: McpClient
  /** The SDK's per-request timeout, restarted by each progress notification. */
  readonly requestTimeoutMs: number | undefined
}

/** A server tool, read into what a registration needs. */
export interface MountedTool {
  /** The registered definition, under its provider-safe name. */
  readonly definition: ToolDefinition
  /** What identifies this version of the tool: a change of it means re-registering. */
  readonly fingerprint: string
}

/**
 * The definition that stands for one MCP tool in a registry: its name mapped (`name`), the server's
 * description and input schema (validated locally where it lies inside the subset), and a body
 * that calls the original name through `client.callTool` with the call's signal.
 *
 * @throws {McpProtocolError} when the tool's input schema is not JSON data (nested past 512
 * levels, say: a hostile server); the caller leaves the tool out
 */
export function mountedTool(tool: Tool, name: string, context: MountedToolContext): MountedTool {
  const original = tool.name
  let parameters: Record<string, JsonValue> & { type: 'object' }
  try {
    parameters = snapshotJson(tool.inputSchema) as typeof parameters
  } catch (error) {
    throw new McpProtocolError(
      `the input schema of MCP tool "${original}" is not JSON data a registry can hold`,
      'MCP_PROTOCOL_ERROR',
      { cause: error },
    )
  }
  const description = tool.description ?? ''
  const title = tool.title ?? tool.annotations?.title ?? original
  const { check } = argumentCheck(parameters)
  const definition: ToolDefinition = {
    name,
    description,
    parameters,
    checkArgs: check,
    presentCall: (args) => ({ card: 'generic', title, kind: 'other', rawInput: args }),
    execute: (args, exec) => callMcpTool(original, args, exec, context),
  }
  const fingerprint = JSON.stringify(
    snapshotJson({
      name,
      original,
      title,
      description,
      parameters,
      outputSchema: tool.outputSchema ?? null,
      annotations: tool.annotations ?? null,
    }),
  )
  return { definition, fingerprint }
}

async function callMcpTool(
  original: string,
  args: unknown,
  exec: ToolExecution,
  context: MountedToolContext,
): Promise<ContentBlock[]> {
  const signal = exec.signal
  let result: Awaited<ReturnType<McpClient['callTool']>>
  try {
    result = await context.client.callTool(
      { name: original, arguments: args as Record<string, unknown> },
      undefined,
      {
        ...(signal === undefined ? {} : { signal }),
        ...(context.requestTimeoutMs === undefined ? {} : { timeout: context.requestTimeoutMs }),
        resetTimeoutOnProgress: true,
      },
    )
  } catch (error) {
    if (signal?.aborted === true) {
      throw new McpProtocolError(
        `the call of MCP tool "${original}" was cancelled before the server answered`,
        'MCP_CALL_CANCELLED',
        { cause: error },
      )
    }
    throw new McpProtocolError(
      `the call of MCP tool "${original}" failed: ${describeThrown(error)}`,
      'MCP_PROTOCOL_ERROR',
      { cause: error },
    )
  }
  if (!Array.isArray(result.content)) {
    throw new McpProtocolError(
      `MCP tool "${original}" answered without content, in the protocol's old form`,
      'MCP_PROTOCOL_ERROR',
    )
  }
  // The SDK parsed the result with its schema: an array of content here is an array of MCP content.
  const content = result.content as McpContentBlock[]
  if (result.isError === true) {
    const text = content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('\n')
    // The pipeline writes `Error: ` before the message; a server that wrote it too is not doubled.
    const message = text.replace(/^Error:\s*/u, '')
    throw new McpToolError(
      message === '' ? `MCP tool "${original}" failed without saying why` : message,
    )
  }
  return fromMcpContent(content)
}
