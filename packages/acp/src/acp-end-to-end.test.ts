import * as acp from '@agentclientprotocol/sdk'
import type {
  RequestPermissionRequest,
  SessionNotification,
  SessionUpdate,
} from '@agentclientprotocol/sdk'
import { asCallId } from '@toolpipe/core'
import { createToolRegistry } from '@toolpipe/tools'
import type { ToolRegistry, ToolRegistryLogger } from '@toolpipe/tools'
import { describe, expect, it, vi } from 'vitest'
import { clientSupportsTerminalOutput } from './client-supports-terminal-output.js'
import { createAcpApprovalService } from './create-acp-approval-service.js'
import { streamToolCallsToAcp } from './stream-tool-calls-to-acp.js'
import { createAcpSchemaChecker } from './__fixtures__/acp-schema.js'
import { editFile, readFile, shell } from './__fixtures__/demo-tools.js'
import { ndJsonPair } from './__fixtures__/ndjson-pair.js'
import type { WireMessage } from './__fixtures__/ndjson-pair.js'

const schema = createAcpSchemaChecker()
const cwd = '/srv/app'

/**
 * An ACP agent built on the SDK's app API whose sessions each own a tool registry with the
 * bridge installed, and whose prompt turn runs a fixed script of tool calls.
 */
function toolAgent(logger: ToolRegistryLogger) {
  let terminalOutput = false
  const sessions = new Map<string, ToolRegistry>()
  const agentSide = { id: 'agent' }
  const app = acp
    .agent({ name: 'toolpipe-test-agent' })
    .onRequest(acp.methods.agent.initialize, ({ params }) => {
      terminalOutput = clientSupportsTerminalOutput(params.clientCapabilities)
      return { protocolVersion: acp.PROTOCOL_VERSION, agentCapabilities: {} }
    })
    .onRequest(acp.methods.agent.session.new, ({ params, client }) => {
      const sessionId = `sess_${sessions.size + 1}`
      const bridge = { connection: client, sessionId, cwd: params.cwd, terminalOutput }
      const registry = createToolRegistry({ approval: createAcpApprovalService(bridge), logger })
      registry.use(streamToolCallsToAcp(bridge))
      for (const tool of [readFile, editFile, shell]) registry.register(tool)
      // Policy: edits and deletions need the person's approval.
      registry.on('tools/pre-execute', (exec, next) => {
        const command = (exec.arguments as { command?: unknown }).command
        return exec.name === 'edit_file' ||
          (typeof command === 'string' && command.startsWith('rm '))
          ? { kind: 'ask', reason: 'changes files' }
          : next()
      })
      sessions.set(sessionId, registry)
      return { sessionId }
    })
    .onRequest(acp.methods.agent.session.prompt, async ({ params }) => {
      const registry = sessions.get(params.sessionId)
      if (registry === undefined)
        throw acp.RequestError.invalidParams({ sessionId: params.sessionId })
      const script: [string, string, unknown][] = [
        ['call_read', 'read_file', { path: `${cwd}/src/greet.ts` }],
        ['call_edit', 'edit_file', { path: 'src/greet.ts', oldText: 'hi\n', newText: 'hello\n' }],
        [
          'call_test',
          'shell',
          { command: 'npm test', cwd: 'packages/core', description: 'Run the tests' },
        ],
        ['call_rm', 'shell', { command: 'rm -rf /' }],
        ['call_fail', 'shell', { command: 'false' }],
        ['call_unknown', 'deploy', { env: 'prod' }],
      ]
      for (const [callId, name, args] of script) {
        await registry.execute({
          callId: asCallId(callId),
          name,
          arguments: args,
          agent: agentSide,
        })
      }
      return { stopReason: 'end_turn' }
    })
  return app
}

/** A client that records what it parses and approves edits but never deletions. */
function recordingClient() {
  const updates: SessionNotification[] = []
  const permissionRequests: RequestPermissionRequest[] = []
  const app = acp
    .client({ name: 'toolpipe-test-client' })
    .onNotification(acp.methods.client.session.update, ({ params }) => {
      updates.push(params)
    })
    .onRequest(acp.methods.client.session.requestPermission, ({ params }) => {
      permissionRequests.push(params)
      const wanted = params.toolCall.kind === 'edit' ? 'allow_once' : 'reject_once'
      const option = params.options.find((candidate) => candidate.kind === wanted)
      if (option === undefined) throw new Error(`no ${wanted} option offered`)
      return { outcome: { outcome: 'selected', optionId: option.optionId } }
    })
  return { app, updates, permissionRequests }
}

function sent(messages: readonly WireMessage[], method: string): unknown[] {
  return messages.filter((message) => message.method === method).map((message) => message.params)
}

const textItem = (value: string) => ({ type: 'content', content: { type: 'text', text: value } })

