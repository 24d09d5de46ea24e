import type { RequestPermissionResponse } from '@agentclientprotocol/sdk'
import { asCallId } from '@toolpipe/core'
import type { ToolCallView } from '@toolpipe/presentation'
import { createToolRegistry } from '@toolpipe/tools'
import type { ApprovalRequest } from '@toolpipe/tools'
import { describe, expect, it, vi } from 'vitest'
import type { AcpClientConnection } from './acp-client-connection.js'
import { createAcpApprovalService } from './create-acp-approval-service.js'
import type { AcpApprovalServiceOptions } from './create-acp-approval-service.js'
import { createAcpSchemaChecker } from './__fixtures__/acp-schema.js'
import { cwd } from './__fixtures__/cards.js'
import { shell } from './__fixtures__/demo-tools.js'
import { recordingConnection } from './__fixtures__/recording-connection.js'

const schema = createAcpSchemaChecker()
const agent = { id: 'main' }
const terminalCard: ToolCallView = { card: 'terminal', title: 'rm -rf build', cwd: 'packages/core' }

function approvalRequest(extra: Partial<ApprovalRequest> = {}): ApprovalRequest {
  return {
    agent,
    toolName: 'shell',
    callId: asCallId('call_7'),
    arguments: { command: 'rm -rf build' },
    view: terminalCard,
    ...extra,
  }
}

const answer = (response: unknown) => async (): Promise<RequestPermissionResponse> =>
  response as RequestPermissionResponse

function silentLogger() {
  return { warn: vi.fn<(message: string, ...details: unknown[]) => void>() }
}

describe('createAcpApprovalService: the request', () => {
  it('carries the pending card, the ask’s reason and the four options', async () => {
    const recorder = recordingConnection()
    const service = createAcpApprovalService({
      connection: recorder.connection,
      sessionId: 'sess_1',
      cwd,
    })
    await service.request(approvalRequest({ reason: 'deletes files' }))
    const [request] = recorder.permissionRequests()
    expect(request).toEqual({
      sessionId: 'sess_1',
      toolCall: {
        toolCallId: 'call_7',
        title: 'rm -rf build',
        kind: 'execute',
        status: 'pending',
        name: 'shell',
        content: [
          { type: 'content', content: { type: 'text', text: 'Working directory: packages/core' } },
          { type: 'content', content: { type: 'text', text: 'deletes files' } },
        ],
      },
      options: [
        { optionId: 'allow_once', name: 'Allow', kind: 'allow_once' },
        { optionId: 'allow_always', name: 'Always allow', kind: 'allow_always' },
        { optionId: 'reject_once', name: 'Reject', kind: 'reject_once' },
        { optionId: 'reject_always', name: 'Always reject', kind: 'reject_always' },
      ],
    })
    expect(schema.errors('RequestPermissionRequest', request)).toEqual([])
    expect(recorder.sent[0]).toMatchObject({ options: undefined })
  })

  it('maps the card as toAcpToolCall does, terminal convention included', async () => {
    const recorder = recordingConnection()
    const service = createAcpApprovalService({
      connection: recorder.connection,
      sessionId: 'sess_1',
      cwd,
      terminalOutput: true,
    })
    await service.request(approvalRequest())
    const [request] = recorder.permissionRequests()
    expect(request?.toolCall).toMatchObject({
      content: [
        { type: 'content', content: { type: 'text', text: 'Working directory: packages/core' } },
        { type: 'terminal', terminalId: 'call_7' },
      ],
      _meta: { terminal_info: { terminal_id: 'call_7', cwd: '/srv/app/packages/core' } },
    })
    expect(schema.errors('RequestPermissionRequest', request)).toEqual([])

    await service.request(
      approvalRequest({
        view: {
          card: 'diff',
          title: '/srv/app/a.ts',
          diffs: [{ path: 'a.ts', oldText: null, newText: 'x' }],
        },
      }),
    )
    const diffRequest = recorder.permissionRequests()[1]
    expect(diffRequest?.toolCall).toMatchObject({
      title: 'a.ts',
      kind: 'edit',
      content: [{ type: 'diff', path: '/srv/app/a.ts', oldText: null, newText: 'x' }],
    })
    expect(schema.errors('RequestPermissionRequest', diffRequest)).toEqual([])
  })

  it('shows a view that is not a valid card as a generic card named after the tool', async () => {
    const recorder = recordingConnection()
    const service = createAcpApprovalService({
      connection: recorder.connection,
      sessionId: 's',
      cwd,
    })
    await service.request(
      approvalRequest({ view: { card: 'terminal' } as unknown as ToolCallView }),
    )
    const [request] = recorder.permissionRequests()
    expect(request?.toolCall).toEqual({
      toolCallId: 'call_7',
      title: 'shell',
      kind: 'other',
      status: 'pending',
      name: 'shell',
    })
    expect(schema.errors('RequestPermissionRequest', request)).toEqual([])
  })
})

