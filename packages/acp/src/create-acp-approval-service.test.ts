import type { ToolCallView } from '@toolpipe/presentation'
import { describe, expect, it } from 'vitest'
import { createAcpApprovalService } from './create-acp-approval-service.js'
import type { AcpApprovalServiceOptions } from './create-acp-approval-service.js'
import { createAcpSchemaChecker } from './__fixtures__/acp-schema.js'
import { cwd } from './__fixtures__/cards.js'
import { recordingConnection } from './__fixtures__/recording-connection.js'
import { answer, approvalRequest } from './__fixtures__/approval-request.js'

const schema = createAcpSchemaChecker()

/** `createAcpApprovalService`: the permission request it sends, the answers it reads, the options it refuses. */

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