describe.each([false, true])('end to end over the SDK (terminal output: %s)', (terminalOutput) => {
  it('streams every call and answers every approval', async () => {
    const logger = { warn: vi.fn<(message: string, ...details: unknown[]) => void>() }
    const wire = ndJsonPair()
    const agentConnection = toolAgent(logger).connect(wire.agent)
    const client = recordingClient()

    await client.app.connectWith(wire.client, async (agent) => {
      const initialized = await agent.request(acp.methods.agent.initialize, {
        protocolVersion: acp.PROTOCOL_VERSION,
        clientCapabilities: { _meta: { terminal_output: terminalOutput } },
      })
      expect(initialized.protocolVersion).toBe(acp.PROTOCOL_VERSION)
      const { sessionId } = await agent.request(acp.methods.agent.session.new, {
        cwd,
        mcpServers: [],
      })
      const response = await agent.request(acp.methods.agent.session.prompt, {
        sessionId,
        prompt: [{ type: 'text', text: 'greet more warmly' }],
      })
      expect(response.stopReason).toBe('end_turn')
    })
    agentConnection.close()
    expect(logger.warn).not.toHaveBeenCalled()

    // Everything the bridge put on the wire is valid against the protocol's own schema …
    const wireUpdates = sent(wire.fromAgent, 'session/update')
    const wireRequests = sent(wire.fromAgent, 'session/request_permission')
    for (const notification of wireUpdates) {
      expect(schema.errors('SessionNotification', notification)).toEqual([])
    }
    for (const request of wireRequests) {
      expect(schema.errors('RequestPermissionRequest', request)).toEqual([])
    }
    const answers = wire.fromClient.filter(
      (message) => message.id !== undefined && message.method === undefined,
    )
    // initialize, session/new and session/prompt went the other way; the two answers came back.
    expect(answers).toHaveLength(2)
    for (const answer of answers) {
      expect(schema.errors('RequestPermissionResponse', answer.result)).toEqual([])
    }
    expect(wireUpdates).toHaveLength(16)
    expect(wireRequests).toHaveLength(2)
    // … and the client's SDK parsed all of it without dropping a member.
    expect(client.updates).toEqual(wireUpdates)
    expect(client.permissionRequests).toEqual(wireRequests)

    const byCall = new Map<string, string[]>()
    const updates: SessionUpdate[] = client.updates.map((notification) => notification.update)
    for (const update of updates) {
      if (update.sessionUpdate !== 'tool_call' && update.sessionUpdate !== 'tool_call_update')
        continue
      const statuses = byCall.get(update.toolCallId) ?? []
      statuses.push(String(update.status))
      byCall.set(update.toolCallId, statuses)
    }
    expect(Object.fromEntries(byCall)).toEqual({
      call_read: ['pending', 'in_progress', 'completed'],
      call_edit: ['pending', 'in_progress', 'completed'],
      call_test: ['pending', 'in_progress', 'completed'],
      call_rm: ['pending', 'failed'],
      call_fail: ['pending', 'in_progress', 'completed'],
      // An unknown tool fails before anything runs (SPEC §6.3 step 3): it never was in progress.
      call_unknown: ['pending', 'failed'],
    })

    // The permission requests came after their pending card, carried it, and were answered.
    expect(
      client.permissionRequests.map((request) => [
        request.toolCall.toolCallId,
        request.toolCall.title,
      ]),
    ).toEqual([
      ['call_edit', 'src/greet.ts'],
      ['call_rm', 'rm -rf /'],
    ])
    expect(client.permissionRequests[0]?.toolCall.content).toEqual([
      { type: 'diff', path: '/srv/app/src/greet.ts', oldText: 'hi\n', newText: 'hello\n' },
      textItem('changes files'),
    ])
    const order = wire.fromAgent
      .filter((message) => message.method !== undefined)
      .map((message) =>
        message.method === 'session/update'
          ? `${(message.params as SessionNotification).update.sessionUpdate}:${(message.params as { update: { toolCallId: string } }).update.toolCallId}`
          : `${String(message.method)}:${(message.params as RequestPermissionRequest).toolCall.toolCallId}`,
      )
    expect(order.indexOf('session/request_permission:call_edit')).toBe(
      order.indexOf('tool_call:call_edit') + 1,
    )

    const last = (callId: string) =>
      updates.findLast((update) => 'toolCallId' in update && update.toolCallId === callId)
    expect(
      updates.find(
        (update) => update.sessionUpdate === 'tool_call' && update.toolCallId === 'call_read',
      ),
    ).toMatchObject({
      title: 'src/greet.ts',
      kind: 'read',
      locations: [{ path: '/srv/app/src/greet.ts', line: 1 }],
    })
    expect(last('call_edit')).toMatchObject({
      status: 'completed',
      content: [
        { type: 'diff', path: '/srv/app/src/greet.ts', oldText: 'hi\n', newText: 'hello\n' },
      ],
    })
    expect(last('call_rm')).toMatchObject(
      terminalOutput
        ? {
            status: 'failed',
            _meta: {
              terminal_output: {
                terminal_id: 'call_rm',
                data: 'Error: the user rejected tool "shell"',
              },
            },
          }
        : {
            status: 'failed',
            content: [textItem('```console\nError: the user rejected tool "shell"\n```')],
          },
    )
    expect(last('call_unknown')).toMatchObject({
      status: 'failed',
      title: 'deploy',
      content: [textItem('Error: unknown tool "deploy"')],
    })

    const pendingTest = updates.find(
      (update) => update.sessionUpdate === 'tool_call' && update.toolCallId === 'call_test',
    )
    if (terminalOutput) {
      expect(pendingTest).toMatchObject({
        kind: 'execute',
        content: [
          textItem('Run the tests'),
          textItem('Working directory: packages/core'),
          { type: 'terminal', terminalId: 'call_test' },
        ],
        _meta: { terminal_info: { terminal_id: 'call_test', cwd: '/srv/app/packages/core' } },
      })
      expect(last('call_test')).toEqual({
        sessionUpdate: 'tool_call_update',
        toolCallId: 'call_test',
        status: 'completed',
        _meta: {
          terminal_output: { terminal_id: 'call_test', data: '$ npm test\n(output)\n' },
          terminal_exit: { terminal_id: 'call_test', exit_code: 0, signal: null },
        },
      })
      expect(last('call_fail')).toMatchObject({
        _meta: { terminal_exit: { terminal_id: 'call_fail', exit_code: 1, signal: null } },
      })
    } else {
      expect(pendingTest).not.toHaveProperty('_meta')
      expect(last('call_test')).toEqual({
        sessionUpdate: 'tool_call_update',
        toolCallId: 'call_test',
        status: 'completed',
        content: [textItem('```console\n$ npm test\n(output)\n```')],
      })
      expect(last('call_fail')).toMatchObject({
        content: [textItem('```console\n$ false\n(output)\n```\n\nExited with code 1.')],
      })
    }
  })
})

