// @toolpipe/openai-agents as a consumer uses it, with its peer `@openai/agents` (and that one's
// peer, zod) installed beside it: a registry's tools given to an Agent, run on Agents JS's own
// scripted model. Agents JS's declarations use Node's and the DOM's types (see the configurations
// in scripts/check-consumers.mjs); toolpipe's types need nothing more.
import { Agent, Runner } from '@openai/agents'
import { assistantMessage, functionCall, ScriptedModel } from '@openai/agents/testing'
import { AgentsBridgeError, toAgentsTools } from '@toolpipe/openai-agents'
import type { AgentsTool } from '@toolpipe/openai-agents'
import { createToolRegistry, defineTool } from '@toolpipe/tools'

const log = (globalThis as unknown as { console: { log(message: string): void } }).console.log

function assert(condition: boolean, what: string): void {
  if (!condition) throw new Error(`consumer check failed: ${what}`)
}

async function main(): Promise<void> {
  const registry = createToolRegistry()
  registry.register(
    defineTool({
      name: 'read-file',
      description: 'Read a file.',
      parameters: { path: { type: 'string', required: true }, limit: { type: 'integer' } },
      execute: ({ path }) => Promise.resolve([{ type: 'text', text: `contents of ${path}` }]),
    }),
  )
  const tools: AgentsTool[] = toAgentsTools(registry, { agent: { id: 'coder' } })
  assert(tools[0]?.name === 'read_file' && tools[0].strict, 'strict, with an Agents JS name')

  const model = new ScriptedModel([
    [functionCall('read_file', { path: 'a.txt', limit: null }, { callId: 'c1' })],
    [assistantMessage('done')],
  ])
  const agent = new Agent({ name: 'coder', model, tools })
  const result = await new Runner({ tracingDisabled: true }).run(agent, 'Read a.txt.')
  assert(result.finalOutput === 'done', 'the run completes')
  const output = result.newItems.find((item) => item.type === 'tool_call_output_item')
  assert(output?.output === 'contents of a.txt', 'the tool ran through the pipeline')

  let refused = ''
  try {
    toAgentsTools(registry, { agent: 'coder' as never })
  } catch (error) {
    if (error instanceof AgentsBridgeError) refused = error.code
  }
  assert(refused === 'INVALID_OPTIONS', 'bad options throw AgentsBridgeError')
  log('consumer check passed')
}

void main()
