import { createToolRegistry } from '@toolpipe/tools'
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import { describe, expect, it, vi } from 'vitest'
import { eventually, recordingLogger, useRemotes } from './__fixtures__/test-hooks.js'
import { mountMcpTools } from './mount-mcp-tools.js'
import { remoteTool } from './__fixtures__/remote-server.js'

const { remoteWith } = useRemotes()

/** `mountMcpTools`: re-syncs on list_changed, refreshes one after the other, and dispose. */

describe('mountMcpTools: re-sync and dispose', () => {
  it('re-syncs on notifications/tools/list_changed: new tools added, gone ones removed, changed ones replaced, one tools/change', async () => {
    const remote = await remoteWith([remoteTool('keep'), remoteTool('change'), remoteTool('drop')])
    const registry = createToolRegistry()
    const mount = await mountMcpTools(registry, remote.client)
    const kept = registry.get('keep')
    const onChange = vi.fn()
    registry.on('tools/change', onChange)

    await remote.setTools([
      remoteTool('keep'),
      remoteTool('change', { type: 'object', properties: { n: { type: 'number' } } }),
      remoteTool('added'),
    ])
    await eventually(() => onChange.mock.calls.length > 0)
    expect(onChange).toHaveBeenCalledTimes(1)
    expect(mount.names).toEqual(['keep', 'change', 'added'])
    expect(
      registry
        .list()
        .map((tool) => tool.name)
        .sort(),
    ).toEqual(['added', 'change', 'keep'])
    expect(registry.get('keep')).toBe(kept)
    expect(registry.get('change')?.parameters).toEqual({
      type: 'object',
      properties: { n: { type: 'number' } },
    })
  })

  it('does not miss a change announced while the first listing runs', async () => {
    const remote = await remoteWith([remoteTool('a')])
    let first = true
    remote.server.setRequestHandler(ListToolsRequestSchema, async () => {
      if (!first) return { tools: [remoteTool('a'), remoteTool('b')] }
      first = false
      await remote.server.sendToolListChanged()
      return { tools: [remoteTool('a')] }
    })
    const registry = createToolRegistry()
    const mount = await mountMcpTools(registry, remote.client)
    await eventually(() => mount.names.includes('b'))
    expect(mount.names).toEqual(['a', 'b'])
  })

  it('announces nothing for a refresh that changes nothing', async () => {
    const remote = await remoteWith([remoteTool('a'), remoteTool('b')])
    const registry = createToolRegistry()
    const mount = await mountMcpTools(registry, remote.client)
    const onChange = vi.fn()
    registry.on('tools/change', onChange)
    await mount.refresh()
    expect(onChange).not.toHaveBeenCalled()
  })

  it('leaves the registry and the mount as they were when a tools/change listener refuses the re-sync', async () => {
    const remote = await remoteWith([remoteTool('a')])
    const registry = createToolRegistry({ logger: recordingLogger() })
    const mount = await mountMcpTools(registry, remote.client)
    const veto = new Error('not now')
    const dispose = registry.on('tools/change', () => {
      throw veto
    })
    await remote.setTools([remoteTool('b')], false)
    await expect(mount.refresh()).rejects.toBe(veto)
    expect(mount.names).toEqual(['a'])
    expect(registry.list().map((tool) => tool.name)).toEqual(['a'])
    dispose()
    await mount.refresh()
    expect(registry.list().map((tool) => tool.name)).toEqual(['b'])
  })

  it('reports a re-sync that failed in the background through the logger', async () => {
    const logger = recordingLogger()
    const remote = await remoteWith([remoteTool('a')])
    const registry = createToolRegistry({ logger: recordingLogger() })
    await mountMcpTools(registry, remote.client, { logger })
    registry.on('tools/change', () => {
      throw new Error('not now')
    })
    await remote.setTools([remoteTool('b')])
    await eventually(() => logger.messages.length > 0)
    expect(logger.messages).toEqual([
      'toolpipe/mcp: re-syncing the tools of MCP server "remote" failed: not now',
    ])
  })

  it('runs refreshes one after the other, and one more after those asked for meanwhile', async () => {
    const remote = await remoteWith([remoteTool('a')])
    const registry = createToolRegistry()
    const mount = await mountMcpTools(registry, remote.client)
    const before = remote.listRequests
    await Promise.all([mount.refresh(), mount.refresh(), mount.refresh()])
    expect(remote.listRequests - before).toBe(2)
  })

  it('dispose() removes every mounted tool with one tools/change, and later notifications are ignored', async () => {
    const remote = await remoteWith([remoteTool('a'), remoteTool('b'), remoteTool('c')])
    const registry = createToolRegistry()
    registry.register({
      name: 'own',
      description: '',
      parameters: { type: 'object' },
      execute: async () => [],
    })
    const mount = await mountMcpTools(registry, remote.client)
    const onChange = vi.fn()
    registry.on('tools/change', onChange)
    mount.dispose()
    mount.dispose()
    expect(onChange).toHaveBeenCalledTimes(1)
    expect(registry.list().map((tool) => tool.name)).toEqual(['own'])
    expect(mount.names).toEqual([])
    const listed = remote.listRequests
    await remote.setTools([remoteTool('d')])
    await mount.refresh()
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(remote.listRequests).toBe(listed)
    expect(registry.list().map((tool) => tool.name)).toEqual(['own'])
  })

  it('lets two mounts of one client both hear list_changed', async () => {
    const remote = await remoteWith([remoteTool('a')])
    const registry = createToolRegistry()
    const alice = registry.scope({ id: 'alice' })
    const bob = registry.scope({ id: 'bob' })
    await mountMcpTools(alice, remote.client)
    const bobs = await mountMcpTools(bob, remote.client)
    await remote.setTools([remoteTool('a'), remoteTool('b')])
    await eventually(() => alice.get('b') !== undefined && bob.get('b') !== undefined)
    bobs.dispose()
    await remote.setTools([remoteTool('c')])
    await eventually(() => alice.get('c') !== undefined)
    expect(bob.list()).toEqual([])
  })
})
