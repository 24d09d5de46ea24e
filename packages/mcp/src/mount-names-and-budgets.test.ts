import { createToolRegistry } from '@toolpipe/tools'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { callInput } from '@toolpipe/call-inputs'
import { useRemotes } from './__fixtures__/test-hooks.js'
import { mountMcpTools } from './mount-mcp-tools.js'
import { remoteTool } from './__fixtures__/remote-server.js'

// SPEC §13: a mounted tool's name is "mapped into ^[a-zA-Z0-9_-]{1,64}$ (prefix + _ + name, other
// characters → _, over-long names shortened with a stable hash suffix)"; SPEC §22: the mount's
// `timeoutMs` is the timeout policy's to enforce.

const { remoteWith } = useRemotes()

describe('a mount’s prefix', () => {
  it('is mapped as the names are: other characters as _, the rule name’s server part too', async () => {
    const remote = await remoteWith([remoteTool('get'), remoteTool('put')])
    const registry = createToolRegistry()
    await mountMcpTools(registry, remote.client, { prefix: 'my.server' })
    expect(registry.list().map((tool) => tool.name)).toEqual(['my_server_get', 'my_server_put'])
    expect(registry.get('my_server_get')?.permissions?.ruleName).toBe('mcp__my_server__get')
  })

  it('may be long: each name stays within 64 characters, distinct', async () => {
    const remote = await remoteWith([remoteTool('get'), remoteTool('put')])
    const registry = createToolRegistry()
    await mountMcpTools(registry, remote.client, { prefix: 'p'.repeat(70) })
    const names = registry.list().map((tool) => tool.name)
    expect(names).toHaveLength(2)
    for (const name of names) expect(name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/u)
    expect(new Set(names).size).toBe(2)
  })
})

describe('a mount’s timeoutMs above the SDK’s default request timeout', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('is not cut short at 60 s by the SDK: the call runs to its own budget', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const remote = await remoteWith([
      remoteTool('build', undefined, {
        handle: () =>
          new Promise((resolve) => {
            setTimeout(() => {
              resolve({ content: [{ type: 'text', text: 'built' }] })
            }, 70_000)
          }),
      }),
    ])
    const registry = createToolRegistry()
    await mountMcpTools(registry, remote.client, { timeoutMs: 120_000 })
    const pending = registry.execute(callInput('build'))
    await vi.advanceTimersByTimeAsync(70_000)
    expect(await pending).toMatchObject({
      isError: false,
      content: [{ type: 'text', text: 'built' }],
    })
  })
})
