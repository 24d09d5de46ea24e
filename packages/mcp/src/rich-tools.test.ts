import { asCallId } from '@toolpipe/core'
import { createToolRegistry, defineTool } from '@toolpipe/tools'
import type { ToolProgress } from '@toolpipe/tools'
import type { Progress } from '@modelcontextprotocol/sdk/types.js'
import { afterEach, describe, expect, it } from 'vitest'
import { createMcpServer } from './create-mcp-server.js'
import { mountMcpTools } from './mount-mcp-tools.js'
import { connectRemote, remoteTool } from './__fixtures__/remote-server.js'
import type { Remote } from './__fixtures__/remote-server.js'
import { connectClient } from './__fixtures__/serve.js'

const info = { name: 'harness', version: '1.0.0' }

const reportSchema = {
  type: 'object',
  properties: {
    passed: { type: 'integer', minimum: 0 },
    failed: { type: 'integer', minimum: 0 },
  },
  required: ['passed', 'failed'],
  additionalProperties: false,
} as const

/** A test runner: structured results, hints, and progress while it runs. */
const runTests = defineTool({
  name: 'run_tests',
  description: 'Run the test suite.',
  parameters: { filter: { type: 'string' } },
  outputSchema: reportSchema,
  annotations: { title: 'Run tests', readOnly: true, idempotent: true, openWorld: false },
  concurrencySafe: true,
  async execute(_args, exec) {
    exec.reportProgress({ progress: 1, total: 3, message: 'core' })
    exec.reportProgress({ content: [{ type: 'text', text: 'tools: 12 passed' }] })
    exec.reportProgress({ progress: 3, total: 3 })
    return { structured: { passed: 40, failed: 2 } }
  },
})

/** The same schema as MCP's types want it: a mutable `required`. */
const remoteReportSchema = { ...reportSchema, required: [...reportSchema.required] }

const remotes: Remote[] = []
afterEach(async () => {
  for (const remote of remotes.splice(0)) await remote.close()
})

describe('createMcpServer: structured results, annotations and progress (SPEC §12 over MCP)', () => {
  it('lists title, outputSchema and annotations as MCP hints', async () => {
    const registry = createToolRegistry()
    registry.register(runTests)
    const { client } = await connectClient(createMcpServer(registry, info))
    const [tool] = (await client.listTools()).tools
    expect(tool).toEqual({
      name: 'run_tests',
      title: 'Run tests',
      description: 'Run the test suite.',
      inputSchema: registry.schemas()[0]?.parameters,
      outputSchema: reportSchema,
      annotations: {
        title: 'Run tests',
        readOnlyHint: true,
        idempotentHint: true,
        openWorldHint: false,
      },
    })
  })

  it('answers with structuredContent, and the JSON text as content', async () => {
    const registry = createToolRegistry()
    registry.register(runTests)
    const { client } = await connectClient(createMcpServer(registry, info))
    await client.listTools()
    // The SDK client checks structuredContent against the listed outputSchema itself.
    expect(await client.callTool({ name: 'run_tests', arguments: {} })).toEqual({
      content: [{ type: 'text', text: '{"passed":40,"failed":2}' }],
      structuredContent: { passed: 40, failed: 2 },
    })
  })

  it('sends each progress report as notifications/progress for the request’s token, only when asked', async () => {
    const registry = createToolRegistry()
    registry.register(runTests)
    const server = createMcpServer(registry, info)
    const { client, sent } = await connectClient(server)
    const received: Progress[] = []
    await client.callTool({ name: 'run_tests', arguments: {} }, undefined, {
      onprogress: (progress) => void received.push(progress),
    })
    expect(received).toEqual([
      { progress: 1, total: 3, message: 'core' },
      // No progress of its own: one on from the last; its content's text as the message.
      { progress: 2, message: 'tools: 12 passed' },
      { progress: 3, total: 3 },
    ])
    const before = sent.length
    await client.callTool({ name: 'run_tests', arguments: {} })
    const progressSent = sent
      .slice(before)
      .filter(({ message }) => 'method' in message && message.method === 'notifications/progress')
    expect(progressSent).toEqual([])
  })

  it('gets the progress to an SDK client that reads a chunk of messages at once, before the answer (typescript-sdk#2580)', async () => {
    const registry = createToolRegistry()
    registry.register(runTests)
    const server = createMcpServer(registry, info)
    const { client } = await connectClient(server, undefined, { chunked: true })
    const errors: Error[] = []
    client.onerror = (error) => void errors.push(error)
    const received: Progress[] = []
    await client.callTool({ name: 'run_tests', arguments: {} }, undefined, {
      onprogress: (progress) => void received.push(progress),
    })
    expect(received.map((progress) => progress.progress)).toEqual([1, 2, 3])
    expect(errors).toEqual([])
  })

  it('sends no structuredContent for a structured value MCP cannot carry (not an object)', async () => {
    const registry = createToolRegistry()
    registry.register({
      name: 'count',
      description: 'Count.',
      parameters: { type: 'object' },
      execute: async () => ({ content: [{ type: 'text', text: '3' }], structured: 3 }),
    })
    const { client } = await connectClient(createMcpServer(registry, info))
    expect(await client.callTool({ name: 'count', arguments: {} })).toEqual({
      content: [{ type: 'text', text: '3' }],
    })
  })
})