describe('createAcpApprovalService: the answer', () => {
  it.each([
    [{ outcome: { outcome: 'selected', optionId: 'allow_once' } }, { kind: 'allowed-once' }],
    [{ outcome: { outcome: 'selected', optionId: 'allow_always' } }, { kind: 'allowed-always' }],
    [{ outcome: { outcome: 'selected', optionId: 'reject_once' } }, { kind: 'rejected' }],
    [{ outcome: { outcome: 'selected', optionId: 'reject_always' } }, { kind: 'rejected-always' }],
    [{ outcome: { outcome: 'cancelled' } }, { kind: 'cancelled' }],
    [
      { outcome: { outcome: 'selected', optionId: 'allow_once', _meta: { x: 1 } }, _meta: null },
      { kind: 'allowed-once' },
    ],
  ])('%o → %o', async (response, outcome) => {
    expect(schema.errors('RequestPermissionResponse', response)).toEqual([])
    const service = createAcpApprovalService({
      connection: recordingConnection(answer(response)).connection,
      sessionId: 's',
      cwd,
    })
    await expect(service.request(approvalRequest())).resolves.toEqual(outcome)
  })

  it.each([
    ['null', null, 'has no outcome (got null)'],
    ['an empty object', {}, 'has no outcome (got an empty object)'],
    [
      'an unknown outcome',
      { outcome: { outcome: 'maybe' } },
      'has outcome "maybe"; expected "selected" or "cancelled"',
    ],
    [
      'an option not offered',
      { outcome: { outcome: 'selected', optionId: 'allow_forever' } },
      'selected "allow_forever", which is not one of the options offered (allow_once, allow_always, reject_once, reject_always)',
    ],
    [
      'a selection without option',
      { outcome: { outcome: 'selected' } },
      'selected undefined, which is not one of the options offered',
    ],
    [
      'a throwing getter',
      {
        outcome: Object.defineProperty({}, 'outcome', {
          get: () => {
            throw new Error('x')
          },
        }),
      },
      'has outcome undefined',
    ],
  ])('refuses %s with INVALID_PERMISSION_RESPONSE', async (_, response, problem) => {
    const service = createAcpApprovalService({
      connection: recordingConnection(answer(response)).connection,
      sessionId: 's',
      cwd,
    })
    await expect(service.request(approvalRequest())).rejects.toMatchObject({
      name: 'AcpBridgeError',
      code: 'INVALID_PERMISSION_RESPONSE',
      message: expect.stringContaining(
        `the client's answer to session/request_permission ${problem}`,
      ) as string,
    })
  })
})

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

describe('createAcpApprovalService: options', () => {
  it.each([
    [
      { sessionId: 's', cwd },
      'createAcpApprovalService: options.connection must have a request method, got undefined',
    ],
    [
      { connection: {}, sessionId: 's', cwd },
      'createAcpApprovalService: options.connection must have a request method, got an empty object',
    ],
    [
      { connection: recordingConnection().connection, cwd },
      'createAcpApprovalService: options.sessionId must be a string, got undefined',
    ],
    [
      { connection: recordingConnection().connection, sessionId: 's', cwd: './app' },
      'createAcpApprovalService: options.cwd must be an absolute path, got "./app"',
    ],
    [
      { connection: recordingConnection().connection, sessionId: 's', cwd, terminalOutput: 'on' },
      'createAcpApprovalService: options.terminalOutput must be a boolean, got "on"',
    ],
  ])('refuses %o with INVALID_OPTIONS', (options, message) => {
    expect(() => createAcpApprovalService(options as unknown as AcpApprovalServiceOptions)).toThrow(
      expect.objectContaining({ name: 'AcpBridgeError', code: 'INVALID_OPTIONS', message }),
    )
  })
})
