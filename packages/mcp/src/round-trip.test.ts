import { asCallId } from '@toolpipe/core'
import { createToolRegistry, defineTool } from '@toolpipe/tools'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js'
import { describe, expect, it, vi } from 'vitest'
import { createMcpServer } from './create-mcp-server.js'
import { mountMcpTools } from './mount-mcp-tools.js'

/** A harness's registry served over MCP, and mounted by another harness. */
async function serveAndMount() {
  const served = createToolRegistry()
  served.register(
    defineTool({
      name: 'add',
      description: 'Add two integers.',
      parameters: {
        a: { type: 'integer', required: true },
        b: { type: 'integer', required: true },
      },
      execute: async ({ a, b }) => [{ type: 'text', text: String(a + b) }],
    }),
  )
  const server = createMcpServer(served, { name: 'calculator', version: '1.0.0' })
  const client = new Client({ name: 'agent', version: '1.0.0' })
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair()
  await server.connect(serverTransport)
  await client.connect(clientTransport)
  const mounting = createToolRegistry()
  const mount = await mountMcpTools(mounting, client, { prefix: 'calc' })
  return { served, mounting, mount, client }
}

describe('a registry served over MCP and mounted by another', () => {
  it('validates on the mounting side with the served schema, runs on the served side, and follows its changes', async () => {
    const { served, mounting, mount, client } = await serveAndMount()
    expect(mount.names).toEqual(['calc_add'])
    const call = (args: unknown) =>
      mounting.execute({ callId: asCallId('c'), name: 'calc_add', arguments: args })

    expect(await call({ a: 2, b: 3 })).toMatchObject({
      isError: false,
      content: [{ type: 'text', text: '5' }],
    })
    // defineTool's schema lies inside the subset: the mounting side refuses a fraction itself.
    expect(await call({ a: 2.5, b: 3 })).toMatchObject({
      error: { name: 'ToolArgsError', code: 'INVALID_ARGS' },
    })

    // An error on the served side reaches the mounting side as the server's text.
    served.guard(() => 'the calculator is closed')
    expect(await call({ a: 1, b: 1 })).toEqual({
      isError: true,
      error: { name: 'McpToolError', code: 'MCP_TOOL_ERROR' },
      content: [{ type: 'text', text: 'Error: the calculator is closed' }],
    })

    // A tool registered on the served side appears on the mounting side.
    const onChange = vi.fn()
    mounting.on('tools/change', onChange)
    served.register(
      defineTool({
        name: 'negate',
        description: 'Negate a number.',
        parameters: { n: { type: 'number', required: true } },
        execute: async ({ n }) => [{ type: 'text', text: String(-n) }],
      }),
    )
    await vi.waitFor(() => {
      expect(mount.names).toEqual(['calc_add', 'calc_negate'])
    })
    expect(onChange).toHaveBeenCalledTimes(1)
    await client.close()
  })
})
