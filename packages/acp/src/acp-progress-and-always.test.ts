import * as acp from '@agentclientprotocol/sdk'
import type { RequestPermissionRequest, SessionNotification } from '@agentclientprotocol/sdk'
import { asCallId } from '@toolpipe/core'
import { createToolRegistry, defineTool } from '@toolpipe/tools'
import type { ToolRegistry } from '@toolpipe/tools'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { createAcpApprovalService } from './create-acp-approval-service.js'
import { streamToolCallsToAcp } from './stream-tool-calls-to-acp.js'
import { createAcpSchemaChecker } from './__fixtures__/acp-schema.js'
import { ndJsonPair } from './__fixtures__/ndjson-pair.js'

const schema = createAcpSchemaChecker()
const cwd = '/srv/app'

/** A tool that reports progress while it runs, as a test suite would. */
const runTests = defineTool({
  name: 'run_tests',
  description: 'Run the test suite.',
  parameters: { filter: { type: 'string' } },
  async execute(_args, exec) {
    exec.reportProgress({
      progress: 1,
      total: 2,
      message: 'core',
      content: [{ type: 'text', text: '12 passed' }],
    })
    exec.reportProgress({ progress: 2, total: 2 })
    return [{ type: 'text', text: '24 passed' }]
  },
})

const deploy = defineTool({
  name: 'deploy',
  description: 'Deploy.',
  parameters: {},
  execute: async () => [{ type: 'text', text: 'deployed' }],
})

/**
 * An agent whose every call needs approval, and whose prompt turn runs each tool twice: an
 * always-answer is given once, the second call is answered from the registry's memory.
 */
function askingAgent() {
  const sessions = new Map<string, ToolRegistry>()
  const agentSide = { id: 'agent' }
  return acp
    .agent({ name: 'toolpipe-test-agent' })
    .onRequest(acp.methods.agent.initialize, () => ({
      protocolVersion: acp.PROTOCOL_VERSION,
      agentCapabilities: {},
    }))
    .onRequest(acp.methods.agent.session.new, ({ params, client }) => {
      const sessionId = `sess_${sessions.size + 1}`
      const bridge = { connection: client, sessionId, cwd: params.cwd }
      const registry = createToolRegistry({ approval: createAcpApprovalService(bridge) })
      registry.use(streamToolCallsToAcp(bridge))
      registry.register(runTests)
      registry.register(deploy)
      registry.on('tools/pre-execute', () => ({ kind: 'ask' }))
      sessions.set(sessionId, registry)
      return { sessionId }
    })
    .onRequest(acp.methods.agent.session.prompt, async ({ params }) => {
      const registry = sessions.get(params.sessionId)
      if (registry === undefined) throw acp.RequestError.invalidParams({})
      const results = []
      for (const [callId, name] of [
        ['t1', 'run_tests'],
        ['d1', 'deploy'],
        ['t2', 'run_tests'],
        ['d2', 'deploy'],
      ] as const) {
        results.push(
          await registry.execute({
            callId: asCallId(callId),
            name,
            arguments: {},
            agent: agentSide,
          }),
        )
      }
      return {
        stopReason: 'end_turn',
        _meta: { errors: results.map((r) => r.error?.code ?? null) },
      }
    })
}

/**
 * One prompt turn against a client that allows `run_tests` always and rejects `deploy` always:
 * what crossed the wire and what the client saw.
 */
async function playTurn() {
  const wire = ndJsonPair()
  const agentConnection = askingAgent().connect(wire.agent)
  const updates: SessionNotification[] = []
  const requests: RequestPermissionRequest[] = []
  const client = acp
    .client({ name: 'toolpipe-test-client' })
    .onNotification(acp.methods.client.session.update, ({ params }) => {
      updates.push(params)
    })
    .onRequest(acp.methods.client.session.requestPermission, ({ params }) => {
      requests.push(params)
      const kind = params.toolCall.name === 'run_tests' ? 'allow_always' : 'reject_always'
      const option = params.options.find((candidate) => candidate.kind === kind)
      if (option === undefined) throw new Error(`no ${kind} option offered`)
      return { outcome: { outcome: 'selected', optionId: option.optionId } }
    })
  let errors: unknown
  await client.connectWith(wire.client, async (agent) => {
    await agent.request(acp.methods.agent.initialize, { protocolVersion: acp.PROTOCOL_VERSION })
    const { sessionId } = await agent.request(acp.methods.agent.session.new, {
      cwd,
      mcpServers: [],
    })
    const response = await agent.request(acp.methods.agent.session.prompt, {
      sessionId,
      prompt: [{ type: 'text', text: 'test and deploy, twice' }],
    })
    errors = response._meta?.errors
  })
  agentConnection.close()
  return { wire, updates, requests, errors }
}