describe('end to end over the SDK: cancellation and a closed connection', () => {
  const approvalRequest = (signal?: AbortSignal) => ({
    agent: { id: 'agent' },
    toolName: 'shell',
    callId: asCallId('call_1'),
    arguments: { command: 'rm -rf build' },
    view: { card: 'terminal', title: 'rm -rf build' } as const,
    ...(signal === undefined ? {} : { signal }),
  })

  it('cancels a pending permission request when the call’s signal aborts', async () => {
    const wire = ndJsonPair()
    const agentConnection = acp.agent().connect(wire.agent)
    let clientSawCancel: (reason: unknown) => void = () => undefined
    const cancelSeen = new Promise((resolve) => {
      clientSawCancel = resolve
    })
    const clientConnection = acp
      .client()
      .onRequest(
        acp.methods.client.session.requestPermission,
        ({ signal }) =>
          new Promise((resolve) => {
            signal.addEventListener('abort', () => {
              clientSawCancel(signal.reason)
              resolve({ outcome: { outcome: 'cancelled' } })
            })
          }),
      )
      .connect(wire.client)
    const service = createAcpApprovalService({
      connection: agentConnection.client,
      sessionId: 's',
      cwd,
    })
    const controller = new AbortController()
    const outcome = service.request(approvalRequest(controller.signal))
    await vi.waitFor(() => {
      expect(sent(wire.fromAgent, 'session/request_permission')).toHaveLength(1)
    })
    controller.abort()
    await expect(outcome).resolves.toEqual({ kind: 'cancelled' })
    await cancelSeen
    expect(wire.fromAgent.map((message) => message.method)).toEqual([
      'session/request_permission',
      '$/cancel_request',
    ])
    agentConnection.close()
    clientConnection.close()
  })

  it('answers unavailable and logs the sends once the connection is closed', async () => {
    const wire = ndJsonPair()
    const agentConnection = acp.agent().connect(wire.agent)
    const clientConnection = acp.client().connect(wire.client)
    agentConnection.close()
    await agentConnection.closed
    const logger = { warn: vi.fn<(message: string, ...details: unknown[]) => void>() }
    const bridge = { connection: agentConnection.client, sessionId: 's', cwd, logger }
    const service = createAcpApprovalService(bridge)
    await expect(service.request(approvalRequest())).resolves.toEqual({ kind: 'unavailable' })

    const registry = createToolRegistry({ logger })
    registry.register(readFile)
    registry.use(streamToolCallsToAcp(bridge))
    const result = await registry.execute({
      callId: asCallId('c1'),
      name: 'read_file',
      arguments: { path: 'a' },
    })
    expect(result.isError).toBe(false)
    await vi.waitFor(() => {
      expect(logger.warn).toHaveBeenCalledTimes(4)
    })
    expect(logger.warn.mock.calls.map(([message]) => message)).toEqual([
      'toolpipe/acp: the permission request for call "call_1" failed',
      'toolpipe/acp: could not send the tool_call update of call "c1"',
      'toolpipe/acp: could not send the tool_call_update update of call "c1"',
      'toolpipe/acp: could not send the tool_call_update update of call "c1"',
    ])
    clientConnection.close()
  })
})
