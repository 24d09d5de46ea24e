import { snapshotJson } from '@toolpipe/core'
import type { JsonValue } from '@toolpipe/core'
import type { ToolAnnotations, ToolDefinition } from '@toolpipe/tools'
import type { Tool } from '@modelcontextprotocol/sdk/types.js'
import { McpProtocolError } from '../mcp-protocol-error.js'
import { argumentCheck } from './argument-check.js'
import { callMcpTool } from './call-mcp-tool.js'
import type { MountedToolContext } from './call-mcp-tool.js'
import { subsetSchema } from './subset-schema.js'

/** A server tool, read into what a registration needs. */
export interface MountedTool {
  /** The registered definition, under its provider-safe name. */
  readonly definition: ToolDefinition
  /** What identifies this version of the tool: a change of it means re-registering. */
  readonly fingerprint: string
}

type JsonObject = Record<string, JsonValue>

/**
 * The definition that stands for one MCP tool in a registry (SPEC §13): its name mapped (`name`),
 * the server's description; its input schema as parameters (validated locally where it lies inside
 * the subset); its output schema where it lies inside the subset (the pipeline then checks every
 * `structuredContent`); its annotations, with `concurrencySafe` from `readOnlyHint`; a pending
 * card titled as the server titles the tool; and a body that calls the original name.
 *
 * @throws {McpProtocolError} when the tool's description is not JSON data a registry can hold
 * (nested past 512 levels, say: a hostile server); the caller leaves the tool out
 */
export function mountedTool(tool: Tool, name: string, context: MountedToolContext): MountedTool {
  const original = tool.name
  let described: {
    description: string
    title: string
    inputSchema: JsonObject & { type: 'object' }
    outputSchema?: JsonObject
    annotations?: JsonObject
  }
  try {
    described = snapshotJson({
      description: tool.description ?? '',
      title: tool.title ?? tool.annotations?.title ?? original,
      inputSchema: tool.inputSchema,
      ...(tool.outputSchema === undefined ? {} : { outputSchema: tool.outputSchema }),
      ...(tool.annotations === undefined ? {} : { annotations: tool.annotations }),
    }) as typeof described
  } catch (error) {
    throw new McpProtocolError(
      `the description of MCP tool "${original}" is not JSON data a registry can hold`,
      'MCP_PROTOCOL_ERROR',
      { cause: error },
    )
  }
  const { description, title, inputSchema } = described
  const annotations = annotationsOf(tool)
  const outputSchema =
    described.outputSchema === undefined ? undefined : subsetSchema(described.outputSchema)
  const definition: ToolDefinition = {
    name,
    description,
    parameters: inputSchema,
    checkArgs: argumentCheck(inputSchema),
    ...(outputSchema === undefined ? {} : { outputSchema }),
    ...(annotations === undefined ? {} : { annotations }),
    concurrencySafe: tool.annotations?.readOnlyHint === true,
    presentCall: (args) => ({ card: 'generic', title, kind: 'other', rawInput: args }),
    execute: (args, exec) => callMcpTool(original, args, exec, context),
  }
  return { definition, fingerprint: JSON.stringify({ name, original, described }) }
}

/** MCP's hints as toolpipe's annotations: only those the server gave, and the title. */
function annotationsOf(tool: Tool): ToolAnnotations | undefined {
  const hints = tool.annotations
  const title = tool.title ?? hints?.title
  const annotations: { -readonly [TKey in keyof ToolAnnotations]: ToolAnnotations[TKey] } = {}
  if (title !== undefined) annotations.title = title
  if (hints?.readOnlyHint !== undefined) annotations.readOnly = hints.readOnlyHint
  if (hints?.destructiveHint !== undefined) annotations.destructive = hints.destructiveHint
  if (hints?.idempotentHint !== undefined) annotations.idempotent = hints.idempotentHint
  if (hints?.openWorldHint !== undefined) annotations.openWorld = hints.openWorldHint
  return Object.keys(annotations).length === 0 ? undefined : annotations
}
