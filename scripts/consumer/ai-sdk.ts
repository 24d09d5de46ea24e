// @toolpipe/ai-sdk as a consumer uses it, with its peer `ai` installed beside it: a registry's
// tools given to `generateText` on the AI SDK's own mock model, and an AI SDK tool registered
// into the registry. The AI SDK's declarations use Node's http module and DOM stream types (see
// the configurations in scripts/check-consumers.mjs); toolpipe's types need nothing more.
import { AiSdkBridgeError, registerAiSdkTools, toAiSdkTools } from '@toolpipe/ai-sdk'
import type { AiSdkToolSet } from '@toolpipe/ai-sdk'
import { createToolRegistry, defineTool } from '@toolpipe/tools'
import { generateText, jsonSchema, stepCountIs, tool } from 'ai'
import { MockLanguageModelV4 } from 'ai/test'

const log = (globalThis as unknown as { console: { log(message: string): void } }).console.log

function assert(condition: boolean, what: string): void {
  if (!condition) throw new Error(`consumer check failed: ${what}`)
}

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
}

/** A mock model whose first step calls `echo` (invalid) and `weather`, whose second answers. */
function twoCallsThenText(): MockLanguageModelV4 {
  return new MockLanguageModelV4({
    doGenerate: [
      {
        content: [
          { type: 'tool-call', toolCallId: 'c1', toolName: 'echo', input: '{}' },
          { type: 'tool-call', toolCallId: 'c2', toolName: 'weather', input: '{"city":"Oslo"}' },
        ],
        finishReason: { unified: 'tool-calls', raw: undefined },
        usage,
        warnings: [],
      },
      {
        content: [{ type: 'text', text: 'done' }],
        finishReason: { unified: 'stop', raw: undefined },
        usage,
        warnings: [],
      },
    ],
  })
}

async function main(): Promise<void> {
  const registry = createToolRegistry()
  registry.register(
    defineTool({
      name: 'echo',
      description: 'Echo a path.',
      parameters: { path: { type: 'string', required: true } },
      execute: ({ path }) => Promise.resolve([{ type: 'text', text: path }]),
    }),
  )
  const dispose = registerAiSdkTools(registry, {
    weather: tool({
      description: 'The weather in a city.',
      inputSchema: jsonSchema<{ city: string }>({
        type: 'object',
        properties: { city: { type: 'string' } },
        required: ['city'],
      }),
      execute: ({ city }) => Promise.resolve(`sunny in ${city}`),
    }),
  })
  const tools: AiSdkToolSet = toAiSdkTools(registry, { dialect: 'openai-strict' })
  assert(tools.echo?.strict === true, 'openai-strict tools are strict')

  const model = twoCallsThenText()
  const result = await generateText({ model, tools, stopWhen: stepCountIs(3), prompt: 'go' })
  // A step's results are final outputs; the output union also holds progress reports.
  const outputs = result.steps[0]?.toolResults.map((part) =>
    part.dynamic || 'preliminary' in part.output ? undefined : part.output,
  )
  assert(result.text === 'done', 'the turn completes')
  assert(outputs?.[0]?.error?.code === 'INVALID_ARGS', 'an invalid call is an error result')
  assert(outputs?.[1]?.content[0]?.type === 'text', 'a registered AI SDK tool runs')

  dispose()
  assert(registry.get('weather') === undefined, 'the disposer removes the AI SDK tools')
  let refused = ''
  try {
    toAiSdkTools(registry, { agent: 'coder' as never })
  } catch (error) {
    if (error instanceof AiSdkBridgeError) refused = error.code
  }
  assert(refused === 'INVALID_OPTIONS', 'bad options throw AiSdkBridgeError')
  log('consumer check passed')
}

void main()
