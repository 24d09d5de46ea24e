import type { ToolExecution, ToolExecuteReturn } from '@toolpipe/tools'
import { asSchema } from 'ai'
import type { Tool, ToolExecutionOptions } from 'ai'
import { toContentBlocks, toJsonValue, valueToContentBlocks } from './to-content-blocks.js'

/** The context an AI SDK tool is handed: AI SDK 7's per-tool context. */
type ToolContext = Record<string, unknown>

/**
 * Runs one AI SDK tool for a toolpipe call: its context checked by its `contextSchema` (as the
 * AI SDK does), `execute(input, { toolCallId, abortSignal, messages: [], context })`, and its
 * output turned into content the way the AI SDK would show it to the model (`toModelOutput`, or
 * the output's text or JSON). A tool that yields several outputs (an async iterable) has its last
 * one as the result, as in the AI SDK, and each earlier, preliminary one reported as the call's
 * progress (`exec.reportProgress({ content })`, SPEC §12.2). An output that is not a string is
 * also the result's `structured` value, as JSON (when it has a JSON form).
 */
export async function runAiSdkTool(
  tool: Tool & { execute: NonNullable<Tool['execute']> },
  input: unknown,
  exec: ToolExecution,
  context: ToolContext | undefined,
): Promise<ToolExecuteReturn> {
  const toolContext = await checkedContext(tool, context)
  const options: ToolExecutionOptions<ToolContext | undefined> = {
    toolCallId: exec.callId,
    messages: [],
    context: toolContext,
    ...(exec.signal === undefined ? {} : { abortSignal: exec.signal }),
  }
  const returned: unknown = tool.execute(input, options)
  let output: unknown
  if (isAsyncIterable(returned)) {
    let previous: { value: unknown } | undefined
    for await (const value of returned) {
      if (previous !== undefined)
        exec.reportProgress({ content: valueToContentBlocks(previous.value) })
      previous = { value }
    }
    output = previous?.value
  } else {
    output = await returned
  }
  const content =
    tool.toModelOutput === undefined
      ? valueToContentBlocks(output)
      : toContentBlocks(await tool.toModelOutput({ toolCallId: exec.callId, input, output }))
  if (typeof output === 'string') return content
  const structured = jsonOrNothing(output)
  return structured === undefined ? content : { content, structured: structured.value }
}

/** The output as JSON, or nothing when it has none (a cycle, a bigint) and `toModelOutput` spoke. */
function jsonOrNothing(output: unknown): { value: unknown } | undefined {
  try {
    return { value: toJsonValue(output) }
  } catch {
    return undefined
  }
}

/** The context, checked by the tool's `contextSchema` when it has one. */
async function checkedContext(
  tool: Tool,
  context: ToolContext | undefined,
): Promise<ToolContext | undefined> {
  if (tool.contextSchema === undefined) return context
  const validate = asSchema(tool.contextSchema).validate
  if (validate === undefined) return context
  const result = await validate(context)
  if (!result.success) throw result.error
  return result.value as ToolContext
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator] === 'function'
  )
}
