import type { ToolExecution, ToolExecuteReturn } from '@toolpipe/tools'
import { asSchema } from 'ai'
import type { Tool, ToolExecutionOptions } from 'ai'
import { toContentBlocks, valueToContentBlocks } from './to-content-blocks.js'

/** The context an AI SDK tool is handed: AI SDK 7's per-tool context. */
type ToolContext = Record<string, unknown>

/**
 * Runs one AI SDK tool for a toolpipe call: its context checked by its `contextSchema` (as the
 * AI SDK does), `execute(input, { toolCallId, abortSignal, messages: [], context })`, and its
 * output turned into content the way the AI SDK would show it to the model (`toModelOutput`, or
 * the output's text or JSON). A tool that yields several outputs (an async iterable) has only its
 * last one as the result, as in the AI SDK; its earlier, preliminary ones are dropped.
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
    for await (const value of returned) output = value
  } else {
    output = await returned
  }
  const content =
    tool.toModelOutput === undefined
      ? valueToContentBlocks(output)
      : toContentBlocks(await tool.toModelOutput({ toolCallId: exec.callId, input, output }))
  return content
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
