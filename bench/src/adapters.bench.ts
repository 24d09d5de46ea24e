import { RunContext, tool } from '@openai/agents'
import type { JsonSchemaDefinition } from '@openai/agents'
import { functionCall } from '@openai/agents/testing'
import { asCallId } from '@toolpipe/core'
import { toAiSdkTools } from '@toolpipe/ai-sdk'
import type { AiSdkToolOutput } from '@toolpipe/ai-sdk'
import { toAgentsTools } from '@toolpipe/openai-agents'
import { createToolRegistry } from '@toolpipe/tools'
import type { ToolRegistry } from '@toolpipe/tools'
import { executeTool } from '@ai-sdk/provider-utils'
import { jsonSchema, tool as aiTool } from 'ai'
import type { ModelMessage } from 'ai'
import { readFileTool, smallArgs } from './fixtures.js'
import type { Comparison, Suite } from './harness.js'

/** A registry holding the shared `read_file` tool (a 4-field spec, validated in the pipeline). */
function readFileRegistry(): ToolRegistry {
  const registry = createToolRegistry()
  registry.register(readFileTool())
  return registry
}

/**
 * What a framework adapter adds to a call: `execute()` on SMALL arguments (from `JSON.parse`)
 * against the same call through the AI SDK tool of `toAiSdkTools` (the call sequencer, and the
 * model output the AI SDK asks for) and through the Agents JS tool of `toAgentsTools` (Agents JS
 * parses the raw JSON text and normalizes it by the strict schema itself, then the pipeline),
 * and what a plain Agents JS tool with the same schema costs on its own.
 */
function callComparison(): Comparison {
  const registry = readFileRegistry()
  const text = JSON.stringify(smallArgs)
  const aiSdkTool = toAiSdkTools(registry, { dialect: 'openai-strict' }).read_file
  const execute = aiSdkTool?.execute
  const toModelOutput = aiSdkTool?.toModelOutput
  if (execute === undefined || toModelOutput === undefined) throw new Error('no AI SDK tool')
  const [agentsTool] = toAgentsTools(registry)
  if (agentsTool === undefined) throw new Error('no Agents JS tool')
  // The same strict schema as a plain Agents JS tool: what Agents JS costs a call on its own.
  const plainAgentsTool = plainAgentsReadFile(agentsTool.parameters)
  const messages: ModelMessage[] = []
  const runContext = new RunContext()
  const details = { toolCall: functionCall('read_file', text, { callId: 'call_1' }) }
  return {
    title:
      'one call: SMALL args (4 fields) through a defineTool tool, directly and through each adapter',
    baseline: 'execute(), arguments from JSON.parse',
    cases: [
      {
        name: 'execute(), arguments from JSON.parse',
        run: () =>
          registry.execute({
            callId: asCallId('call_1'),
            name: 'read_file',
            arguments: JSON.parse(text) as unknown,
          }),
      },
      {
        name: 'toAiSdkTools: execute',
        run: () =>
          finalOutput(execute(JSON.parse(text), { toolCallId: 'call_1', messages, context: {} })),
      },
      {
        name: 'toAiSdkTools: execute + toModelOutput',
        run: async () => {
          const input: unknown = JSON.parse(text)
          const output = await finalOutput(
            execute(input, { toolCallId: 'call_1', messages, context: {} }),
          )
          return toModelOutput({ toolCallId: 'call_1', input, output })
        },
      },
      {
        name: 'toAgentsTools: invoke (raw JSON text)',
        run: () => agentsTool.invoke(runContext, text, details),
      },
      {
        name: 'Agents JS tool() alone, same schema, no toolpipe',
        run: () => plainAgentsTool.invoke(runContext, text, details),
      },
    ],
  }
}

/** `read_file` as a plain Agents JS tool with these strict parameters, answering `ok`. */
function plainAgentsReadFile(parameters: JsonSchemaDefinition['schema']) {
  return tool({
    name: 'read_file',
    description: 'Read a text file.',
    parameters: parameters as Extract<
      JsonSchemaDefinition['schema'],
      { additionalProperties: false }
    >,
    strict: true,
    execute: () => 'ok',
  })
}

