import type {
  AgentContext,
  ClientCapabilities,
  RequestPermissionRequest,
  SessionNotification,
  SessionUpdate,
  ToolCall,
  ToolCallUpdate,
} from '@agentclientprotocol/sdk'
import type { ToolCallView, ToolResultView } from '@toolpipe/presentation'
import type { ApprovalService, ToolRegistryPlugin } from '@toolpipe/tools'
import { describe, expectTypeOf, it } from 'vitest'
import type {
  AcpApprovalServiceOptions,
  AcpBridgeError,
  AcpBridgeErrorCode,
  AcpClientConnection,
  AcpToolCall,
  AcpToolCallContext,
  AcpToolCallUpdate,
  AcpToolCallUpdateContext,
  StreamToolCallsToAcpOptions,
} from './index.js'
import {
  clientSupportsTerminalOutput,
  createAcpApprovalService,
  streamToolCallsToAcp,
  toAcpToolCall,
  toAcpToolCallUpdate,
} from './index.js'

declare const connection: AcpClientConnection
const card: ToolCallView = { card: 'generic', title: 't' }

describe('the mapping functions', () => {
  it('return the SDK’s own session update types', () => {
    expectTypeOf(toAcpToolCall).parameters.toEqualTypeOf<[ToolCallView, AcpToolCallContext]>()
    expectTypeOf(toAcpToolCall).returns.toEqualTypeOf<AcpToolCall>()
    expectTypeOf<AcpToolCall>().toEqualTypeOf<ToolCall & { sessionUpdate: 'tool_call' }>()
    expectTypeOf<AcpToolCall>().toExtend<SessionUpdate>()
    expectTypeOf(toAcpToolCallUpdate).parameters.toEqualTypeOf<
      [ToolResultView, AcpToolCallUpdateContext]
    >()
    expectTypeOf<AcpToolCallUpdate>().toEqualTypeOf<
      ToolCallUpdate & { sessionUpdate: 'tool_call_update' }
    >()
    expectTypeOf<AcpToolCallUpdate>().toExtend<SessionUpdate>()
    const notification: SessionNotification = {
      sessionId: 's',
      update: toAcpToolCall(card, { toolCallId: 'c', cwd: '/' }),
    }
    expectTypeOf(notification).toExtend<SessionNotification>()
  })

  it('require the context members the mapping needs', () => {
    expectTypeOf<AcpToolCallContext['terminalOutput']>().toEqualTypeOf<boolean | undefined>()
    expectTypeOf<AcpToolCallUpdateContext['isError']>().toEqualTypeOf<boolean>()
    // @ts-expect-error: the session cwd is required
    toAcpToolCall(card, { toolCallId: 'c' })
    // @ts-expect-error: so is the call id
    toAcpToolCall(card, { cwd: '/' })
    // @ts-expect-error: a completed card needs isError
    toAcpToolCallUpdate({ card: 'generic' }, { toolCallId: 'c', cwd: '/' })
    const context = { toolCallId: 'c', cwd: '/' }
    // @ts-expect-error: not a card
    toAcpToolCall({ card: 'chart', title: 't' }, context)
    // @ts-expect-error: a completed card's member on a pending card
    toAcpToolCall({ card: 'terminal', title: 'ls', output: 'a' }, context)
    const pending = { card: 'diff', diffs: [] } as const
    // @ts-expect-error: pending takes a pending card, which has a title
    toAcpToolCallUpdate({ card: 'generic' }, { ...context, isError: true, pending })
  })
})

describe('AcpClientConnection', () => {
  it('is satisfied by the SDK’s AgentContext', () => {
    expectTypeOf<AgentContext>().toExtend<AcpClientConnection>()
    expectTypeOf<AcpClientConnection['request']>().parameters.toEqualTypeOf<
      [
        'session/request_permission',
        RequestPermissionRequest,
        ({ cancellationSignal?: AbortSignal; stopWaitingOnCancel?: boolean } | undefined)?,
      ]
    >()
  })

  it('needs both methods', () => {
    const notifyOnly = { notify: connection.notify }
    const requestOnly = { request: connection.request }
    // @ts-expect-error: the stream sends notifications
    streamToolCallsToAcp({ connection: requestOnly, sessionId: 's', cwd: '/' })
    // @ts-expect-error: the approval service sends requests
    createAcpApprovalService({ connection: notifyOnly, sessionId: 's', cwd: '/' })
  })
})

describe('the approval service and the stream', () => {
  it('plug into the registry', () => {
    expectTypeOf(createAcpApprovalService).parameters.toEqualTypeOf<[AcpApprovalServiceOptions]>()
    expectTypeOf(createAcpApprovalService).returns.toEqualTypeOf<ApprovalService>()
    expectTypeOf(streamToolCallsToAcp).parameters.toEqualTypeOf<[StreamToolCallsToAcpOptions]>()
    expectTypeOf(streamToolCallsToAcp).returns.toEqualTypeOf<ToolRegistryPlugin>()
    expectTypeOf<StreamToolCallsToAcpOptions['scope']>().toEqualTypeOf<
      { readonly id: string } | undefined
    >()
  })
})

describe('helpers and errors', () => {
  it('reads capabilities and names its error codes', () => {
    expectTypeOf(clientSupportsTerminalOutput).parameters.toEqualTypeOf<
      [ClientCapabilities | null | undefined]
    >()
    expectTypeOf(clientSupportsTerminalOutput).returns.toEqualTypeOf<boolean>()
    expectTypeOf<AcpBridgeErrorCode>().toEqualTypeOf<
      'INVALID_CONTEXT' | 'INVALID_OPTIONS' | 'INVALID_PERMISSION_RESPONSE' | 'UNSUPPORTED_OUTCOME'
    >()
    expectTypeOf<AcpBridgeError['code']>().toEqualTypeOf<AcpBridgeErrorCode>()
    expectTypeOf<AcpBridgeError['name']>().toEqualTypeOf<'AcpBridgeError'>()
    expectTypeOf<AcpBridgeError>().toExtend<Error>()
  })
})
