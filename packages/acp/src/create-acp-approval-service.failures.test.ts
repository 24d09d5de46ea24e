import { asCallId } from '@toolpipe/core'
import { createToolRegistry } from '@toolpipe/tools'
import type { ApprovalRequest } from '@toolpipe/tools'
import { describe, expect, it } from 'vitest'
import type { AcpClientConnection } from './acp-client-connection.js'
import { createAcpApprovalService } from './create-acp-approval-service.js'
import { cwd } from './__fixtures__/cards.js'
import { shell } from './__fixtures__/demo-tools.js'
import { recordingConnection } from './__fixtures__/recording-connection.js'
import { agent, answer, approvalRequest, silentLogger } from './__fixtures__/approval-request.js'

/** `createAcpApprovalService`: cancellation, failures, and the service inside the pipeline. */

describe('createAcpApprovalService: cancellation and failures', () => {
  it('answers cancelled without asking when the signal has already aborted', async () => {
    const recorder = recordingConnection()
    const service = createAcpApprovalService({
      connection: recorder.connection,
      sessionId: 's',
      cwd,
    })
    const controller = new AbortController()
    controller.abort()
    await expect(service.request(approvalRequest({ signal: controller.signal }))).resolves.toEqual({
      kind: 'cancelled',
    })
    expect(recorder.sent).toEqual([])
  })

  it('stops waiting and answers cancelled when the signal aborts, telling the SDK to cancel', async () => {
    let rejectLate: (error: Error) => void = () => undefined
    const recorder = recordingConnection(
      () =>
        new Promise((_, reject) => {
          rejectLate = reject
        }),
    )
    const service = createAcpApprovalService({
      connection: recorder.connection,
      sessionId: 's',
      cwd,
    })
    const controller = new AbortController()
    const outcome = service.request(approvalRequest({ signal: controller.signal }))
    await Promise.resolve()
    controller.abort()
    await expect(outcome).resolves.toEqual({ kind: 'cancelled' })
    expect(recorder.sent[0]).toMatchObject({
      options: { cancellationSignal: controller.signal, stopWaitingOnCancel: true },
    })
    // The SDK then rejects the abandoned request; nothing is left unhandled.
    rejectLate(new Error('request cancelled'))
    await new Promise((resolve) => setTimeout(resolve, 0))
  })

  it('answers cancelled when the request fails because the signal aborted', async () => {
    const controller = new AbortController()
    const logger = silentLogger()
    const connection: AcpClientConnection = {
      notify: async () => undefined,
      request: async () => {
        controller.abort()
        throw new Error('-32800 request cancelled')
      },
    }
    const service = createAcpApprovalService({ connection, sessionId: 's', cwd, logger })
    await expect(service.request(approvalRequest({ signal: controller.signal }))).resolves.toEqual({
      kind: 'cancelled',
    })
    expect(logger.warn).not.toHaveBeenCalled()
  })

  it('answers unavailable when the request fails, and says why', async () => {
    const closed = new Error('ACP connection closed')
    const logger = silentLogger()
    const service = createAcpApprovalService({
      connection: recordingConnection(() => Promise.reject(closed)).connection,
      sessionId: 's',
      cwd,
      logger,
    })
    await expect(service.request(approvalRequest())).resolves.toEqual({ kind: 'unavailable' })
    expect(logger.warn).toHaveBeenCalledWith(
      'toolpipe/acp: the permission request for call "call_7" failed',
      closed,
    )
  })

  it('answers unavailable when sending throws, even with a throwing logger', async () => {
    const connection: AcpClientConnection = {
      notify: async () => undefined,
      request: () => {
        throw new Error('stream closed')
      },
    }
    const logger = {
      warn: () => {
        throw new Error('logger down')
      },
    }
    const service = createAcpApprovalService({ connection, sessionId: 's', cwd, logger })
    await expect(service.request(approvalRequest())).resolves.toEqual({ kind: 'unavailable' })
  })

  it('refuses an approval request it cannot map', async () => {
    const service = createAcpApprovalService({
      connection: recordingConnection().connection,
      sessionId: 's',
      cwd,
    })
    await expect(
      service.request({ ...approvalRequest(), callId: 7 } as unknown as ApprovalRequest),
    ).rejects.toMatchObject({
      code: 'INVALID_CONTEXT',
      message: 'approval request.callId must be a string, got 7',
    })
  })
})

describe('createAcpApprovalService: in the pipeline', () => {
  it('runs the call when the person allows it and denies it when they reject it', async () => {
    const recorder = recordingConnection(async (params) => ({
      outcome: {
        outcome: 'selected',
        optionId: params.toolCall.title === 'git push' ? 'reject_once' : 'allow_once',
      },
    }))
    const registry = createToolRegistry({
      approval: createAcpApprovalService({ connection: recorder.connection, sessionId: 's', cwd }),
    })
    registry.register(shell)
    registry.on('tools/pre-execute', () => ({ kind: 'ask', reason: 'runs a command' }))
    const run = (id: string, command: string) =>
      registry.execute({ callId: asCallId(id), name: 'shell', arguments: { command }, agent })

    expect(await run('c1', 'ls')).toMatchObject({ isError: false })
    expect(await run('c2', 'git push')).toEqual({
      content: [{ type: 'text', text: 'Error: the user rejected tool "shell"' }],
      isError: true,
      error: { name: 'ToolDeniedError', code: 'APPROVAL_REJECTED' },
    })
    expect(recorder.permissionRequests().map((request) => request.toolCall.toolCallId)).toEqual([
      'c1',
      'c2',
    ])
  })

  it('fails the call closed on an answer that is not an answer', async () => {
    const registry = createToolRegistry({
      approval: createAcpApprovalService({
        connection: recordingConnection(
          answer({ outcome: { outcome: 'selected', optionId: 'yes' } }),
        ).connection,
        sessionId: 's',
        cwd,
      }),
    })
    registry.register(shell)
    registry.on('tools/pre-execute', () => ({ kind: 'ask' }))
    const result = await registry.execute({
      callId: asCallId('c1'),
      name: 'shell',
      arguments: { command: 'ls' },
      agent,
    })
    expect(result).toMatchObject({
      isError: true,
      error: { name: 'AcpBridgeError', code: 'INVALID_PERMISSION_RESPONSE' },
    })
  })
})
