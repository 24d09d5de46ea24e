import { simulateReadableStream } from 'ai'
import { MockLanguageModelV4 } from 'ai/test'

type GenerateResult = Awaited<ReturnType<MockLanguageModelV4['doGenerate']>>
type CallOptions = Parameters<MockLanguageModelV4['doGenerate']>[0]
type StreamPart =
  Awaited<ReturnType<MockLanguageModelV4['doStream']>>['stream'] extends ReadableStream<infer TPart>
    ? TPart
    : never

/** The prompt the AI SDK sent the model for one step: the conversation so far. */
export type ModelPrompt = CallOptions['prompt']

/** What the scripted model says in one step: text, tool calls, or both. */
export interface ScriptedStep {
  readonly text?: string
  readonly toolCalls?: readonly {
    readonly id: string
    readonly name: string
    readonly input: unknown
  }[]
}

const usage: GenerateResult['usage'] = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 5, text: 5, reasoning: undefined },
}

/**
 * The AI SDK's own mock model (`MockLanguageModelV4` from `ai/test`), answering each step from a
 * script that sees the prompt the AI SDK built, tool results of the previous steps included.
 * `doGenerate` serves `generateText`; `doStream` serves `streamText` with the same script.
 */
export function scriptedModel(
  script: readonly ((prompt: ModelPrompt) => ScriptedStep)[],
): MockLanguageModelV4 {
  let step = 0
  const next = (prompt: ModelPrompt): ScriptedStep => {
    const answer = script[step]
    if (answer === undefined) throw new Error(`the script has no step ${step}`)
    step++
    return answer(prompt)
  }
  return new MockLanguageModelV4({
    doGenerate: async ({ prompt }) => {
      const { text, toolCalls = [] } = next(prompt)
      return {
        content: [
          ...(text === undefined ? [] : [{ type: 'text' as const, text }]),
          ...toolCalls.map((call) => ({
            type: 'tool-call' as const,
            toolCallId: call.id,
            toolName: call.name,
            input: JSON.stringify(call.input),
          })),
        ],
        finishReason: { unified: toolCalls.length > 0 ? 'tool-calls' : 'stop', raw: undefined },
        usage,
        warnings: [],
      }
    },
    doStream: async ({ prompt }) => {
      const { text, toolCalls = [] } = next(prompt)
      const chunks: StreamPart[] = [{ type: 'stream-start', warnings: [] }]
      if (text !== undefined) {
        chunks.push(
          { type: 'text-start', id: 't' },
          { type: 'text-delta', id: 't', delta: text },
          { type: 'text-end', id: 't' },
        )
      }
      for (const call of toolCalls) {
        chunks.push({
          type: 'tool-call',
          toolCallId: call.id,
          toolName: call.name,
          input: JSON.stringify(call.input),
        })
      }
      chunks.push({
        type: 'finish',
        usage,
        finishReason: { unified: toolCalls.length > 0 ? 'tool-calls' : 'stop', raw: undefined },
      })
      return {
        stream: simulateReadableStream({ chunks, initialDelayInMs: null, chunkDelayInMs: null }),
      }
    },
  })
}

/** The tool results of the prompt's last tool message, by call id, as the model reads them. */
export function lastToolResults(prompt: ModelPrompt): Record<string, unknown> {
  const message = prompt.findLast((each) => each.role === 'tool')
  if (message === undefined) throw new Error('the prompt has no tool message')
  return Object.fromEntries(
    message.content.flatMap((part) =>
      part.type === 'tool-result' ? [[part.toolCallId, part.output]] : [],
    ),
  )
}