describe('mountMcpTools: structured results, annotations and progress', () => {
  it('carries the output schema (inside the subset), annotations and concurrencySafe from readOnlyHint', async () => {
    const remote = await connectRemote([
      remoteTool('report', undefined, {
        title: 'Test report',
        outputSchema: {
          ...remoteReportSchema,
          $schema: 'https://json-schema.org/draft/2020-12/schema',
        },
        annotations: { readOnlyHint: true, openWorldHint: false },
      }),
      remoteTool('write', undefined, {
        outputSchema: { type: 'object', properties: { id: { type: 'string', format: 'uuid' } } },
        annotations: { destructiveHint: true, title: 'Write it' },
      }),
    ])
    remotes.push(remote)
    const registry = createToolRegistry()
    await mountMcpTools(registry, remote.client)
    expect(registry.descriptors()).toEqual([
      {
        name: 'report',
        description: 'the remote report',
        parameters: { type: 'object', properties: {} },
        outputSchema: reportSchema,
        annotations: { title: 'Test report', readOnly: true, openWorld: false },
        concurrencySafe: true,
      },
      {
        // `format` lies outside the subset: no output schema the pipeline could enforce.
        name: 'write',
        description: 'the remote write',
        parameters: { type: 'object', properties: {} },
        annotations: { title: 'Write it', destructive: true },
        concurrencySafe: false,
      },
    ])
  })

  it('turns structuredContent into structured, checked against the output schema', async () => {
    let answer: unknown = { passed: 1, failed: 0 }
    const remote = await connectRemote(
      [
        remoteTool('first', undefined, {
          outputSchema: remoteReportSchema,
          handle: () => ({ content: [], structuredContent: answer as Record<string, unknown> }),
        }),
        remoteTool('second'),
      ],
      // Two pages: the SDK client keeps output validators for the last page only, so the
      // pipeline's check is the one that holds for every tool.
      { pageSize: 1 },
    )
    remotes.push(remote)
    const registry = createToolRegistry()
    await mountMcpTools(registry, remote.client)
    const call = () => registry.execute({ callId: asCallId('c'), name: 'first', arguments: {} })
    expect(await call()).toMatchObject({
      isError: false,
      structured: { passed: 1, failed: 0 },
      content: [{ type: 'text', text: '{"passed":1,"failed":0}' }],
    })
    answer = { passed: -1, failed: 0 }
    expect(await call()).toMatchObject({
      isError: true,
      error: { name: 'OutputInvalidError', code: 'OUTPUT_INVALID' },
    })
  })

  it('forwards the server’s progress notifications to reportProgress', async () => {
    const remote = await connectRemote([
      remoteTool('build', undefined, {
        handle: async (_args, extra) => {
          const progressToken = extra._meta?.progressToken
          if (progressToken === undefined) throw new Error('no progress token')
          for (const [progress, message] of [
            [1, 'compile'],
            [2, 'link'],
          ] as const) {
            await extra.sendNotification({
              method: 'notifications/progress',
              params: { progressToken, progress, total: 2, message },
            })
          }
          return { content: [{ type: 'text', text: 'built' }] }
        },
      }),
    ])
    remotes.push(remote)
    const registry = createToolRegistry()
    const updates: ToolProgress[] = []
    registry.on('tools/progress', (_exec, update) => void updates.push(update))
    await mountMcpTools(registry, remote.client)
    const result = await registry.execute({ callId: asCallId('c'), name: 'build', arguments: {} })
    expect(result.isError).toBe(false)
    expect(updates).toEqual([
      { progress: 1, total: 2, message: 'compile' },
      { progress: 2, total: 2, message: 'link' },
    ])
  })

  it('carries everything through a served registry mounted by another', async () => {
    const served = createToolRegistry()
    served.register(runTests)
    const server = createMcpServer(served, info)
    const { client } = await connectClient(server)
    const mounting = createToolRegistry()
    const updates: ToolProgress[] = []
    mounting.on('tools/progress', (_exec, update) => void updates.push(update))
    await mountMcpTools(mounting, client)
    const [descriptor] = mounting.descriptors()
    expect(descriptor).toMatchObject({
      name: 'run_tests',
      outputSchema: reportSchema,
      annotations: { title: 'Run tests', readOnly: true, idempotent: true, openWorld: false },
      concurrencySafe: true,
    })
    const result = await mounting.execute({
      callId: asCallId('c'),
      name: 'run_tests',
      arguments: {},
    })
    expect(result).toMatchObject({ isError: false, structured: { passed: 40, failed: 2 } })
    expect(updates).toEqual([
      { progress: 1, total: 3, message: 'core' },
      { progress: 2, message: 'tools: 12 passed' },
      { progress: 3, total: 3 },
    ])
  })
})
