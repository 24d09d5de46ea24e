import { snapshotJson } from '@toolpipe/core'
import type { JsonValue } from '@toolpipe/core'
import type { ToolAnnotations, ToolDefinition } from '@toolpipe/tools'
import type { Tool } from '@modelcontextprotocol/sdk/types.js'
import type { JsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js'
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
  /** The server's output schema (a detached JSON copy), when the tool has one. */
  readonly outputSchema: JsonObject | undefined
}

/** What a mount decides for each of its tools, beside what the server says. */
export interface MountedToolSettings {
  /** The tool's `timeoutMs` (for the timeout policy), when the mount gives it one. */
  readonly timeoutMs: number | undefined
  /** The name permission rules and hooks know the tool by: `mcp__<server>__<tool>` (SPEC §18.1). */
  readonly ruleName: string
  /** Whether the tool loads on demand, through a tool search (SPEC §24). */
  readonly deferLoading: boolean
  /** What a tool search may find the server's tools by: its name, title and description. */
  readonly searchText: string | undefined
}

type JsonObject = Record<string, JsonValue>

/**
 * The definition that stands for one MCP tool in a registry (SPEC §13): its name mapped (`name`),
 * the server's description; its input schema as parameters (validated locally where it lies inside
 * the subset); its output schema where it lies inside the subset (the pipeline then checks every
 * `structuredContent`); its annotations, with `concurrencySafe` from `readOnlyHint`; a pending
 * card titled as the server titles the tool; the mount's `timeoutMs` and rule name; and a body that
 * calls the original name.
 *
 * @throws {McpProtocolError} when the tool's description is not JSON data a registry can hold
 * (nested past 512 levels, say: a hostile server); the caller leaves the tool out
 */
export function mountedTool(
  tool: Tool,
  name: string,
  context: MountedToolContext,
  settings: MountedToolSettings,
): MountedTool {
  const original = tool.name
  const described = describedTool(tool)
  const { description, title, inputSchema } = described
  const annotations = annotationsOf(tool)
  const outputSchema =
    described.outputSchema === undefined ? undefined : subsetSchema(described.outputSchema)
  // Inside the subset the pipeline checks `structured` (OUTPUT_INVALID); outside it, the JSON
  // Schema validator the SDK's client would use does, as the client did for the tools it listed.
  const checkStructured =
    described.outputSchema === undefined || outputSchema !== undefined
      ? ignoreStructured
      : structuredCheck(original, described.outputSchema, context)
  const { timeoutMs, ruleName } = settings
  const definition: ToolDefinition = {
    name,
    description,
    parameters: inputSchema,
    checkArgs: argumentCheck(inputSchema),
    ...(outputSchema === undefined ? {} : { outputSchema }),
    ...(annotations === undefined ? {} : { annotations }),
    concurrencySafe: tool.annotations?.readOnlyHint === true,
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
    permissions: { ruleName },
    ...searchFields(settings),
    presentCall: (args) => ({ card: 'generic', title, kind: 'other', rawInput: args }),
    execute: (args, exec) =>
      callMcpTool(original, args, exec, { ...context, toolTimeoutMs: timeoutMs }, checkStructured),
  }
  return {
    definition,
    fingerprint: JSON.stringify({ name, original, ruleName, ...searchFields(settings), described }),
    outputSchema: described.outputSchema,
  }
}

/** What a listed tool says of itself, as a JSON copy a registry can hold. */
interface DescribedTool {
  description: string
  title: string
  inputSchema: JsonObject & { type: 'object' }
  outputSchema?: JsonObject
  annotations?: JsonObject
}

/** @throws {McpProtocolError} when the tool's description is not JSON data a registry can hold */
function describedTool(tool: Tool): DescribedTool {
  try {
    return snapshotJson({
      description: tool.description ?? '',
      title: tool.title ?? tool.annotations?.title ?? tool.name,
      inputSchema: tool.inputSchema,
      ...(tool.outputSchema === undefined ? {} : { outputSchema: tool.outputSchema }),
      ...(tool.annotations === undefined ? {} : { annotations: tool.annotations }),
    }) as unknown as DescribedTool
  } catch (error) {
    throw new McpProtocolError(
      `the description of MCP tool "${tool.name}" is not JSON data a registry can hold`,
      'MCP_PROTOCOL_ERROR',
      { cause: error },
    )
  }
}

/** The definition's `deferLoading` and `searchText`, where the mount gives them (SPEC §24). */
function searchFields({
  deferLoading,
  searchText,
}: MountedToolSettings): Pick<ToolDefinition, 'deferLoading' | 'searchText'> {
  return {
    ...(deferLoading ? { deferLoading } : {}),
    ...(searchText === undefined ? {} : { searchText }),
  }
}

function ignoreStructured(): void {
  // The pipeline checks it against the definition's outputSchema, or there is no schema.
}

/**
 * The check of an answer's `structuredContent` against an output schema outside the subset: it
 * must be there (MCP: a tool with an output schema MUST answer structured content) and match.
 * The validator is compiled at the first answer, one per tool: a listing only checks that it
 * compiles, and keeps nothing compiled.
 */
function structuredCheck(
  original: string,
  schema: JsonObject,
  context: MountedToolContext,
): (structured: unknown) => void {
  let validate: JsonSchemaValidator<unknown> | undefined
  return (structured) => {
    if (structured === undefined) {
      throw new McpProtocolError(
        `MCP tool "${original}" has an output schema but answered without structured content`,
        'MCP_PROTOCOL_ERROR',
      )
    }
    validate ??= context.validators().getValidator(schema)
    const verdict = validate(structured)
    if (!verdict.valid) {
      throw new McpProtocolError(
        `the structured content of MCP tool "${original}" does not match its output schema: ${verdict.errorMessage}`,
        'MCP_PROTOCOL_ERROR',
      )
    }
  }
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
