import { createToolRegistry } from '@toolpipe/tools'
import { afterEach, describe, expect, it } from 'vitest'
import { mountMcpTools } from './mount-mcp-tools.js'
import { connectRemote, remoteTool } from './__fixtures__/remote-server.js'
import type { Remote } from './__fixtures__/remote-server.js'
import { stableHash } from './internal/stable-hash.js'
import { connectWirePeer } from './__fixtures__/wire-peer.js'
import type { WirePeer } from './__fixtures__/wire-peer.js'

// SPEC §18.1, §22: every mounted definition carries permissions.ruleName = mcp__<server>__<tool>,
// server = the mount's prefix or the server's advertised name, tool = the server's own name.

const remotes: Remote[] = []
const peers: WirePeer[] = []
afterEach(async () => {
  for (const remote of remotes.splice(0)) await remote.close()
  for (const peer of peers.splice(0)) await peer.client.close()
})

const ruleNames = (registry: ReturnType<typeof createToolRegistry>) =>
  Object.fromEntries(registry.list().map((tool) => [tool.name, tool.permissions?.ruleName]))

describe('mountMcpTools: rule names', () => {
  it('names each tool mcp__<prefix>__<tool> with a prefix', async () => {
    const remote = await connectRemote([remoteTool('create_issue'), remoteTool('list-repos')])
    remotes.push(remote)
    const registry = createToolRegistry()
    await mountMcpTools(registry, remote.client, { prefix: 'gh' })
    expect(ruleNames(registry)).toEqual({
      gh_create_issue: 'mcp__gh__create_issue',
      'gh_list-repos': 'mcp__gh__list-repos',
    })
  })

  it('names each tool mcp__<server’s advertised name>__<tool> without one', async () => {
    const remote = await connectRemote([remoteTool('search')])
    remotes.push(remote)
    const registry = createToolRegistry()
    const agent = { id: 'a' }
    await mountMcpTools(registry.scope(agent), remote.client)
    expect(registry.get('search', agent)?.permissions).toEqual({
      ruleName: 'mcp__remote__search',
    })
  })

  it('keeps odd names usable in a rule: spaces, dots and parentheses as _, collisions kept apart', async () => {
    const tool = (name: string) => ({ name, inputSchema: { type: 'object' } })
    const peer = await connectWirePeer('My Server (v2)', (method) =>
      method === 'tools/list'
        ? { tools: [tool('files.read'), tool('a_b'), tool('a.b'), tool('run (dry)')] }
        : { content: [] },
    )
    peers.push(peer)
    const registry = createToolRegistry()
    await mountMcpTools(registry, peer.client)
    expect(ruleNames(registry)).toEqual({
      files_read: 'mcp__My_Server__v2___files_read',
      a_b: 'mcp__My_Server__v2___a_b',
      [`a_b_${stableHash('a.b')}`]: `mcp__My_Server__v2___a_b_${stableHash('a.b')}`,
      run__dry_: 'mcp__My_Server__v2___run__dry_',
    })
  })

  it('keeps a rule name with its tool across refreshes: a newcomer that takes the name takes the rule name', async () => {
    const remote = await connectRemote([remoteTool('a.b'), remoteTool('c')])
    remotes.push(remote)
    const registry = createToolRegistry()
    const mount = await mountMcpTools(registry, remote.client)
    const c = registry.get('c')
    expect(ruleNames(registry)).toEqual({ a_b: 'mcp__remote__a_b', c: 'mcp__remote__c' })
    await remote.setTools([remoteTool('a.b'), remoteTool('c'), remoteTool('a_b')], false)
    await mount.refresh()
    expect(ruleNames(registry)).toEqual({
      c: 'mcp__remote__c',
      a_b: 'mcp__remote__a_b',
      [`a_b_${stableHash('a.b')}`]: `mcp__remote__a_b_${stableHash('a.b')}`,
    })
    expect(registry.get('c')).toBe(c)
  })
})
