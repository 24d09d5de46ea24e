import { createToolRegistry } from '@toolpipe/tools'
import type { ToolExecution } from '@toolpipe/tools'
import { timeoutPolicy } from '@toolpipe/timeout-policy'
import { describe, expect, it, vi } from 'vitest'
import { createMcpServer } from './create-mcp-server.js'
import { connectClient } from './__fixtures__/serve.js'
import { deferred } from './__fixtures__/remote-server.js'
import { info, plainTool, readFile } from './__fixtures__/served-tools.js'

/** `createMcpServer`: tools/call through the registry's pipeline. */

describe('createMcpServer: tools/call', () => {
  it('runs the call through execute() and maps its content: text and image as they are, other blocks as text', async () => {
    const registry = createToolRegistry()
    const observed: ToolExecution[] = []
    registry.on('tools/result', (exec) => void observed.push(exec as ToolExecution))
    registry.register({
      ...plainTool('mixed'),
      execute: async () => [
        { type: 'text', text: 'one' },
        { type: 'image', data: 'aGk=', mimeType: 'image/png' },
        { type: 'reasoning', text: 'because' },
        { type: 'tool-call', id: 'c1' as never, name: 'x', arguments: '{}' },
      ],
    })
    const { client } = await connectClient(createMcpServer(registry, info))
    expect(await client.callTool({ name: 'mixed', arguments: {} })).toEqual({
      content: [
        { type: 'text', text: 'one' },
        { type: 'image', data: 'aGk=', mimeType: 'image/png' },
        { type: 'text', text: 'because' },
        { type: 'text', text: '{"type":"tool-call","id":"c1","name":"x","arguments":"{}"}' },
      ],
    })
    expect(observed).toHaveLength(1)
    expect(observed[0]?.callId).toMatch(/^mcp-[0-9a-f-]{36}$/)
  })

  it('answers an unknown tool and invalid arguments with a tool result the model can read, not a protocol error', async () => {
    const registry = createToolRegistry()
    registry.register(readFile)
    const { client } = await connectClient(createMcpServer(registry, info))
    expect(await client.callTool({ name: 'nope', arguments: {} })).toEqual({
      isError: true,
      content: [{ type: 'text', text: 'Error: unknown tool "nope"' }],
      _meta: { 'toolpipe/error': { name: 'ToolNotFoundError', code: 'UNKNOWN_TOOL' } },
    })
    const invalid = await client.callTool({ name: 'read_file', arguments: { path: '' } })
    expect(invalid).toMatchObject({
      isError: true,
      _meta: { 'toolpipe/error': { name: 'ToolArgsError', code: 'INVALID_ARGS' } },
    })
    // Without arguments, the call gets {} and the tool's check names what is missing.
    expect(await client.callTool({ name: 'read_file' })).toMatchObject({
      isError: true,
      content: [{ text: expect.stringContaining('"path"') as unknown }],
    })
  })

  it('applies guards, policies and the approval service of the agent’s scope', async () => {
    const alice = { id: 'alice' }
    const request = vi.fn(async () => ({ kind: 'rejected' as const, reason: 'not today' }))
    const registry = createToolRegistry({ approval: { request } })
    registry.register(plainTool('deploy'))
    registry.register(plainTool('shell'))
    registry.guard((exec) => (exec.name === 'shell' ? 'no shell over MCP' : undefined), {
      scope: alice,
    })
    registry.on('tools/pre-execute', (exec, next) =>
      exec.name === 'deploy' ? { kind: 'ask' } : next(),
    )
    const { client } = await connectClient(createMcpServer(registry, info, { agent: alice }))
    expect(await client.callTool({ name: 'shell', arguments: {} })).toMatchObject({
      isError: true,
      content: [{ text: 'Error: no shell over MCP' }],
      _meta: { 'toolpipe/error': { code: 'GUARD_DENIED' } },
    })
    expect(await client.callTool({ name: 'deploy', arguments: {} })).toMatchObject({
      isError: true,
      content: [{ text: 'Error: the user rejected tool "deploy": not today' }],
    })
    expect(request).toHaveBeenCalledWith(
      expect.objectContaining({ agent: alice, toolName: 'deploy' }),
    )
  })

  it('applies a timeout policy', async () => {
    const registry = createToolRegistry()
    registry.use(timeoutPolicy())
    registry.register({
      ...plainTool('slow', (exec) => {
        const aborted = deferred()
        exec.signal?.addEventListener('abort', () => {
          aborted.resolve()
        })
        return aborted.promise
      }),
      timeoutMs: 10,
    })
    const { client } = await connectClient(createMcpServer(registry, info))
    expect(await client.callTool({ name: 'slow', arguments: {} })).toMatchObject({
      isError: true,
      content: [{ text: 'Error: tool call timed out after 10ms' }],
      _meta: { 'toolpipe/error': { name: 'ToolTimeoutError', code: 'TOOL_TIMEOUT' } },
    })
  })

  it('aborts the tool’s signal when the client cancels the request', async () => {
    const registry = createToolRegistry()
    const started = deferred()
    const toolSawAbort = deferred()
    registry.register(
      plainTool('wait', (exec) => {
        exec.signal?.addEventListener('abort', () => {
          toolSawAbort.resolve()
        })
        started.resolve()
        return toolSawAbort.promise
      }),
    )
    const { client } = await connectClient(createMcpServer(registry, info))
    const controller = new AbortController()
    const pending = client.callTool({ name: 'wait', arguments: {} }, undefined, {
      signal: controller.signal,
    })
    await started.promise
    controller.abort(new Error('the user pressed stop'))
    await expect(pending).rejects.toThrow('the user pressed stop')
    await toolSawAbort.promise
  })

  it('appends context a post-execute policy adds for the model', async () => {
    const registry = createToolRegistry()
    registry.register(plainTool('edit'))
    registry.on('tools/post-execute', () => ({
      kind: 'accept',
      additionalContext: {
        content: [{ type: 'text', text: 'Remember to run the tests.' }],
        source: { kind: 'plugin', plugin: 'test-reminder' },
      },
    }))
    const { client } = await connectClient(createMcpServer(registry, info))
    expect((await client.callTool({ name: 'edit', arguments: {} })).content).toEqual([
      { type: 'text', text: 'edit ran' },
      { type: 'text', text: 'Remember to run the tests.' },
    ])
  })
})
