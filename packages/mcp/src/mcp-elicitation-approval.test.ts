import { asCallId } from '@toolpipe/core'
import { createToolRegistry } from '@toolpipe/tools'
import type { ApprovalAnswer, ApprovalService, ToolRegistryLogger } from '@toolpipe/tools'
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import type { ElicitRequest, ElicitResult } from '@modelcontextprotocol/sdk/types.js'
import { describe, expect, it, vi } from 'vitest'
import { createMcpServer } from './create-mcp-server.js'
import { McpBridgeError } from './mcp-bridge-error.js'
import { mcpElicitationApproval } from './mcp-elicitation-approval.js'
import { deferred } from './__fixtures__/remote-server.js'
import { connectClient } from './__fixtures__/serve.js'

const agent = { id: 'alice' }
const formClient = { capabilities: { elicitation: { form: {} } } }

function recordingLogger(): ToolRegistryLogger & { messages: string[] } {
  const messages: string[] = []
  return { messages, warn: (message: string) => void messages.push(message) }
}

/**
 * A registry whose `deploy` tool asks for approval, served to `alice` over MCP, with the approval
 * service asking that server's client.
 */
function servedRegistry(logger: ToolRegistryLogger = recordingLogger()) {
  // The registry comes first and the server is made from it: the service is bound once both exist.
  const late: { approval?: ApprovalService } = {}
  const registry = createToolRegistry({
    approval: { request: (request) => late.approval!.request(request) },
  })
  const ran = vi.fn()
  registry.register({
    name: 'deploy',
    description: 'Deploy the app.',
    parameters: { type: 'object', properties: { env: { type: 'string' } } },
    presentCall: (args) => ({
      card: 'generic',
      title: `Deploy to ${String((args as { env?: unknown }).env)}`,
    }),
    execute: async () => {
      ran()
      return [{ type: 'text', text: 'deployed' }]
    },
  })
  registry.on('tools/pre-execute', () => ({ kind: 'ask', reason: 'deploys need a yes' }))
  const answers: ApprovalAnswer[] = []
  registry.on('tools/approval', (_exec, answer) => void answers.push(answer))
  const server = createMcpServer(registry, { name: 'harness', version: '1' }, { agent })
  late.approval = mcpElicitationApproval(server, { logger })
  return { registry, server, ran, answers }
}