/** A plain AI SDK tool whose `execute` awaits the registry's `execute()` of `read_file`. */
function plainAiSdkReadFile(registry: ToolRegistry) {
  return aiTool({
    description: 'Read a text file.',
    inputSchema: jsonSchema({ type: 'object' }),
    execute: (input: unknown, { toolCallId, abortSignal }) =>
      registry.execute({
        callId: asCallId(toolCallId),
        name: 'read_file',
        arguments: input,
        ...(abortSignal === undefined ? {} : { signal: abortSignal }),
      }),
  })
}

/** How many calls the concurrency comparisons start at once (issue #34). */
const concurrentCalls = 10_000

/**
 * 10,000 calls started at once, as the AI SDK starts a turn's calls (issue #34: 3 s through
 * `toAiSdkTools` against 0.15 s through the registry, a quadratic cost). The tool is the shared
 * `read_file` one, `concurrencySafe` so that the calls may overlap, SMALL arguments from
 * `JSON.parse`, one abort signal for all as a run has. The baseline is `execute()` itself; the
 * adapter's cases read each call's outputs to the end, by hand (`for await`) and through the AI
 * SDK's own `executeTool`, which `generateText` runs every tool call through; the last case is
 * that same `executeTool` over a plain AI SDK tool whose `execute` awaits `execute()`: what the AI
 * SDK costs a call of any tool.
 */
function concurrencyComparison(): Comparison {
  const registry = createToolRegistry()
  registry.register({ ...readFileTool(), concurrencySafe: true })
  const text = JSON.stringify(smallArgs)
  const adapted = toAiSdkTools(registry).read_file
  if (adapted?.execute === undefined) throw new Error('no AI SDK tool')
  const plain = plainAiSdkReadFile(registry)
  const messages: ModelMessage[] = []
  const all = (call: (index: number, signal: AbortSignal) => Promise<unknown>) => () => {
    const signal = new AbortController().signal
    return Promise.all(Array.from({ length: concurrentCalls }, (_, index) => call(index, signal)))
  }
  const options = (index: number, abortSignal: AbortSignal) => ({
    toolCallId: `call_${String(index)}`,
    messages,
    context: {},
    abortSignal,
  })
  type ExecuteToolArgs = Parameters<typeof executeTool>[0]
  const throughExecuteTool =
    (tool: ExecuteToolArgs['tool']) => (index: number, signal: AbortSignal) =>
      lastOf(
        executeTool({
          tool,
          input: JSON.parse(text) as unknown,
          options: options(index, signal) as ExecuteToolArgs['options'],
        }),
      )
  return {
    title: `${concurrentCalls.toLocaleString('en')} calls started at once: a concurrencySafe defineTool tool, SMALL args, one signal`,
    baseline: 'execute() × 10,000 at once',
    cases: [
      {
        name: 'execute() × 10,000 at once',
        run: all((index, signal) =>
          registry.execute({
            callId: asCallId(`call_${String(index)}`),
            name: 'read_file',
            arguments: JSON.parse(text) as unknown,
            signal,
          }),
        ),
      },
      {
        name: 'toAiSdkTools: execute × 10,000, each read to its end',
        run: all((index, signal) =>
          finalOutput(adapted.execute(JSON.parse(text), options(index, signal))),
        ),
      },
      {
        name: "AI SDK's executeTool over toAiSdkTools × 10,000",
        run: all(throughExecuteTool(adapted)),
      },
      {
        name: "AI SDK's executeTool over a plain tool awaiting execute() × 10,000",
        run: all(throughExecuteTool(plain)),
      },
    ],
  }
}

/** The adapters' share of a call (`pnpm bench adapters`). */
export const adaptersSuite: Suite = {
  name: 'adapters',
  comparisons: () => [callComparison(), concurrencyComparison()],
}

/** Reads an AI SDK `executeTool` stream to its end, as `generateText` does; its final output. */
async function lastOf(stream: AsyncIterable<{ type: string; output: unknown }>): Promise<unknown> {
  let last: unknown
  for await (const part of stream) last = part.output
  return last
}

/**
 * The tool's final output, as the AI SDK reads it: `toAiSdkTools` streams (each progress report,
 * then the result), so its `execute` answers an async iterable whose last value is the result.
 */
async function finalOutput(returned: unknown): Promise<AiSdkToolOutput> {
  if (typeof returned === 'object' && returned !== null && Symbol.asyncIterator in returned) {
    let last: AiSdkToolOutput | undefined
    for await (const output of returned as AsyncIterable<AiSdkToolOutput>) last = output
    if (last === undefined) throw new Error('the AI SDK tool gave no output')
    return last
  }
  return returned as AiSdkToolOutput
}
