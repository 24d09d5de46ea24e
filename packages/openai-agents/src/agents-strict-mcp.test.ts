import { readTextFileMount, useServerFilesystem } from '@toolpipe/adapter-testkit'
import { mountMcpTools } from '@toolpipe/mcp'
import { createToolRegistry } from '@toolpipe/tools'
import { Agent, Runner } from '@openai/agents'
import type { AgentInputItem } from '@openai/agents'
import { assistantMessage, functionCall, ScriptedModel } from '@openai/agents/testing'
import { describe, expect, it } from 'vitest'
import { toAgentsTools } from './index.js'

/**
 * SPEC §22, first rule, end to end: a strict-mode Agents JS run with the MCP project's
 * server-filesystem mounted over stdio. `toAgentsTools` sends `read_text_file` strict (every
 * member required, the optional ones nullable), so a strict model sends `null` for `head` and
 * `tail` it leaves out; the file is read as if they were absent.
 */

const running = useServerFilesystem()

function outputs(input: string | AgentInputItem[]): unknown[] {
  if (typeof input === 'string') return []
  return input.flatMap((item) => (item.type === 'function_call_result' ? [item.output] : []))
}

describe('toAgentsTools with server-filesystem mounted, in strict mode', () => {
  it('reads a file the model asks for with its optional members as null', async () => {
    const server = running()
    const registry = createToolRegistry()
    await mountMcpTools(registry, server.client, readTextFileMount)
    const model = new ScriptedModel([
      [
        functionCall(
          'fs_read_text_file',
          { path: server.file, head: null, tail: null },
          { callId: 'read_1' },
        ),
      ],
      [assistantMessage('read it')],
    ])
    const agent = new Agent({
      name: 'reader',
      instructions: 'Read the file.',
      model,
      tools: toAgentsTools(registry, { agent: { id: 'reader' } }),
    })
    const result = await new Runner({ tracingDisabled: true }).run(agent, 'Read a.txt.')

    expect(result.finalOutput).toBe('read it')
    // The model was shown the tool in strict mode.
    expect(model.calls[0]!.request.tools).toEqual([
      expect.objectContaining({
        name: 'fs_read_text_file',
        strict: true,
        parameters: expect.objectContaining({
          required: ['path', 'tail', 'head'],
          additionalProperties: false,
        }) as unknown,
      }),
    ])
    expect(outputs(model.calls[1]!.request.input)).toEqual([
      { type: 'text', text: 'one\ntwo\nthree\n' },
    ])
  })
})
