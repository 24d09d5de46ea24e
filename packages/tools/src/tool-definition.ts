import type { ContentBlock, JsonObject } from '@toolpipe/core'
import type { ToolCallView, ToolResult, ToolResultView } from '@toolpipe/presentation'
import type { JsonSchemaObject } from '@toolpipe/schema'
import type { ToolExecution } from './tool-execution.js'

/**
 * The JSON Schema (draft 2020-12) of a tool's arguments: what `defineTool` generates from a schema
 * spec, or any hand-written object schema (an MCP tool's `inputSchema`, say) made of JSON data.
 */
export type ToolParameters = JsonSchemaObject | (JsonObject & { type: 'object' })

/** The model-facing part of a tool: exactly what a provider receives. */
export interface ToolSchema {
  name: string
  description: string
  parameters: ToolParameters
}

/** What a tool's `execute` may return: content blocks, or content plus a presentation payload. */
export type ToolExecuteReturn = ContentBlock[] | { content: ContentBlock[]; meta?: unknown }

/**
 * A registered tool: its schema plus the code that runs it and, optionally, how a UI presents its
 * calls. Only `name`, `description` and `parameters` ever reach the model.
 */
export interface ToolDefinition extends ToolSchema {
  /** Runs the call. `args` is the frozen snapshot of the model's arguments, not yet validated. */
  execute(args: unknown, exec: ToolExecution): Promise<ToolExecuteReturn>
  /**
   * A cooperative deadline in milliseconds, enforced by `@toolpipe/timeout-policy` through
   * `exec.signal`. Never sent to the model.
   */
  timeoutMs?: number | undefined
  /** The pending card of a call. Pure: a UI calls it live and again when replaying a log. */
  presentCall?(args: unknown): ToolCallView | undefined
  /** The completed card of a call. Pure, for the same reason. */
  presentResult?(args: unknown, result: ToolResult): ToolResultView | undefined
}
