import type { ToolDescriptor } from '@toolpipe/tools'
import type {
  Tool,
  ToolAnnotations as McpToolAnnotations,
} from '@modelcontextprotocol/sdk/types.js'

/**
 * A tool's descriptor as MCP's `tools/list` describes a tool: its name, `title` (the annotations'
 * title), description, parameters as `inputSchema` (JSON Schema, as registered), `outputSchema`
 * when it has one, and its annotations as MCP hints (`readOnlyHint`, `destructiveHint`,
 * `idempotentHint`, `openWorldHint`; the title there too, for clients of protocol versions before
 * `Tool.title`).
 */
export function toMcpTool(descriptor: ToolDescriptor): Tool {
  const tool: Tool = {
    name: descriptor.name,
    description: descriptor.description,
    inputSchema: descriptor.parameters as Tool['inputSchema'],
  }
  if (descriptor.outputSchema !== undefined) {
    tool.outputSchema = descriptor.outputSchema as unknown as NonNullable<Tool['outputSchema']>
  }
  const annotations = descriptor.annotations
  if (annotations === undefined) return tool
  if (annotations.title !== undefined) tool.title = annotations.title
  const hints: McpToolAnnotations = {}
  if (annotations.title !== undefined) hints.title = annotations.title
  if (annotations.readOnly !== undefined) hints.readOnlyHint = annotations.readOnly
  if (annotations.destructive !== undefined) hints.destructiveHint = annotations.destructive
  if (annotations.idempotent !== undefined) hints.idempotentHint = annotations.idempotent
  if (annotations.openWorld !== undefined) hints.openWorldHint = annotations.openWorld
  if (Object.keys(hints).length > 0) tool.annotations = hints
  return tool
}
