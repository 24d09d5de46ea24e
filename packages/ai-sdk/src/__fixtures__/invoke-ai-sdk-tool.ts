import { defineTool } from '@toolpipe/tools'
import type { ToolExecution } from '@toolpipe/tools'
import type { ModelMessage } from 'ai'
import type { AiSdkTool, AiSdkToolOutput } from '../index.js'

export const coder = { id: 'coder' }

/**
 * Calls an AI SDK tool as the AI SDK does, with a call id and, optionally, an abort signal, and
 * collects every output it streams: progress reports, then the result (the last one).
 */
export async function outputsOf(
  tool: AiSdkTool | undefined,
  input: unknown,
  abortSignal?: AbortSignal,
): Promise<AiSdkToolOutput[]> {
  if (tool?.execute === undefined) throw new Error('not an executable tool')
  const messages: ModelMessage[] = []
  const returned = tool.execute(input, {
    toolCallId: 'call_1',
    messages,
    context: {},
    ...(abortSignal === undefined ? {} : { abortSignal }),
  })
  if (!(Symbol.asyncIterator in returned)) throw new Error('the tool does not stream')
  const outputs: AiSdkToolOutput[] = []
  for await (const output of returned) outputs.push(output)
  return outputs
}

/** The result of a call: the last output of the tool. */
export async function invoke(
  tool: AiSdkTool | undefined,
  input: unknown,
  abortSignal?: AbortSignal,
) {
  const outputs = await outputsOf(tool, input, abortSignal)
  const result = outputs.at(-1)
  if (result === undefined || 'preliminary' in result) throw new Error('no result')
  return result
}

/** A `probe` tool with these parameters, recording the execution of every call. */
export function probe(parameters: Parameters<typeof defineTool>[0]['parameters'] = {}) {
  const calls: ToolExecution[] = []
  const definition = defineTool({
    name: 'probe',
    description: 'Probe.',
    parameters,
    async execute(_args, exec) {
      calls.push(exec)
      return [{ type: 'text', text: 'ok' }]
    },
  })
  return { definition, calls }
}