describe('end to end over the SDK: progress and always-answers', () => {
  let turn: Awaited<ReturnType<typeof playTurn>>
  beforeAll(async () => {
    turn = await playTurn()
  })

  it('remembers allow_always / reject_always: asked once per tool', () => {
    const { requests, errors } = turn
    // Asked once per tool; the second call of each was answered from memory.
    expect(requests.map((request) => request.toolCall.toolCallId)).toEqual(['t1', 'd1'])
    expect(requests[0]?.options.map((option) => option.kind)).toEqual([
      'allow_once',
      'allow_always',
      'reject_once',
      'reject_always',
    ])
    expect(errors).toEqual([null, 'APPROVAL_REJECTED', null, 'APPROVAL_REJECTED'])
  })

  it('sends only updates the protocol’s schema allows, which the client’s SDK parses as sent', () => {
    const { wire, updates } = turn
    // Every update is valid against the protocol's schema, and the client's SDK parsed it as sent.
    const wireUpdates = wire.fromAgent
      .filter((message) => message.method === 'session/update')
      .map((message) => message.params)
    for (const notification of wireUpdates) {
      expect(schema.errors('SessionNotification', notification)).toEqual([])
    }
    expect(updates).toEqual(wireUpdates)
  })

  it('streams progress as in_progress updates', () => {
    const ofCall = (callId: string) =>
      turn.updates
        .map((notification) => notification.update)
        .filter((update) => 'toolCallId' in update && update.toolCallId === callId)
    expect(ofCall('t1').slice(1)).toEqual([
      { sessionUpdate: 'tool_call_update', toolCallId: 't1', status: 'in_progress' },
      {
        sessionUpdate: 'tool_call_update',
        toolCallId: 't1',
        status: 'in_progress',
        content: [{ type: 'content', content: { type: 'text', text: '12 passed' } }],
        _meta: { toolpipe_progress: { progress: 1, total: 2, message: 'core' } },
      },
      {
        sessionUpdate: 'tool_call_update',
        toolCallId: 't1',
        status: 'in_progress',
        _meta: { toolpipe_progress: { progress: 2, total: 2 } },
      },
      {
        sessionUpdate: 'tool_call_update',
        toolCallId: 't1',
        status: 'completed',
        title: 'run_tests',
        content: [{ type: 'content', content: { type: 'text', text: '24 passed' } }],
      },
    ])
    expect(ofCall('d2').map((update) => ('status' in update ? update.status : undefined))).toEqual([
      'pending',
      'failed',
    ])
  })
})

describe('streamToolCallsToAcp: progress without a UI to hear it', () => {
  it('a progress update the client cannot take is logged, never passed to the tool', async () => {
    const logger = { warn: vi.fn<(message: string, ...details: unknown[]) => void>() }
    const registry = createToolRegistry({ logger })
    registry.register(runTests)
    registry.use(
      streamToolCallsToAcp({
        connection: {
          notify: () => Promise.reject(new Error('closed')),
          request: () => Promise.reject(new Error('closed')),
        },
        sessionId: 's',
        cwd,
      }),
    )
    const result = await registry.execute({
      callId: asCallId('t'),
      name: 'run_tests',
      arguments: {},
    })
    await new Promise((resolve) => {
      setImmediate(resolve)
    })
    expect(result.isError).toBe(false)
    expect(logger.warn.mock.calls.map((call) => call[0])).toContain(
      'toolpipe/acp: could not send the tool_call_update update of call "t"',
    )
  })
})
