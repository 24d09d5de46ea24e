import { asCallId, createToolRegistry, defineTool } from 'toolpipe'
import type { ToolCallBlock, ToolRegistry } from 'toolpipe'
import type { ConversationMessage } from '../model/conversation.js'
import type { Model, ModelRequest, ModelTurn } from '../model/model.js'

/** The agent of every test run. */
export const agent = { id: 'main' }
/** The conversation a run starts from. */
export const start: ConversationMessage[] = [
  { role: 'system', text: 'be brief' },
  { role: 'user', text: 'go' },
]

/** A tool call of the model, its arguments as JSON text (or the text given). */
export function call(id: string, name: string, args: unknown): ToolCallBlock {
  return {
    type: 'tool-call',
    id: asCallId(id),
    name,
    arguments: typeof args === 'string' ? args : JSON.stringify(args),
  }
}

/** A model that plays fixed turns and keeps a copy of every request's messages. */
export function fakeModel(
  turns: readonly ModelTurn[],
): Model & { requests: ConversationMessage[][] } {
  const requests: ConversationMessage[][] = []
  return {
    description: 'fake',
    requests,
    next(request: ModelRequest) {
      requests.push([...request.messages])
      const turn = turns[requests.length - 1]
      return turn === undefined ? Promise.reject(new Error('no more turns')) : Promise.resolve(turn)
    },
  }
}

/** `echo` echoes; its post-execute hook attaches context naming the call, for `echo` only. */
export function echoRegistry(): ToolRegistry {
  const registry = createToolRegistry()
  registry.register(
    defineTool({
      name: 'echo',
      description: 'Echo a word.',
      parameters: { word: { type: 'string', required: true } },
      async execute({ word }) {
        return [{ type: 'text', text: word }]
      },
    }),
  )
  registry.on('tools/post-execute', async (exec, result, next) => {
    const decision = await next()
    if (decision.kind !== 'accept' || result.isError) return decision
    return {
      ...decision,
      additionalContext: {
        source: { kind: 'plugin', plugin: 'notes' },
        content: [{ type: 'text', text: `note on ${exec.callId}` }],
      },
    }
  })
  return registry
}

/** A message of the conversation as one short line: its role, or the call it answers. */
export function shape(message: ConversationMessage): string {
  return message.role === 'tool'
    ? `tool ${message.result.toolCallId}${message.result.isError === true ? ' error' : ''}`
    : message.role === 'context'
      ? `context ${JSON.stringify(message.context.content)}`
      : message.role
}

/**
 * `look` (read-only, `concurrencySafe`: it reports progress, then waits until the test calls
 * `finishes.get(id)`) and `write` (not safe: a barrier in a batch).
 */
export function lookAndWriteRegistry(finishes: Map<string, () => void>): ToolRegistry {
  const registry = createToolRegistry()
  registry.register(
    defineTool({
      name: 'look',
      description: 'Read-only: waits until the test lets it finish.',
      parameters: { id: { type: 'string', required: true } },
      concurrencySafe: true,
      annotations: { readOnly: true },
      async execute({ id }, exec) {
        const finished = new Promise<void>((resolve) => finishes.set(id, resolve))
        exec.reportProgress({ progress: 0, total: 1, message: `looking at ${id}` })
        await finished
        return [{ type: 'text', text: id }]
      },
    }),
  )
  registry.register(
    defineTool({
      name: 'write',
      description: 'Not safe: a barrier.',
      parameters: {},
      async execute() {
        return [{ type: 'text', text: 'written' }]
      },
    }),
  )
  return registry
}