describe('mcpElicitationApproval', () => {
  it('asks the client’s user with a yes/no form showing the pending card, tied to the tools/call it is about', async () => {
    const { server, ran } = servedRegistry()
    const { client, sent } = await connectClient(server, formClient)
    const asked: ElicitRequest['params'][] = []
    client.setRequestHandler(ElicitRequestSchema, (request) => {
      asked.push(request.params)
      return { action: 'accept', content: { allow: true } }
    })
    const result = await client.callTool({ name: 'deploy', arguments: { env: 'prod' } })
    expect(result).toEqual({ content: [{ type: 'text', text: 'deployed' }] })
    expect(ran).toHaveBeenCalledTimes(1)
    expect(asked).toEqual([
      {
        mode: 'form',
        message: 'Deploy to prod\n\ndeploys need a yes',
        requestedSchema: {
          type: 'object',
          properties: {
            allow: {
              type: 'boolean',
              title: 'Allow this tool call',
              description: 'Run the tool "deploy"',
              default: false,
            },
          },
          required: ['allow'],
        },
      },
    ])
    // The elicitation goes with the tools/call request: the id the call's response answers.
    const elicitation = sent.find(
      ({ message }) => 'method' in message && message.method === 'elicitation/create',
    )
    const response = sent.find(({ message }) => 'result' in message && 'content' in message.result)
    expect(response?.message).toHaveProperty('id')
    expect(elicitation?.relatedRequestId).toBe((response?.message as { id: unknown }).id)
  })

  it.each<[string, ElicitResult, string, string]>([
    [
      'accepted without allowing',
      { action: 'accept', content: { allow: false } },
      'APPROVAL_REJECTED',
      'Error: the user rejected tool "deploy": the form was sent without allowing the call',
    ],
    [
      'declined',
      { action: 'decline' },
      'APPROVAL_REJECTED',
      'Error: the user rejected tool "deploy"',
    ],
    [
      'cancelled',
      { action: 'cancel' },
      'APPROVAL_CANCELLED',
      'Error: approval for tool "deploy" was cancelled',
    ],
  ])('denies a call the user %s', async (_what, answer, code, text) => {
    const { server, ran } = servedRegistry()
    const { client } = await connectClient(server, formClient)
    client.setRequestHandler(ElicitRequestSchema, () => answer)
    expect(await client.callTool({ name: 'deploy', arguments: { env: 'prod' } })).toMatchObject({
      isError: true,
      content: [{ text }],
      _meta: { 'toolpipe/error': { code } },
    })
    expect(ran).not.toHaveBeenCalled()
  })

  it('answers unavailable, without asking, when the client did not declare form elicitation', async () => {
    const { server, ran, answers } = servedRegistry()
    const { client, sent } = await connectClient(server)
    expect(await client.callTool({ name: 'deploy', arguments: {} })).toMatchObject({
      isError: true,
      _meta: { 'toolpipe/error': { code: 'APPROVAL_UNAVAILABLE' } },
    })
    expect(answers.map((answer) => answer.outcome)).toEqual([{ kind: 'unavailable' }])
    expect(
      sent.some(({ message }) => 'method' in message && message.method === 'elicitation/create'),
    ).toBe(false)
    expect(ran).not.toHaveBeenCalled()
  })

  it('answers unavailable, and says why, when the client’s answer does not fit the form', async () => {
    const logger = recordingLogger()
    const { server } = servedRegistry(logger)
    const { client } = await connectClient(server, formClient)
    client.setRequestHandler(ElicitRequestSchema, () => ({
      action: 'accept',
      content: { allow: 'yes' },
    }))
    expect(await client.callTool({ name: 'deploy', arguments: {} })).toMatchObject({
      _meta: { 'toolpipe/error': { code: 'APPROVAL_UNAVAILABLE' } },
    })
    expect(logger.messages).toEqual([
      expect.stringMatching(
        /^toolpipe\/mcp: the approval request for call "mcp-[0-9a-f-]+" failed$/,
      ) as unknown,
    ])
  })

  it('answers cancelled when the client cancels the tools/call while the form is open', async () => {
    const { server, ran, answers } = servedRegistry()
    const { client } = await connectClient(server, formClient)
    const asked = deferred()
    client.setRequestHandler(ElicitRequestSchema, () => {
      asked.resolve()
      return new Promise<ElicitResult>(() => undefined)
    })
    const controller = new AbortController()
    const call = client.callTool({ name: 'deploy', arguments: {} }, undefined, {
      signal: controller.signal,
    })
    await asked.promise
    controller.abort()
    await expect(call).rejects.toThrow()
    await vi.waitFor(() => {
      expect(answers.map((answer) => answer.outcome)).toEqual([{ kind: 'cancelled' }])
    })
    expect(ran).not.toHaveBeenCalled()
  })

  it('answers unavailable when no client is connected, and cancelled for an aborted signal, without asking', async () => {
    const { server } = servedRegistry()
    const approval = mcpElicitationApproval(server)
    const request = {
      agent,
      toolName: 'deploy',
      callId: asCallId('c1'),
      arguments: {},
      view: { card: 'generic' as const, title: 'Deploy' },
    }
    expect(await approval.request(request)).toEqual({ kind: 'unavailable' })
    expect(await approval.request({ ...request, signal: AbortSignal.abort() })).toEqual({
      kind: 'cancelled',
    })
  })

  it('works with a server it did not create, and gives up after timeoutMs', async () => {
    const logger = recordingLogger()
    const { server } = servedRegistry()
    const { client } = await connectClient(server, formClient)
    client.setRequestHandler(ElicitRequestSchema, () => new Promise<ElicitResult>(() => undefined))
    const approval = mcpElicitationApproval(server, { timeoutMs: 20, logger })
    const outcome = await approval.request({
      agent,
      toolName: 'deploy',
      callId: asCallId('not-an-mcp-call'),
      arguments: {},
      view: { card: 'generic', title: 'Deploy' },
    })
    expect(outcome).toEqual({ kind: 'unavailable' })
    expect(logger.messages).toEqual([
      'toolpipe/mcp: the approval request for call "not-an-mcp-call" failed',
    ])
  })

  it('refuses what it cannot use, with McpBridgeError', () => {
    const { server } = servedRegistry()
    const attempts: [unknown, unknown, string][] = [
      [{}, {}, 'mcpElicitationApproval: server must be an MCP SDK Server, got an empty object'],
      [server, { logger: 1 }, 'mcpElicitationApproval: logger must have a warn method, got 1'],
      [
        server,
        { timeoutMs: -1 },
        'mcpElicitationApproval: timeoutMs must be a positive number of milliseconds no larger than 2147483647, got -1',
      ],
    ]
    for (const [candidate, options, message] of attempts) {
      expect(() => mcpElicitationApproval(candidate as never, options as never)).toThrow(
        new McpBridgeError(message),
      )
    }
  })
})
