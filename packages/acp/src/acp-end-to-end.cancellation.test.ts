import * as acp from '@agentclientprotocol/sdk'
import { asCallId } from '@toolpipe/core'
import { createToolRegistry } from '@toolpipe/tools'
import { describe, expect, it, vi } from 'vitest'
import { createAcpApprovalService } from './create-acp-approval-service.js'
import { streamToolCallsToAcp } from './stream-tool-calls-to-acp.js'
import { readFile } from './__fixtures__/demo-tools.js'
import { ndJsonPair } from './__fixtures__/ndjson-pair.js'
import type { WireMessage } from './__fixtures__/ndjson-pair.js'
import { cwd } from './__fixtures__/prompt-turn.js'

/** End to end over the SDK: a permission request cancelled by its call, and a closed connection. */

function sent(messages: readonly WireMessage[], method: string): unknown[] {
  return messages.filter((message) => message.method === method).map((message) => message.params)
}

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
