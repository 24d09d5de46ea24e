import { toAiSdkTools } from '@toolpipe/ai-sdk'
import { createToolRegistry, defineTool } from '@toolpipe/tools'
import { generateText, stepCountIs } from 'ai'
import { MockLanguageModelV4 } from 'ai/test'

// The harness's registry: two tools, a policy that asks before removing, a guard, and a person
// (here, a function) who approves.
const registry = createToolRegistry({
  approval: {
    request: ({ view }) => {
      console.log(`approve "${view.title}"? yes`)
      return Promise.resolve({ kind: 'allowed-once' })
    },
  },
})
registry.register(
  defineTool({
    name: 'read_file',
    description: 'Read a text file.',
    parameters: { path: { type: 'string', required: true } },
    execute: ({ path }) => Promise.resolve([{ type: 'text', text: `(contents of ${path})` }]),
  }),
)
registry.register(
  defineTool({
    name: 'remove_file',
    description: 'Remove a file.',
    parameters: { path: { type: 'string', required: true } },
    execute: ({ path }) => Promise.resolve([{ type: 'text', text: `removed ${path}` }]),
    presentCall: ({ path }) => ({ card: 'generic', title: `Remove ${path}` }),
  }),
)
registry.on('tools/pre-execute', (exec, next) =>
  exec.name === 'remove_file' ? { kind: 'ask' } : next(),
)
registry.guard((exec) =>
  exec.name === 'read_file' && (exec.arguments as { path: string }).path.endsWith('.env')
    ? 'secrets stay out of the conversation'
    : undefined,
)

// The AI SDK's own mock model stands in for a real one (`openai('gpt-5.1')`, say): step one
// calls three tools, one with a wrong argument name, step two corrects it, step three answers.
const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
}
const call = (toolCallId: string, toolName: string, input: object) =>
  ({ type: 'tool-call', toolCallId, toolName, input: JSON.stringify(input) }) as const
const model = new MockLanguageModelV4({
  doGenerate: [
    {
      content: [
        call('call_1', 'read_file', { file: 'notes.md' }),
        call('call_2', 'read_file', { path: '.env' }),
        call('call_3', 'remove_file', { path: 'build.log' }),
      ],
      finishReason: { unified: 'tool-calls', raw: undefined },
      usage,
      warnings: [],
    },
    {
      content: [call('call_4', 'read_file', { path: 'notes.md' })],
      finishReason: { unified: 'tool-calls', raw: undefined },
      usage,
      warnings: [],
    },
    {
      content: [{ type: 'text', text: 'Cleaned up; notes.md is read.' }],
      finishReason: { unified: 'stop', raw: undefined },
      usage,
      warnings: [],
    },
  ],
})

const result = await generateText({
  model,
  tools: toAiSdkTools(registry, { agent: { id: 'coder' } }),
  stopWhen: stepCountIs(5),
  prompt: 'Clean up the workspace, then read notes.md.',
})
for (const step of result.steps) {
  for (const part of step.toolResults) {
    // A step's results are final outputs; the union also holds progress reports (see below).
    if (part.dynamic || 'preliminary' in part.output) continue
    const { isError, error, content } = part.output
    const text = content.map((block) => (block.type === 'text' ? block.text : block.type))
    console.log(
      `${part.toolCallId} ${part.toolName}: ${isError ? error.code : 'ok'} ${text.join('')}`,
    )
  }
}
console.log(result.text)
