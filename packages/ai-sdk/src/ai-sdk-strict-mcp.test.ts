import { readTextFileMount, useServerFilesystem } from '@toolpipe/adapter-testkit'
import { mountMcpTools } from '@toolpipe/mcp'
import { createToolRegistry } from '@toolpipe/tools'
import { asSchema, generateText, stepCountIs } from 'ai'
import { describe, expect, it } from 'vitest'
import { lastToolResults, scriptedModel } from './__fixtures__/scripted-model.js'
import { toAiSdkTools } from './index.js'

/**
 * SPEC §22, first rule, end to end: `toAiSdkTools({ dialect: 'openai-strict' })` over the MCP
 * project's server-filesystem mounted over stdio. A strict model sends `null` for the `head` and
 * `tail` it leaves out; the file is read as if they were absent.
 */

const running = useServerFilesystem()

describe('toAiSdkTools in openai-strict with server-filesystem mounted', () => {
  it('reads a file the model asks for with its optional members as null', async () => {
    const server = running()
    const registry = createToolRegistry()
    await mountMcpTools(registry, server.client, readTextFileMount)
    const tools = toAiSdkTools(registry, { dialect: 'openai-strict' })
    expect(tools.fs_read_text_file).toMatchObject({ strict: true })
    expect(await asSchema(tools.fs_read_text_file?.inputSchema).jsonSchema).toMatchObject({
      required: ['path', 'tail', 'head'],
      properties: { head: { type: ['number', 'null'] } },
    })
    const seen: Record<string, unknown>[] = []
    const result = await generateText({
      model: scriptedModel([
        () => ({
          toolCalls: [
            {
              id: 'read_1',
              name: 'fs_read_text_file',
              input: { path: server.file, head: null, tail: null },
            },
          ],
        }),
        (prompt) => {
          seen.push(lastToolResults(prompt))
          return { text: 'read it' }
        },
      ]),
      tools,
      stopWhen: stepCountIs(3),
      prompt: 'Read a.txt.',
    })
    expect(result.text).toBe('read it')
    expect(seen).toEqual([{ read_1: { type: 'text', value: 'one\ntwo\nthree\n' } }])
  })
})
