import { Agent, Runner } from '@openai/agents'
import { assistantMessage, functionCall, ScriptedModel } from '@openai/agents/testing'
import { toAgentsTools } from '@toolpipe/openai-agents'
import { createToolRegistry, defineTool } from '@toolpipe/tools'

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
    parameters: { path: { type: 'string', required: true }, encoding: { type: 'string' } },
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

// Agents JS's own scripted model stands in for a real one: turn one calls three tools, one with
// a wrong argument name; turn two corrects it (a strict model sends null for what it leaves
// out); turn three answers.
const model = new ScriptedModel([
  [
    functionCall('read_file', { file: 'notes.md', encoding: null }, { callId: 'call_1' }),
    functionCall('read_file', { path: '.env', encoding: null }, { callId: 'call_2' }),
    functionCall('remove_file', { path: 'build.log' }, { callId: 'call_3' }),
  ],
  [functionCall('read_file', { path: 'notes.md', encoding: null }, { callId: 'call_4' })],
  [assistantMessage('Cleaned up; notes.md is read.')],
])
const agent = new Agent({
  name: 'coder',
  instructions: 'You keep the workspace tidy.',
  model,
  tools: toAgentsTools(registry, { agent: { id: 'coder' } }),
})
for (const tool of agent.tools) {
  if (tool.type === 'function') console.log(`${tool.name}: strict ${String(tool.strict)}`)
}

const result = await new Runner({ tracingDisabled: true }).run(
  agent,
  'Clean up the workspace, then read notes.md.',
)
for (const item of result.newItems) {
  if (item.type === 'tool_call_output_item') {
    const { callId, name } = item.rawItem as { callId: string; name: string }
    console.log(`${callId} ${name}: ${String(item.output)}`)
  }
}
console.log(result.finalOutput)
