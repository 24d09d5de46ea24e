import { createToolRegistry } from '@toolpipe/tools'
import { describe, expect, it } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { useRemotes } from './__fixtures__/test-hooks.js'
import { McpBridgeError } from './mcp-bridge-error.js'
import { mountMcpTools } from './mount-mcp-tools.js'
import { remoteTool } from './__fixtures__/remote-server.js'

const { remoteWith } = useRemotes()

/** SPEC §24: `mountMcpTools(…, { deferLoading: true })`, and what a search may find a tool by. */

describe('mountMcpTools({ deferLoading })', () => {
  it('mounts every tool deferred, still callable by name through the pipeline', async () => {
    const remote = await remoteWith([remoteTool('create_issue'), remoteTool('list_issues')])
    const registry = createToolRegistry()
    const mount = await mountMcpTools(registry, remote.client, { deferLoading: true })
    expect(registry.list().map((tool) => tool.deferLoading)).toEqual([true, true])
    // The plain list still shows them; the native deferred form marks them.
    expect(registry.schemas().map((schema) => schema.name)).toEqual(mount.names)
    expect(registry.schemas(undefined, { dialect: 'anthropic', deferLoading: true })).toEqual([
      expect.objectContaining({ name: 'create_issue', defer_loading: true }),
      expect.objectContaining({ name: 'list_issues', defer_loading: true }),
      { type: 'tool_search_tool_bm25_20251119', name: 'tool_search_tool_bm25' },
    ])
    const result = await registry.execute(callInput('create_issue', { title: 'bug' }))
    expect(result).toMatchObject({
      isError: false,
      content: [{ type: 'text', text: '{"title":"bug"}' }],
    })
  })

  it('leaves tools undeferred by default and with false', async () => {
    const remote = await remoteWith([remoteTool('a')])
    const registry = createToolRegistry()
    await mountMcpTools(registry, remote.client, { deferLoading: false })
    expect(registry.get('a')).not.toHaveProperty('deferLoading')
  })

  it('refuses a deferLoading that is not a boolean', async () => {
    const remote = await remoteWith([remoteTool('a')])
    const registry = createToolRegistry()
    expect(() =>
      mountMcpTools(registry, remote.client, { deferLoading: 'yes' as unknown as boolean }),
    ).toThrow(new McpBridgeError('mountMcpTools: deferLoading must be a boolean, got "yes"'))
    expect(registry.list()).toEqual([])
  })
})

describe("a mounted tool's searchText", () => {
  it("holds the server's title, name, description and instructions, never sent to the model", async () => {
    const remote = await remoteWith([remoteTool('query')], {
      serverInfo: { title: 'Acme Warehouse', description: 'Inventory and shipping records' },
      instructions: 'Look up stock levels before promising a delivery date.',
    })
    const registry = createToolRegistry()
    await mountMcpTools(registry, remote.client)
    expect(registry.get('query')?.searchText).toBe(
      'Acme Warehouse\nremote\nInventory and shipping records\nLook up stock levels before promising a delivery date.',
    )
    expect(JSON.stringify(registry.schemas())).not.toContain('Acme')
  })

  it('is at most 4,096 characters, and only the server name when that is all it says', async () => {
    const long = await remoteWith([remoteTool('a')], { instructions: 'x'.repeat(10_000) })
    const registry = createToolRegistry()
    await mountMcpTools(registry, long.client)
    expect(registry.get('a')?.searchText).toHaveLength(4096)
    const bare = await remoteWith([remoteTool('b')])
    await mountMcpTools(registry, bare.client)
    expect(registry.get('b')?.searchText).toBe('remote')
  })

  it('keeps the same definition when a refresh changes nothing, searchText and all', async () => {
    const remote = await remoteWith([remoteTool('a')])
    const registry = createToolRegistry()
    const mount = await mountMcpTools(registry, remote.client)
    const before = registry.get('a')
    await mount.refresh()
    // Nothing changed: the same definition stays.
    expect(registry.get('a')).toBe(before)
  })
})
