import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import type { Progress } from '@modelcontextprotocol/sdk/types.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectHandbook } from './connect-handbook.js'
import { handbookEntries } from './handbook-mcp-server.js'

describe('the team-handbook MCP server, as a child process over stdio', () => {
  let client: Client
  beforeAll(async () => {
    client = await connectHandbook()
  })
  afterAll(() => client.close())

  it('lists two read-only tools, lookup with input and output schemas', async () => {
    const { tools } = await client.listTools()
    expect(tools.map((tool) => [tool.name, tool.annotations?.readOnlyHint])).toEqual([
      ['lookup', true],
      ['topics', true],
    ])
    const [lookup] = tools
    expect(lookup?.inputSchema).toMatchObject({
      type: 'object',
      properties: { topic: { type: 'string' } },
      required: ['topic'],
    })
    expect(lookup?.outputSchema).toMatchObject({
      type: 'object',
      properties: { topic: { type: 'string' }, rule: { type: 'string' } },
    })
  })

  it('answers lookup with text and structured content, reporting progress per section', async () => {
    const progress: Progress[] = []
    const result = await client.callTool(
      { name: 'lookup', arguments: { topic: 'Greetings' } },
      undefined,
      {
        onprogress: (update) => progress.push(update),
      },
    )
    expect(result).toEqual({
      content: [{ type: 'text', text: `greetings: ${handbookEntries.greetings}` }],
      structuredContent: { topic: 'greetings', rule: handbookEntries.greetings },
    })
    expect(progress).toEqual([
      { progress: 0, total: 3, message: 'searching the style section' },
      { progress: 1, total: 3, message: 'searching the process section' },
      { progress: 2, total: 3, message: 'searching the security section' },
    ])
  })

  it('answers an unknown topic with a tool error naming the topics, and lists them', async () => {
    expect(await client.callTool({ name: 'lookup', arguments: { topic: 'tabs' } })).toEqual({
      content: [
        {
          type: 'text',
          text: 'The handbook has no entry on "tabs". Topics: greetings, tests, secrets.',
        },
      ],
      isError: true,
    })
    expect(await client.callTool({ name: 'topics', arguments: {} })).toEqual({
      content: [{ type: 'text', text: 'greetings\ntests\nsecrets' }],
    })
  })
})
