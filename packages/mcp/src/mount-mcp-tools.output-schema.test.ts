import { asCallId } from '@toolpipe/core'
import { createToolRegistry } from '@toolpipe/tools'
import { afterEach, describe, expect, it } from 'vitest'
import { createMcpServer } from './create-mcp-server.js'
import { mountMcpTools } from './mount-mcp-tools.js'
import { connectRemote, remoteTool } from './__fixtures__/remote-server.js'
import type { Remote } from './__fixtures__/remote-server.js'
import { connectClient } from './__fixtures__/serve.js'

/**
 * What the README says of an output schema outside the subset (zod's `z.string().datetime()`
 * writes `format: 'date-time'`): a definition's `outputSchema` must lie inside the subset the
 * registry enforces (SPEC §4, §12.1), and `@toolpipe/tools` has no field for one it would only
 * describe, so the mount cannot carry it (SPEC §13 asks it to); it checks the answers itself.
 */

const remotes: Remote[] = []
afterEach(async () => {
  for (const remote of remotes.splice(0)) await remote.close()
})

const weatherSchema = {
  type: 'object' as const,
  properties: {
    temp: { type: 'number' },
    when: { type: 'string', format: 'date-time' },
  },
  required: ['temp'],
}

describe('mountMcpTools: an output schema outside the subset (SPEC §13, §4: not carried)', () => {
  it('is absent from descriptors() and from tools/list when the registry is served again', async () => {
    const remote = await connectRemote([
      remoteTool('weather', undefined, { outputSchema: weatherSchema }),
    ])
    remotes.push(remote)
    const registry = createToolRegistry()
    await mountMcpTools(registry, remote.client)
    expect(registry.descriptors()[0]).not.toHaveProperty('outputSchema')
    const { client } = await connectClient(
      createMcpServer(registry, { name: 'again', version: '1' }),
    )
    const [tool] = (await client.listTools()).tools
    expect(tool?.name).toBe('weather')
    expect(tool).not.toHaveProperty('outputSchema')
  })

  it('still hands on structuredContent as structured, checked by the SDK’s JSON Schema validator', async () => {
    let answer: Record<string, unknown> = { temp: 20, when: '2025-06-01T12:00:00Z' }
    const remote = await connectRemote([
      remoteTool('weather', undefined, {
        outputSchema: weatherSchema,
        handle: () => ({ content: [], structuredContent: answer }),
      }),
    ])
    remotes.push(remote)
    const registry = createToolRegistry()
    await mountMcpTools(registry, remote.client)
    const call = () => registry.execute({ callId: asCallId('c'), name: 'weather', arguments: {} })
    expect(await call()).toMatchObject({ isError: false, structured: answer })
    answer = { temp: 20, when: 'tomorrow' }
    expect(await call()).toMatchObject({
      isError: true,
      error: { name: 'McpProtocolError', code: 'MCP_PROTOCOL_ERROR' },
    })
  })
})
